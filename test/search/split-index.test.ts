import t, { type Test } from 'tap';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startTestApp, tempDataDir, textContentType, type TestApp } from '../helpers/test-app.js';
import { eventually, fireSystem, indexedIds } from './search-helpers.js';

const REFUSED =
  /^Another process using this database keeps its search index at .+; this one would keep it at .+, and each would miss the other's changes\. Give every process the same index/;

/**
 * The environment of processes on one database: one SQLite file (`storage.sqlite.file`) or one
 * server database. Each process gets a data directory of its own, so by default an index of its own.
 */
async function sharedStorage(t: Test, storage: 'sqlite' | 'mysql'): Promise<Record<string, string> | undefined> {
  if (storage === 'sqlite') return { CMS_STORAGE_SQLITE_FILE: join(tempDataDir(t), 'cms.db') };
  const url = await createTestDatabase(t);
  return url ? { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url } : undefined;
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`a second process that would keep its own index is refused, on ${storage}`, async (t) => {
    const env = await sharedStorage(t, storage);
    if (!env) return;
    await startTestApp(t, { env });
    const dataDir = tempDataDir(t);
    const refused = await startTestApp(t, { dataDir, env }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    t.match(refused, REFUSED);
    t.match(refused, join(dataDir, 'search/index.db'), 'the message names the refused location');
  });

  t.test(`processes sharing the index file all start, on ${storage}`, async (t) => {
    const env = await sharedStorage(t, storage);
    if (!env) return;
    const index = { CMS_SEARCH_EMBEDDED_FILE: join(tempDataDir(t), 'index.db') };
    const a = (await startTestApp(t, { env: { ...env, ...index } }))!;
    const b = (await startTestApp(t, { env: { ...env, ...index } }))!;
    await textContentType(a, 'Note');
    const saved = await fireSystem(a, 'NEW', { contentType: 'Note', title: 'Shared' });
    t.strictSame(await indexedIds(b), [`${saved.identifier}_1_working`], 'what one indexes the other finds');
  });
}

/** Content on a data directory, then its index file deleted and the service started again. */
async function restartWithoutIndex(t: Test, env: Record<string, string>): Promise<{ s: TestApp; expected: string[] }> {
  const dataDir = tempDataDir(t);
  const first = (await startTestApp(t, { dataDir, env }))!;
  await textContentType(first, 'Note');
  for (const title of ['One', 'Two']) await fireSystem(first, 'NEW', { contentType: 'Note', title });
  const expected = await indexedIds(first);
  await first.app.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `search/index.db${suffix}`), { force: true });
  return { s: (await startTestApp(t, { dataDir, env }))!, expected };
}

t.test('an empty index beside content is rebuilt at start', async (t) => {
  const { s, expected } = await restartWithoutIndex(t, {});
  t.equal(expected.length, 2);
  t.ok(await eventually(async () => (await indexedIds(s)).length === 2), 'rebuilt in the background');
  t.strictSame(await indexedIds(s), expected);
});
