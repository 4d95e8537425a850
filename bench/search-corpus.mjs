// The search benchmarks' items and searches: `Bench` items with words from a small vocabulary and
// fifty authors, loaded through Publish fires, and the kinds of search run on them. `call` is the
// service's administrator caller (adminCaller of lib.mjs).
import { ADMIN_JSON, PUBLISH_ACTION } from './lib.mjs';

const WORDS = ['spring', 'summer', 'autumn', 'winter', 'garden', 'market', 'river', 'mountain', 'city', 'harbour'];
const AUTHORS = Array.from({ length: 50 }, (_, i) => `Author ${i}`);

const words = (n, seed) => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');

/** The `n`th item: its contentletFormData. */
export const corpusItem = (n) => ({
  contentType: 'Bench',
  title: `Item ${n} ${words(2, n)}`,
  author: AUTHORS[n % 50],
  body: words(12, n),
});

/** How many `Bench` items the index holds. */
export const indexedCount = async (call) =>
  (await call('POST', '/api/es/raw', { query: { term: { contenttype: 'bench' } }, size: 0 })).hits.total.value;

/** Waits until the index holds at least `count` `Bench` items; gives up after `seconds`. */
export async function waitIndexed(call, count, seconds = 600) {
  const deadline = performance.now() + seconds * 1000;
  while ((await indexedCount(call)) < count) {
    if (performance.now() > deadline) throw new Error(`the index holds fewer than ${count} items after ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Fires Publish on `count` new items (corpusItem), 16 at a time; answers the seconds until all were
 * answered and, when `searchable`, until all are searchable.
 */
export async function publishAll(call, count, searchable) {
  const started = performance.now();
  const before = searchable ? await indexedCount(call) : 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      await call('PUT', `/api/v1/workflow/actions/${PUBLISH_ACTION}/fire`, { contentletFormData: corpusItem(n) });
      if (n % 10_000 === 0 && n > 0) process.stderr.write(`  ${n} fired\n`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const fired = (performance.now() - started) / 1000;
  if (searchable) await waitIndexed(call, before + count);
  return { fired, searchable: (performance.now() - started) / 1000 };
}

/** A bulk reindex of everything (`POST /api/v1/search/reindex`), to its end; answers its seconds. */
export async function reindex(call) {
  const started = performance.now();
  await call('POST', '/api/v1/search/reindex');
  for (;;) {
    const { entity } = await call('GET', '/api/v1/search/reindex');
    if (entity.state === 'completed') return (performance.now() - started) / 1000;
    if (entity.state === 'failed') throw new Error(`reindex failed: ${entity.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The kinds of search, by name: the endpoint and the body posted to it. */
export const SEARCHES = {
  term: ['term query', '/api/es/search', { query: { term: { 'bench.author_dotraw': 'author 7' } }, size: 10 }],
  queryString: [
    'query_string, trailing wildcard',
    '/api/es/search',
    { query: { query_string: { query: '+contentType:Bench +Bench.title:item\\ 12*' } }, size: 10 },
  ],
  phrase: ['phrase', '/api/es/search', { query: { match_phrase: { 'bench.body': 'garden river' } }, size: 10 }],
  terms: [
    'terms aggregation',
    '/api/es/raw',
    { size: 0, aggs: { authors: { terms: { field: 'bench.author_dotraw', size: 10 } } } },
  ],
  dateHistogram: [
    'date histogram',
    '/api/es/raw',
    { size: 0, aggs: { per_minute: { date_histogram: { field: 'moddate', fixed_interval: '1m' } } } },
  ],
  suggestion: [
    'term suggestion',
    '/api/es/raw',
    { size: 0, suggest: { fix: { text: 'gardn rivr', term: { field: 'bench.body' } } } },
  ],
  contentSearch: [
    'content search API (client)',
    '/api/content/_search',
    {
      query: '+contentType:Bench +languageId:1 +live:true +Bench.title:item*',
      sort: 'modDate desc',
      limit: 10,
      offset: 0,
      depth: 0,
    },
  ],
};

/** autocannon options posting the search `[name, path, body]` to the service at `base`. */
export const searchLoad = (base, [, path, body]) => ({
  url: base + path,
  method: 'POST',
  headers: { ...ADMIN_JSON },
  body: JSON.stringify(body),
});
