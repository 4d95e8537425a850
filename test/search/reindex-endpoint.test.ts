import t from 'tap';
import { startTestApp, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';
import { eventually, fireSystem, indexedIds, searchIndexOf } from './search-helpers.js';

/**
 * Holds the reindex before its first page: pages are read inside the dispatcher's `exclusive`, so
 * work queued there first keeps the reindex "running" until `release`.
 */
function holdIndexing(s: TestApp): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  void s.app.services.indexDispatcher.exclusive(() => gate);
  return release;
}

testOnSqlite('POST /api/v1/search/reindex rebuilds the index in the background; GET follows it', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Page', ['title']);
  const ids: string[] = [];
  for (const title of ['One', 'Two', 'Three'])
    ids.push((await fireSystem(s, 'NEW', { contentType: 'Page', title })).identifier);
  const documents = await indexedIds(s);
  t.equal(documents.length, 3);
  await searchIndexOf(s).remove(documents); // an index that lost its contents
  t.strictSame(await indexedIds(s), []);

  const idle = await s.http('GET', '/api/v1/search/reindex', { headers: admin });
  t.equal(idle.status, 200);
  t.match(idle.json.entity, { state: 'idle', total: 0, done: 0, startedAt: null, finishedAt: null, error: null });

  const release = holdIndexing(s);
  const started = await s.http('POST', '/api/v1/search/reindex', { headers: admin });
  t.equal(started.status, 202, started.text);
  t.match(started.json.entity, { state: 'running', done: 0, startedAt: Number, finishedAt: null, error: null });
  const again = await s.http('POST', '/api/v1/search/reindex', { headers: admin });
  t.equal(again.status, 409, 'one reindex at a time');
  t.match(again.json.errors[0], { errorCode: 'SEARCH_REINDEX_RUNNING' });
  t.equal((await s.http('GET', '/api/v1/search/reindex', { headers: admin })).json.entity.state, 'running');
  release();

  let last: Record<string, unknown> = {};
  t.ok(
    await eventually(async () => {
      last = (await s.http('GET', '/api/v1/search/reindex', { headers: admin })).json.entity;
      return last.state !== 'running';
    }),
  );
  t.match(last, { state: 'completed', total: 3, done: 3, finishedAt: Number, error: null });
  t.strictSame(await indexedIds(s), documents, 'every item is searchable again');
  t.equal(ids.length, 3);
});

testOnSqlite('the reindex endpoints are for administrators, also under the original paths', async (t, s) => {
  await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'plain@example.com', firstName: 'Plain', lastName: 'User', password: 'a-long-user-password-1' },
  });
  const plain = s.basicAuth('plain@example.com', 'a-long-user-password-1');
  for (const path of ['/api/v1/search/reindex', '/api/v1/esindex/reindex'])
    for (const method of ['GET', 'POST']) {
      t.equal((await s.http(method, path)).status, 401, `${method} ${path}: anonymous`);
      t.equal((await s.http(method, path, { headers: plain })).status, 403, `${method} ${path}: not an administrator`);
    }
  const original = await s.http('POST', '/api/v1/esindex/reindex', { headers: s.basicAuth() });
  t.equal(original.status, 202, original.text);
  const progress = await s.http('GET', '/api/v1/esindex/reindex', { headers: s.basicAuth() });
  t.equal(progress.status, 200);
  t.match(progress.json.entity, { state: /running|completed/, startedAt: original.json.entity.startedAt });
  t.not((await s.http('GET', '/api/v1/search/reindex', { headers: s.basicAuth() })).json.entity.state, 'idle');
});

t.test('with indexing workers, a reindex has them build the documents and fills the index again', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_SEARCH_INDEX_WORKERS: '1' } }))!;
  const admin = s.basicAuth();
  await textContentType(s, 'Page', ['title']);
  for (const title of ['One', 'Two', 'Three']) await fireSystem(s, 'NEW', { contentType: 'Page', title });
  const documents = await indexedIds(s);
  t.equal(documents.length, 3);
  await searchIndexOf(s).remove(documents);
  t.equal((await s.http('POST', '/api/v1/search/reindex', { headers: admin })).status, 202);
  let last: Record<string, unknown> = {};
  t.ok(
    await eventually(async () => {
      last = (await s.http('GET', '/api/v1/search/reindex', { headers: admin })).json.entity;
      return last.state !== 'running';
    }),
  );
  t.match(last, { state: 'completed', total: 3, done: 3, error: null });
  t.strictSame(await indexedIds(s), documents, 'every item is searchable again');
});
