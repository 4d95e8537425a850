import type { Test } from 'tap';
import { InvalidError } from '../../../core/plugin/kit.js';
import type { SearchDocument, SearchIndex, SearchRequest } from '../../../core/plugin/search-driver.js';
import { aggregationAndSuggestSuite } from './search-driver-suite-aggs.js';
import { luceneAndScoringSuite } from './search-driver-suite-lucene.js';
import { rebuildSuite } from './search-driver-suite-rebuild.js';
import { SEMANTICS_DOCS, SEMANTICS_ROWS } from './search-semantics-rows.js';

/** How a suite run opens an index: the same `location` twice opens the same (persistent) index. */
export interface SearchSuiteTarget {
  open(location: string): Promise<SearchIndex>;
  /** A fresh location for one test (a data directory, an index name). */
  location(t: Test): string;
}

const DOCS: SearchDocument[] = [
  {
    id: 'a',
    Title: 'The quick brown fox',
    catchall: 'The quick brown fox jumps over the lazy dog',
    contentType: 'Blog',
    tags: ['animals', 'fast'],
    price: 10,
    published: true,
    modDate: '2024-01-10T08:00:00.000Z',
  },
  {
    id: 'b',
    Title: 'Lazy afternoons',
    catchall: 'Lazy afternoons with a lazy dog and a lazy cat',
    contentType: 'Blog',
    tags: ['animals'],
    price: 25.5,
    published: false,
    modDate: '2024-03-01T12:00:00.000Z',
  },
  {
    id: 'c',
    Title: 'Quarterly report',
    catchall: 'Quarterly report of the brown company',
    contentType: 'News',
    tags: [],
    price: 100,
    published: true,
    modDate: Date.parse('2024-06-15T00:00:00.000Z'),
    summary: null,
  },
  {
    id: 'd',
    Title: 'Fox news special',
    catchall: 'A special about the fox',
    contentType: 'News',
    price: 5,
    published: true,
    modDate: '2023-12-31T23:59:59.000Z',
    summary: 'short',
  },
];

const ids = (answer: { hits: { hits: Array<{ _id: string }> } }): string[] => answer.hits.hits.map((h) => h._id);
const fieldNameOf = (error: unknown): string | null | undefined =>
  error instanceof InvalidError ? error.details[0]?.fieldName : undefined;
const sorted = (list: string[]): string[] => [...list].sort();

