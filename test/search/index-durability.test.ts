import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startService } from '../helpers/service-process.js';
import { ADMIN, tempDataDir } from '../helpers/test-app.js';

const auth = { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` };

async function call(url: string, method: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(url + path, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as any;
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** What the stored queue holds, read from the database itself. */
async function queuedEntries(dataDir: string, mysqlUrl: string | undefined): Promise<number> {
  const sql = 'SELECT COUNT(*) AS n FROM search_index_queue';
  if (!mysqlUrl) {
    const db = new Database(join(dataDir, 'cms.db'), { readonly: true });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const connection = await mysql.createConnection(mysqlUrl);
  try {
    const [rows] = await connection.query(sql);
    return Number((rows as Array<{ n: number }>)[0]!.n);
  } finally {
    await connection.end();
  }
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function durability(t: Test, storage: 'sqlite' | 'mysql') {
  const dataDir = tempDataDir(t);
  const mysqlUrl = storage === 'mysql' ? await createTestDatabase(t) : undefined;
  if (storage === 'mysql' && !mysqlUrl) return;
  const env: Record<string, string> = {
    CMS_DATA_DIR: dataDir,
    // The deferred batch surely has not run when the process is killed.
    CMS_SEARCH_INDEX_DEFER_MS: '60000',
    ...(mysqlUrl ? { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: mysqlUrl } : {}),
  };
  const first = await startService(t, env, ADMIN.password);
  await call(first.url, 'POST', '/api/v1/contenttype', { clazz: 'SimpleContentType', name: 'Memo', variable: 'Memo' });
  await call(first.url, 'POST', '/api/v2/contenttype/Memo/fields', [
    { clazz: 'TextField', name: 'title', variable: 'title' },
  ]);
  // Indexed before the answer: the index is not empty at the restart, so start-up rebuilds nothing
  // and only the queue can bring the others in.
  const anchor = await call(first.url, 'PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=WAIT_FOR', {
    contentletFormData: { contentType: 'Memo', title: 'anchor' },
  });
  // One after the other: each answered (committed) before the next, all within the deferral.
  const saves = [];
  for (const title of ['alpha', 'bravo', 'charlie', 'delta', 'echo'])
    saves.push(
      await call(first.url, 'PUT', '/api/v1/workflow/actions/default/fire/NEW', {
        contentletFormData: { contentType: 'Memo', title },
      }),
    );
  const ids = saves.map((saved) => saved.entity.identifier as string).sort();
  await killed(first.child);

  const index = openSqliteSearchIndex(join(dataDir, 'search/index.db'));
  const before = await index.search({ query: { term: { contenttype: 'memo' } }, size: 0 });
  await index.close();
  t.equal(before.hits.total.value, 1, 'killed before its deferred batch: only the anchor was indexed');
  t.ok((await queuedEntries(dataDir, mysqlUrl)) >= ids.length, 'the changes wait in the stored queue');

  const second = await startService(t, env, ADMIN.password);
  const found = await call(second.url, 'POST', '/api/content/_search', {
    // The working versions (the saves published nothing).
    query: '+contentType:Memo +working:true',
    limit: 20,
  });
  t.strictSame(
    found.entity.jsonObjectView.contentlets.map((c: { identifier: string }) => c.identifier).sort(),
    [...ids, anchor.entity.identifier].sort(),
    'after the restart every saved item is searchable',
  );
  t.equal(await queuedEntries(dataDir, mysqlUrl), 0, 'and the queue is empty');
  await killed(second.child);
}

for (const storage of ['sqlite', 'mysql'] as const)
  t.test(`changes answered before a kill -9 are indexed after the restart, on ${storage}`, (t) =>
    durability(t, storage),
  );
