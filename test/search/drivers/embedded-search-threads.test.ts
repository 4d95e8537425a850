import t from 'tap';
import { join } from 'node:path';
import { InvalidError, UnavailableError } from '../../../core/plugin/kit.js';
import type { SearchRequest, SearchResponse } from '../../../core/plugin/search-driver.js';
import { openSqliteSearchIndex } from '../../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { waitWhileEqual } from '../../helpers/wait-async.js';

const DOCS = [
  { id: 'a', title: 'The quick brown fox', tags: ['animals', 'fast'], price: 10, modDate: '2024-01-10T08:00:00.000Z' },
  { id: 'b', title: 'Lazy afternoons', tags: ['animals'], price: 25.5, modDate: '2024-03-01T12:00:00.000Z' },
  { id: 'c', title: 'Quarterly report', tags: [], price: 100, modDate: '2024-06-15T00:00:00.000Z' },
];

const withoutTook = ({ took: _took, ...rest }: SearchResponse) => rest;
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** A hold for the search threads: see `SearchWorkerData.hold`. */
function hold() {
  const buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const numbers = new Int32Array(buffer);
  return {
    buffer,
    engage: () => Atomics.store(numbers, 0, 1),
    release: () => Atomics.store(numbers, 0, 0),
    /** Resolves once `n` searches have come to the hold. */
    reached: async (n: number) => {
      for (let seen = Atomics.load(numbers, 1); seen < n; seen = Atomics.load(numbers, 1))
        await waitWhileEqual(numbers, 1, seen);
    },
    /** The thread of the last search. */
    thread: () => Atomics.load(numbers, 2),
  };
}

t.test('searches in a search thread answer as the calling thread does, errors included', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const inThread = openSqliteSearchIndex(file, { workers: 1 });
  t.teardown(() => inThread.close());
  const here = openSqliteSearchIndex(file);
  t.teardown(() => here.close());
  await inThread.index(DOCS);
  const requests: SearchRequest[] = [
    {},
    { query: { match: { title: 'fox' } } },
    { query: { wildcard: { title: '*a*' } }, sort: [{ price: 'desc' }], from: 1, size: 1 },
    {
      aggs: {
        tags: { terms: { field: 'tags' } },
        months: { date_histogram: { field: 'moddate', calendar_interval: 'month' } },
      },
    },
    { size: 0, suggest: { s: { text: 'quik', term: { field: 'title' } } } },
  ];
  for (const request of requests)
    t.same(
      withoutTook(await inThread.search(request)),
      withoutTook(await here.search(request)),
      JSON.stringify(request),
    );
  const invalid = await failureOf(inThread.search({ query: { fuzzy: { title: 'x' } } }));
  t.ok(invalid instanceof InvalidError, 'the kit’s class, across the thread');
  t.equal((invalid as InvalidError).details[0]?.fieldName, 'query.fuzzy');
  const window = await failureOf(inThread.search({ from: 10_000, size: 1 }));
  t.ok(window instanceof InvalidError);
  t.equal((window as InvalidError).code, 'SEARCH_RESULT_WINDOW_TOO_LARGE');
});

t.test('search threads read the set a rebuild swapped in', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file, { workers: 1 });
  t.teardown(() => index.close());
  await index.index(DOCS);
  t.equal((await index.search({})).hits.total.value, 3);
  const rebuild = await index.rebuild();
  await rebuild.index([{ id: 'z', title: 'rebuilt' }]);
  await rebuild.complete();
  t.same(
    (await index.search({})).hits.hits.map((h) => h._id),
    ['z'],
  );
});

t.test('the calling thread is free while a search works in its thread', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const held = hold();
  const index = openSqliteSearchIndex(file, { workers: 1, hold: held.buffer });
  t.teardown(() => index.close());
  await index.index(DOCS);
  held.engage();
  const searching = index.search({ query: { wildcard: { title: '*o*' } } });
  await held.reached(1);
  // The search is under way (held in its thread): this thread still writes, and timers still fire.
  await index.index([{ id: 'd', title: 'Written meanwhile' }]);
  await new Promise((resolve) => setImmediate(resolve));
  held.release();
  t.equal((await searching).hits.total.value, 3, 'the search then answers');
});

t.test('a search past its budget is refused and stopped with its thread; the next runs in a fresh one', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const held = hold();
  // The budget runs from when a thread takes the search; a held search never ends by itself.
  const limits = { maxResultWindow: 10_000, timeoutMs: 300 };
  const index = openSqliteSearchIndex(file, { workers: 1, hold: held.buffer, limits });
  t.teardown(() => index.close());
  await index.index(DOCS);
  await index.search({});
  const first = held.thread();
  held.engage();
  const refused = await failureOf(index.search({ query: { wildcard: { title: '*o*' } } }));
  t.ok(refused instanceof UnavailableError);
  t.equal((refused as UnavailableError).code, 'SEARCH_TIMED_OUT');
  t.match((refused as Error).message, /300 ms/);
  held.release();
  t.equal((await index.search({})).hits.total.value, 3);
  t.not(held.thread(), first, 'the held search’s thread was terminated: the work is abandoned, not left running');
});