/** What every search driver must do (the contract of `core/plugin/search-driver.ts`). */
export function searchDriverSuite(t: Test, target: SearchSuiteTarget): void {
  async function seeded(t: Test): Promise<SearchIndex> {
    const index = await target.open(target.location(t));
    t.teardown(() => index.close());
    await index.index(DOCS);
    await index.refresh?.();
    return index;
  }
  async function matching(index: SearchIndex, query: Record<string, unknown>): Promise<string[]> {
    return sorted(ids(await index.search({ query, size: 100 })));
  }

  t.test('the response has the Elasticsearch shape', async (t) => {
    const index = await seeded(t);
    const answer = await index.search({ query: { term: { _ID_: 'none' } } });
    t.equal(typeof answer.took, 'number');
    t.equal(answer.timed_out, false);
    t.same(answer.hits, { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] });
    const one = await index.search({ query: { term: { contentType: 'News' } }, size: 1 });
    t.equal(one.hits.total.value, 2, 'the total counts every match, not the page');
    t.equal(one.hits.hits.length, 1);
    const [hit] = one.hits.hits;
    t.equal(typeof hit?._index, 'string');
    t.equal(typeof hit?._score, 'number');
    t.same(
      hit?._source,
      DOCS.find((d) => d.id === hit?._id),
      '_source is the document as given',
    );
  });

  t.test('match_all, and a request without a query, match everything', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { match_all: {} }), ['a', 'b', 'c', 'd']);
    t.equal((await index.search({})).hits.total.value, 4);
  });

  t.test('term and terms: exact values, case-insensitive field names, numbers and booleans', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { term: { contenttype: 'Blog' } }), ['a', 'b']);
    t.same(await matching(index, { term: { CONTENTTYPE: { value: 'News' } } }), ['c', 'd']);
    t.same(await matching(index, { term: { contentType: 'blog' } }), [], 'values are exact');
    t.same(await matching(index, { term: { price: 100 } }), ['c']);
    t.same(await matching(index, { term: { published: false } }), ['b']);
    t.same(await matching(index, { term: { tags: 'fast' } }), ['a'], 'one value of an array matches');
    t.same(await matching(index, { terms: { tags: ['fast', 'animals'] } }), ['a', 'b']);
    t.same(await matching(index, { terms: { title: ['special', 'afternoons'] } }), ['b', 'd'], 'title: its words');
    t.same(
      await matching(index, { term: { modDate: '2024-06-15T00:00:00.000Z' } }),
      ['c'],
      'a date finds the instant given as epoch milliseconds',
    );
    t.same(
      await matching(index, { term: { modDate: Date.parse('2024-01-10T08:00:00.000Z') } }),
      ['a'],
      'and the other way',
    );
    t.same(await matching(index, { terms: { moddate: ['2024-01-10T08:00:00Z', '2023-12-31T23:59:59Z'] } }), ['a', 'd']);
  });

  t.test('term, terms, prefix, wildcard and range on analysed and exact members (docs/search.md)', async (t) => {
    const index = await target.open(target.location(t));
    t.teardown(() => index.close());
    await index.index(SEMANTICS_DOCS);
    await index.refresh?.();
    for (const row of SEMANTICS_ROWS) t.same(await matching(index, row.query), row.matches, row.name);
  });

  t.test('match and match_phrase search words, better matches first', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { match: { title: 'FOX' } }), ['a', 'd'], 'words are case-insensitive');
    t.same(await matching(index, { match: { catchall: 'lazy cat' } }), ['a', 'b'], 'or by default');
    t.same(await matching(index, { match: { catchall: { query: 'lazy cat', operator: 'and' } } }), ['b']);
    const lazy = await index.search({ query: { match: { catchall: 'lazy' } } });
    t.same(ids(lazy), ['b', 'a'], 'the document with more of the word first');
    t.ok(lazy.hits.hits[0]!._score! > lazy.hits.hits[1]!._score!);
    t.equal(lazy.hits.max_score, lazy.hits.hits[0]!._score);
    t.same(await matching(index, { match_phrase: { catchall: 'brown fox' } }), ['a']);
    t.same(await matching(index, { match_phrase: { catchall: 'fox brown' } }), []);
    t.same(
      await matching(index, { match: { catchall: '"fox" OR NOT *' } }),
      ['a', 'd'],
      'no FTS syntax reaches the engine',
    );
  });

  t.test('prefix and wildcard (per word on title: see the semantics rows)', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { prefix: { title: 'qua' } }), ['c']);
    t.same(await matching(index, { prefix: { title: { value: 'spec' } } }), ['d']);
    t.same(await matching(index, { wildcard: { title: '*rown' } }), ['a']);
    t.same(await matching(index, { wildcard: { title: { value: 'l?zy*' } } }), ['b']);
    t.same(await matching(index, { wildcard: { tags: 'a*s' } }), ['a', 'b']);
  });

  t.test('range on numbers and on dates (ISO strings and epoch milliseconds)', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { range: { price: { gte: 10, lt: 100 } } }), ['a', 'b']);
    t.same(await matching(index, { range: { price: { gt: 10 } } }), ['b', 'c']);
    t.same(await matching(index, { range: { moddate: { gte: '2024-01-01T00:00:00Z' } } }), ['a', 'b', 'c']);
    t.same(await matching(index, { range: { modDate: { lte: '2024-01-10T08:00:00.000Z' } } }), ['a', 'd']);
    t.same(
      await matching(index, { range: { modDate: { gt: '2024-03-01', lt: '2025-01-01' } } }),
      ['c'],
      'a date without a time as a gt (or lte) bound is the end of that day, as Elasticsearch rounds it',
    );
    t.same(
      await matching(index, { range: { modDate: { gte: '2024-03-01', lte: '2024-03-01' } } }),
      ['b'],
      'the whole day',
    );
    t.same(await matching(index, { range: { price: { gte: '10', lte: '25.5' } } }), ['a', 'b'], 'numbers as strings');
  });

  t.test('exists: null and empty arrays are absent', async (t) => {
    const index = await seeded(t);
    t.same(await matching(index, { exists: { field: 'SUMMARY' } }), ['d']);
    t.same(await matching(index, { exists: { field: 'tags' } }), ['a', 'b']);
  });

  t.test('bool: must, filter, must_not, should and minimum_should_match', async (t) => {
    const index = await seeded(t);
    t.same(
      await matching(index, {
        bool: { must: [{ match: { catchall: 'fox' } }], filter: [{ term: { contentType: 'News' } }] },
      }),
      ['d'],
    );
    t.same(await matching(index, { bool: { must_not: { term: { contentType: 'Blog' } } } }), ['c', 'd']);
    t.same(
      await matching(index, { bool: { should: [{ term: { price: 5 } }, { term: { price: 10 } }] } }),
      ['a', 'd'],
      'should alone: one must match',
    );
    t.same(
      await matching(index, {
        bool: { filter: { term: { published: true } }, should: [{ term: { contentType: 'Blog' } }] },
      }),
      ['a', 'c', 'd'],
      'should beside a filter is optional',
    );
    t.same(
      await matching(index, {
        bool: {
          should: [{ term: { contentType: 'Blog' } }, { term: { published: true } }, { range: { price: { lt: 20 } } }],
          minimum_should_match: 2,
        },
      }),
      ['a', 'd'],
    );
    t.same(
      await matching(index, {
        bool: {
          must: { bool: { should: [{ term: { price: 5 } }, { term: { price: 100 } }] } },
          must_not: { prefix: { title: 'qua' } },
        },
      }),
      ['d'],
      'nested bools',
    );
    const scored = await index.search({
      query: { bool: { filter: { term: { contentType: 'Blog' } }, should: [{ match: { catchall: 'lazy' } }] } },
    });
    t.same(ids(scored), ['b', 'a'], 'should clauses score');
  });

  t.test('sort, paging and totals', async (t) => {
    const index = await seeded(t);
    const byPrice = await index.search({ sort: [{ price: 'desc' }], size: 2 });
    t.same(ids(byPrice), ['c', 'b']);
    t.equal(byPrice.hits.total.value, 4);
    t.equal(byPrice.hits.hits[0]!._score, null, 'sorted by a field: no score');
    t.same(byPrice.hits.hits[0]!.sort, [100]);
    t.same(ids(await index.search({ sort: [{ price: 'desc' }], from: 2, size: 2 })), ['a', 'd']);
    t.same(ids(await index.search({ sort: [{ price: 'desc' }], from: 4 })), []);
    t.same(ids(await index.search({ sort: ['title'] })), ['d', 'b', 'c', 'a']);
    t.same(ids(await index.search({ sort: [{ contentType: { order: 'asc' } }, { Price: { order: 'asc' } }] })), [
      'a',
      'b',
      'd',
      'c',
    ]);
    t.same(
      ids(await index.search({ sort: [{ summary: 'asc' }, { price: 'asc' }] })),
      ['d', 'a', 'b', 'c'],
      'missing last',
    );
    t.same(ids(await index.search({ query: { match: { catchall: 'lazy' } }, sort: ['_score'] })), ['b', 'a']);
  });

  t.test(
    'sort by one field: smallest value up, largest down, ties and documents without it in index order',
    async (t) => {
      const index = await seeded(t);
      await index.index([{ id: 'e', tags: ['zebra', 'ant'] }]);
      await index.refresh?.();
      t.same(ids(await index.search({ sort: [{ tags: 'asc' }] })), ['a', 'b', 'e', 'c', 'd']);
      const down = await index.search({ sort: [{ tags: 'desc' }], size: 2 });
      t.same(ids(down), ['e', 'a']);
      t.same(down.hits.hits[0]!.sort, ['zebra']);
      t.same(ids(await index.search({ sort: [{ tags: 'desc' }], from: 2, size: 2 })), ['b', 'c']);
      t.same(ids(await index.search({ sort: [{ tags: 'desc' }], from: 4, size: 2 })), ['d']);
      t.same(ids(await index.search({ sort: [{ summary: 'asc' }], from: 1, size: 2 })), ['a', 'b'], 'missing last');
      t.same(
        ids(await index.search({ query: { term: { contentType: 'News' } }, sort: [{ price: 'asc' }] })),
        ['d', 'c'],
        'among the matches only',
      );
    },
  );

  t.test('index replaces a document with the same id; remove deletes', async (t) => {
    const index = await seeded(t);
    await index.index([{ id: 'a', Title: 'Replaced', contentType: 'Page' }]);
    await index.refresh?.();
    t.same(await matching(index, { term: { contentType: 'Blog' } }), ['b']);
    t.same(await matching(index, { match: { title: 'fox' } }), ['d'], 'old words are gone');
    t.same(await matching(index, { match: { title: 'replaced' } }), ['a']);
    t.equal((await index.search({})).hits.total.value, 4);
    await index.remove(['b', 'unknown']);
    await index.refresh?.();
    t.same(await matching(index, { match_all: {} }), ['a', 'c', 'd']);
    t.same(await matching(index, { match: { catchall: 'lazy' } }), [], 'removed text is gone');
  });

  t.test('a batch with a bad document is refused whole', async (t) => {
    const index = await seeded(t);
    const bad = { id: 'e', nested: { no: 1 } } as unknown as SearchDocument;
    const error = await index.index([{ id: 'f', title: 'fine' }, bad]).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(error instanceof InvalidError);
    t.equal(fieldNameOf(error), 'nested');
    await index.refresh?.();
    t.same(await matching(index, { term: { id: 'f' } }), []);
  });

  t.test('terms aggregation', async (t) => {
    const index = await seeded(t);
    const answer = await index.search({ size: 0, aggs: { types: { terms: { field: 'CONTENTTYPE', size: 1 } } } });
    t.same(answer.hits.hits, []);
    t.same(answer.aggregations, {
      types: { doc_count_error_upper_bound: 0, sum_other_doc_count: 2, buckets: [{ key: 'Blog', doc_count: 2 }] },
    });
  });

  t.test('malformed or unsupported requests are InvalidErrors naming the member', async (t) => {
    const index = await seeded(t);
    const cases: Array<[SearchRequest, string]> = [
      [{ query: { fuzzy: { title: 'fox' } } }, 'query.fuzzy'],
      [{ query: { bool: { must: [{ match_all: {} }, { more_like_this: {} }] } } }, 'query.bool.must[1].more_like_this'],
      [{ query: { bool: { shoud: [] } } }, 'query.bool.shoud'],
      [{ query: { term: { a: 1 }, match: { b: 'x' } } }, 'query'],
      [{ query: { range: { price: { from: 1 } } } }, 'query.range.price.from'],
      [{ query: { term: { title: { value: 'x', fuzziness: 2 } } } }, 'query.term.title.fuzziness'],
      [{ suggest: { s: { text: 'fo' } } }, 'suggest.s'],
      [{ suggest: { s: { text: 'fo', phrase: { field: 'title' } } } }, 'suggest.s.phrase'],
      [{ suggest: { s: { text: 'fo', term: { field: 'title', fuzziness: 1 } } } }, 'suggest.s.term.fuzziness'],
      [{ query: { query_string: { query: 'fox', default_operator: 'AND' } } }, 'query.query_string.default_operator'],
      [{ query: { match: { title: { query: 'fox', boost: 'high' } } } }, 'query.match.title.boost'],
      [{ query: { match_phrase: { title: { query: 'fox', slop: -1 } } } }, 'query.match_phrase.title.slop'],
      [{ aggs: { h: { date_histogram: { field: 'moddate' } } } }, 'aggs.h.date_histogram'],
      [
        { aggs: { h: { date_histogram: { field: 'moddate', calendar_interval: '2d' } } } },
        'aggs.h.date_histogram.calendar_interval',
      ],
      [
        { aggs: { h: { date_histogram: { field: 'moddate', fixed_interval: '1w' } } } },
        'aggs.h.date_histogram.fixed_interval',
      ],
      [
        { aggs: { h: { date_histogram: { field: 'moddate', fixed_interval: '1d', format: 'yyyy' } } } },
        'aggs.h.date_histogram.format',
      ],
      [
        { aggregations: { h: { date_histogram: { field: 'moddate', calendar_interval: 'day', min_doc_count: -1 } } } },
        'aggregations.h.date_histogram.min_doc_count',
      ],
      [
        {
          aggs: {
            by_day: {
              date_histogram: { field: 'moddate', calendar_interval: 'day' },
              aggs: { x: { avg: { field: 'price' } } },
            },
          },
        },
        'aggs.by_day.aggs.x.avg',
      ],
      [
        {
          aggs: {
            t: {
              terms: { field: 'tags' },
              aggs: {
                h: {
                  date_histogram: { field: 'moddate', calendar_interval: 'day' },
                  aggs: { deeper: { terms: { field: 'tags' } } },
                },
              },
            },
          },
        },
        'aggs.t.aggs.h.aggs',
      ],
      [{ aggs: { t: { terms: { field: 'tags' } } }, aggregations: {} }, 'aggregations'],
      [
        { aggs: { t: { terms: { field: 'tags' }, date_histogram: { field: 'moddate', calendar_interval: 'day' } } } },
        'aggs.t.date_histogram',
      ],
      [{ highlight: {} }, 'highlight'],
      [{ aggs: { a: { avg: { field: 'price' } } } }, 'aggs.a.avg'],
      [{ size: -1 }, 'size'],
      [{ from: 'x' } as unknown as SearchRequest, 'from'],
      [{ sort: [{ price: 'up' }] }, 'sort[0].price'],
    ];
    for (const [request, member] of cases) {
      const error = await index.search(request).then(
        () => undefined,
        (e: unknown) => e,
      );
      t.ok(error instanceof InvalidError, `${member}: an InvalidError`);
      t.equal(fieldNameOf(error), member, JSON.stringify(request));
    }
  });

  t.test('a window past the limit (10,000 by default) is refused with its code, naming the limit', async (t) => {
    const index = await seeded(t);
    t.equal((await index.search({ from: 9_990, size: 10 })).hits.hits.length, 0, 'up to the limit is answered');
    for (const request of [{ from: 9_991, size: 10 }, { size: 10_001 }, { from: 10_001, size: 0 }]) {
      const error = await index.search(request).then(
        () => undefined,
        (e: unknown) => e,
      );
      t.ok(error instanceof InvalidError, JSON.stringify(request));
      t.equal((error as InvalidError).code, 'SEARCH_RESULT_WINDOW_TOO_LARGE');
      t.equal(fieldNameOf(error), 'size');
      t.match((error as Error).message, /10000/);
    }
  });

  t.test('an index persists across close and reopen', async (t) => {
    const location = target.location(t);
    const first = await target.open(location);
    await first.index(DOCS);
    await first.close();
    const second = await target.open(location);
    t.teardown(() => second.close());
    t.same(sorted(ids(await second.search({ query: { match: { catchall: 'fox' } } }))), ['a', 'd']);
  });

  luceneAndScoringSuite(t, target);
  aggregationAndSuggestSuite(t, target);
  rebuildSuite(t, target);
}
