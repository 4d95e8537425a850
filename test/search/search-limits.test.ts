import t from 'tap';
import { embeddedSearchTestHooks } from '../../plugins/search/embedded/test-hooks.js';
import { startTestApp, textContentType, type TestApp } from '../helpers/test-app.js';
import { waitWhileEqual } from '../helpers/wait-async.js';
import { fireSystem } from './search-helpers.js';

const es = (s: TestApp, path: string, body: unknown) => s.http('POST', path, { headers: s.basicAuth(), body });

/** The first error of an answer: its status and catalogue code. */
const refusal = (answer: {
  status: number;
  json: { errors?: Array<{ errorCode: string; fieldName: string | null }> };
}) => ({
  status: answer.status,
  code: answer.json.errors?.[0]?.errorCode,
});

async function blogs(s: TestApp): Promise<void> {
  await textContentType(s, 'Blog', ['title']);
  for (const title of ['Hello World', 'Hello Again']) {
    const { identifier } = await fireSystem(s, 'NEW', { contentType: 'Blog', title });
    await fireSystem(s, 'PUBLISH', { identifier });
  }
}

t.test('a window past search.max.result.window is refused by every search entry point', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_SEARCH_MAX_RESULT_WINDOW: '50' } }))!;
  await blogs(s);
  for (const path of ['/api/es/search', '/api/es/raw']) {
    t.equal((await es(s, path, { query: { match_all: {} }, from: 40, size: 10 })).status, 200, `${path}: up to it`);
    const refused = await es(s, path, { query: { match_all: {} }, from: 41, size: 10 });
    t.same(refusal(refused), { status: 400, code: 'SEARCH_RESULT_WINDOW_TOO_LARGE' }, path);
    t.match(refused.json.errors[0].message, /must not exceed 50 \(search\.max\.result\.window\)/);
    t.equal(refused.json.errors[0].fieldName, 'size');
  }
  const content = (limit: number, offset: number) =>
    es(s, '/api/content/_search', { query: '+contentType:Blog', limit, offset });
  t.equal((await content(40, 10)).status, 200);
  t.same(refusal(await content(40, 11)), { status: 400, code: 'SEARCH_RESULT_WINDOW_TOO_LARGE' }, 'limit + offset');
});

t.test('10,000 by default, as Elasticsearch', async (t) => {
  const s = (await startTestApp(t))!;
  t.same(refusal(await es(s, '/api/es/raw', { size: 10_001 })), {
    status: 400,
    code: 'SEARCH_RESULT_WINDOW_TOO_LARGE',
  });
  t.same(refusal(await es(s, '/api/content/_search', { query: '*', limit: 10_000, offset: 1 })), {
    status: 400,
    code: 'SEARCH_RESULT_WINDOW_TOO_LARGE',
  });
});

t.test('embedded searches in search threads', async (t) => {
  const buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const hold = new Int32Array(buffer);
  embeddedSearchTestHooks.hold = buffer;
  t.teardown(() => void (embeddedSearchTestHooks.hold = undefined));
  // One thread; a held search never ends by itself, so the budget decides, however busy the machine.
  const s = (await startTestApp(t, {
    env: { CMS_SEARCH_EMBEDDED_WORKERS: '1', CMS_SEARCH_TIMEOUT_MS: '1000' },
  }))!;
  embeddedSearchTestHooks.hold = undefined;
  await blogs(s);
  const reached = async (n: number) => {
    for (let seen = Atomics.load(hold, 1); seen < n; seen = Atomics.load(hold, 1)) await waitWhileEqual(hold, 1, seen);
  };
  t.equal((await es(s, '/api/es/raw', { query: { match_all: {} } })).json.hits.total.value, 2, 'a thread started');

  t.test('users/current answers while a search works', async (t) => {
    Atomics.store(hold, 0, 1);
    const searching = es(s, '/api/es/search', { query: { wildcard: { 'blog.title': '*o*' } } });
    await reached(1);
    const current = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
    t.equal(current.status, 200, 'answered while the search is held in its thread');
    Atomics.store(hold, 0, 0);
    const found = await searching;
    t.equal(found.status, 200);
    t.equal(found.json.contentlets.length, 2);
  });

  t.test('a search past search.timeout.ms is refused, and its thread stopped', async (t) => {
    const first = Atomics.load(hold, 2);
    Atomics.store(hold, 0, 1);
    const refused = await es(s, '/api/es/raw', {
      suggest: { s: { text: 'helo wrld', term: { field: 'blog.title' } } },
    });
    t.same(refusal(refused), { status: 503, code: 'SEARCH_TIMED_OUT' });
    t.match(refused.json.errors[0].message, /budget of 1000 ms/);
    Atomics.store(hold, 0, 0);
    t.equal((await es(s, '/api/es/raw', {})).status, 200, 'the next search is answered');
    t.not(Atomics.load(hold, 2), first, 'by a fresh thread: the timed-out one was terminated');
  });
});
