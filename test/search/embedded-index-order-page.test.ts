import t, { type Test } from 'tap';
import { join } from 'node:path';
import type { SearchIndex, SearchRequest } from '../../core/plugin/kit.js';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../helpers/test-app.js';

// Searches whose matches all score the same, sorted by score or `_doc`, are answered from a count
// and the first documents in index order (run-search.ts, `pageInIndexOrder`), without keeping the
// matches: the hits, their scores and the totals must be what keeping them gave.

const ids = Array.from({ length: 30 }, (_, i) => `d${String(i).padStart(2, '0')}`);

async function index(t: Test): Promise<SearchIndex> {
  const search = openSqliteSearchIndex(join(tempDataDir(t), 'index.db'));
  t.teardown(() => search.close());
  // One at a time: index order is the order written.
  for (const [i, id] of ids.entries()) await search.index([{ id, tag: i % 2 === 0 ? 'even' : 'odd', n: i }]);
  return search;
}

const hitsOf = async (search: SearchIndex, request: SearchRequest) => {
  const { hits } = await search.search(request);
  return {
    total: hits.total.value,
    max: hits.max_score,
    ids: hits.hits.map((h) => h._id),
    scores: hits.hits.map((h) => h._score),
  };
};

t.test('a term: its matches in index order, each scoring the same, the total all of them', async (t) => {
  const search = await index(t);
  const even = await hitsOf(search, { query: { term: { tag: 'even' } }, size: 5 });
  t.same(even.ids, ['d00', 'd02', 'd04', 'd06', 'd08']);
  t.equal(even.total, 15);
  t.same(even.scores, [1, 1, 1, 1, 1]);
  t.equal(even.max, 1);
  t.same(
    (await hitsOf(search, { query: { term: { tag: 'even' } }, from: 5, size: 5 })).ids,
    ['d10', 'd12', 'd14', 'd16', 'd18'],
    'the next page',
  );
  t.same(
    (await hitsOf(search, { query: { term: { tag: 'even' } }, from: 14, size: 5 })).ids,
    ['d28'],
    'the last, short',
  );
  t.same((await hitsOf(search, { query: { term: { tag: 'even' } }, from: 15, size: 5 })).ids, [], 'past the end');
});

t.test('boosts and filters: the score they all share is the one reported', async (t) => {
  const search = await index(t);
  const boosted = await hitsOf(search, { query: { term: { tag: { value: 'odd', boost: 2.5 } } }, size: 2 });
  t.same(boosted.ids, ['d01', 'd03']);
  t.same(boosted.scores, [2.5, 2.5]);
  t.equal(boosted.max, 2.5);
  const filtered = await hitsOf(search, { query: { bool: { filter: [{ term: { tag: 'odd' } }] } }, size: 2 });
  t.same(filtered.scores, [0, 0], 'a filter alone scores nothing');
  t.equal(filtered.max, 0);
  t.equal(filtered.total, 15);
  const none = await hitsOf(search, { query: { term: { tag: 'none' } }, size: 2 });
  t.same(none, { total: 0, max: null, ids: [], scores: [] }, 'no match: no best score');
});

t.test('match_all, and `_doc` descending', async (t) => {
  const search = await index(t);
  const all = await hitsOf(search, { query: { match_all: {} }, size: 3 });
  t.same(all.ids, ['d00', 'd01', 'd02']);
  t.equal(all.total, 30);
  const { hits } = await search.search({ query: { term: { tag: 'even' } }, sort: [{ _doc: 'desc' }], size: 3 });
  t.same(
    hits.hits.map((h) => h._id),
    ['d28', 'd26', 'd24'],
  );
  const sorts = hits.hits.map((h) => (h.sort as number[])[0]!);
  t.ok(sorts[0]! > sorts[1]! && sorts[1]! > sorts[2]!, 'each hit carries its place in the index, descending');
  t.same(
    (await search.search({ query: { term: { tag: 'even' } }, sort: ['_score', '_doc'], size: 2 })).hits.hits.map(
      (h) => h._id,
    ),
    ['d00', 'd02'],
    'score, then index order',
  );
});

t.test('a score that differs between matches still ranks them by score', async (t) => {
  const search = await index(t);
  const ranked = await hitsOf(search, {
    query: { bool: { should: [{ term: { tag: 'odd' } }, { term: { n: 4 } }, { term: { n: 5 } }] } },
    size: 3,
  });
  t.same(ranked.ids.slice(0, 1), ['d05'], 'two clauses matched outrank one');
  t.equal(ranked.total, 16);
});

// Sorted by one field, most documents matching: the page is read off the field's values with each
// document probed (`pageByProbing`), nothing kept; documents without the field come last.
t.test('a page sorted by one field when most documents match', async (t) => {
  const search = openSqliteSearchIndex(join(tempDataDir(t), 'index.db'));
  t.teardown(() => search.close());
  const docs = Array.from({ length: 200 }, (_, i) => ({
    id: `p${String(i).padStart(3, '0')}`,
    tag: i % 4 === 3 ? 'odd' : 'even',
    // Every tenth has no rank; ranks repeat (i % 50), so ties go by index order.
    ...(i % 10 === 9 ? {} : { rank: i % 50 }),
  }));
  await search.index(docs);
  const expected = (direction: 'asc' | 'desc') =>
    docs
      .filter((d) => d.tag === 'even')
      .map((d, order) => ({ id: d.id, rank: d.rank, order }))
      .sort((a, b) => {
        if (a.rank === undefined || b.rank === undefined)
          return a.rank === b.rank ? a.order - b.order : a.rank === undefined ? 1 : -1;
        return (direction === 'asc' ? a.rank - b.rank : b.rank - a.rank) || a.order - b.order;
      })
      .map((d) => d.id);
  for (const direction of ['asc', 'desc'] as const) {
    const all = expected(direction);
    const page = async (from: number, size: number) =>
      (await search.search({ query: { term: { tag: 'even' } }, sort: [{ rank: direction }], from, size })).hits;
    const first = await page(0, 7);
    t.equal(first.total.value, all.length, `${direction}: the total`);
    t.same(
      first.hits.map((h) => h._id),
      all.slice(0, 7),
      `${direction}: the first page`,
    );
    t.same(
      (await page(140, 20)).hits.map((h) => h._id),
      all.slice(140, 160),
      `${direction}: the last pages, those without a rank last`,
    );
  }
});
