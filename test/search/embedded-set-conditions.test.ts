import t from 'tap';
import { join } from 'node:path';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../helpers/test-app.js';

// Conditions on values whole name sets share (a type, a language, `live`) are intersected into one
// condition on the documents' sets when a bool has several (compile-query.ts, `intersectingSets`),
// nested bools included: the documents found must be those each condition finds.
t.test('several conditions on shared values find the documents all of them hold', async (t) => {
  const search = openSqliteSearchIndex(join(tempDataDir(t), 'index.db'));
  t.teardown(() => search.close());
  const docs = Array.from({ length: 96 }, (_, i) => {
    const doc = {
      id: `s${i}`,
      contenttype: ['blog', 'news', 'event'][i % 3]!,
      languageid: String(1 + (Math.floor(i / 3) % 2)),
      live: Math.floor(i / 6) % 2 === 0,
      n: i,
    };
    // A member of its own per combination: each is a family of documents (name-sets.ts) whose
    // sets share those values, as a content type's documents share theirs.
    return { ...doc, [`of_${doc.contenttype}_${doc.languageid}_${doc.live}`]: 'x' };
  });
  // In batches, so that sets are made as a type's documents arrive, not all at once.
  for (let i = 0; i < docs.length; i += 16) await search.index(docs.slice(i, i + 16));
  const ids = async (query: Record<string, unknown>, sort?: Array<Record<string, unknown>>) =>
    (await search.search({ query, size: 100, ...(sort ? { sort } : {}) })).hits.hits.map((h) => h._id).sort();
  const expected = (keep: (d: (typeof docs)[number]) => boolean) =>
    docs
      .filter(keep)
      .map((d) => d.id)
      .sort();
  const news1Live = expected((d) => d.contenttype === 'news' && d.languageid === '1' && d.live);
  t.ok(news1Live.length > 0);
  const flat = {
    bool: {
      must: [{ term: { contenttype: 'news' } }, { term: { languageid: '1' } }],
      filter: [{ term: { live: true } }],
    },
  };
  t.same(await ids(flat), news1Live, 'must and filter together');
  const nested = {
    bool: {
      must: [{ bool: { must: [{ term: { contenttype: 'news' } }, { term: { languageid: '1' } }] } }],
      filter: [{ term: { live: true } }],
    },
  };
  t.same(await ids(nested), news1Live, 'a bool of them inside another');
  t.same(await ids(nested, [{ n: 'desc' }]), news1Live, 'sorted by a field');
  const either = { bool: { must: [{ terms: { contenttype: ['news', 'event'] } }, { term: { live: false } }] } };
  t.same(
    await ids(either),
    expected((d) => d.contenttype !== 'blog' && !d.live),
    'several values of one',
  );
  const notOne = {
    bool: {
      must: [{ term: { languageid: '2' } }, { term: { live: true } }],
      must_not: [{ term: { contenttype: 'blog' } }],
    },
  };
  t.same(
    await ids(notOne),
    expected((d) => d.languageid === '2' && d.live && d.contenttype !== 'blog'),
    'beside must_not',
  );
  const none = { bool: { must: [{ term: { contenttype: 'news' } }, { term: { contenttype: 'blog' } }] } };
  t.same(await ids(none), [], 'sets that hold both: none');
  const withOther = {
    bool: {
      must: [{ term: { contenttype: 'event' } }, { range: { n: { gte: 50 } } }],
      filter: [{ term: { live: true } }],
    },
  };
  t.same(
    await ids(withOther),
    expected((d) => d.contenttype === 'event' && d.n >= 50 && d.live),
    'beside a condition on values of their own',
  );
  const { hits } = await search.search({ query: flat, size: 0 });
  t.equal(hits.total.value, news1Live.length, 'counted');
});
