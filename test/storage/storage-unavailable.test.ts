import t, { type Test } from 'tap';
import type { DriverStorage } from '../../core/plugin/storage/index.js';
import { createConnection } from 'mysql2/promise';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import mysqlPlugin from '../../plugins/storage/mysql/index.js';
import sqlitePlugin from '../../plugins/storage/sqlite/index.js';
import { createTestDatabase, TEST_MYSQL_URL } from '../helpers/mysql-database.js';
import { startTestApp, tempDataDir } from '../helpers/test-app.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { deferred, within } from '../helpers/wait-async.js';

/** The MySQL driver on its own database, with extra properties. */
async function openMysql(t: Test, url: string, properties: Array<[string, string]>): Promise<DriverStorage> {
  const config = new Config(new Map([['storage.mysql.url', url], ...properties]), {});
  const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: tempDataDir(t) })).storageDrivers!;
  const storage = await driver!.open({ config, dataDir: '', logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

t.test('MariaDB lost and back: 503 with Retry-After meanwhile, and the pool recovers', async (t) => {
  const url = await createTestDatabase(t);
  if (!url) return;
  const server = new URL(TEST_MYSQL_URL);
  const proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 3306) });
  await proxy.start();
  t.teardown(() => proxy.cut());
  const viaProxy = new URL(url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const s = (await startTestApp(t, {
    env: { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: viaProxy.toString() },
  }))!;
  const admin = s.basicAuth();
  t.equal((await s.http('GET', '/api/v2/languages', { headers: admin })).status, 200);

  await proxy.cut();
  const down = await s.http('GET', '/api/v2/languages', { headers: admin });
  t.equal(down.status, 503, 'the database is gone');
  t.equal(down.headers.get('retry-after'), '5');
  t.equal(down.json.errors[0].errorCode, 'STORAGE_UNAVAILABLE');
  t.same(down.json.entity, null);
  t.notMatch(down.text, /select|insert|ECONNREFUSED|at .*\.(ts|js)/i, 'no SQL, driver words or stack in the answer');
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 503, 'not ready meanwhile');

  await proxy.start();
  const back = await s.http('GET', '/api/v2/languages', { headers: admin });
  t.equal(back.status, 200, 'the pool opened a new connection once the database returned');
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 200);
});

t.test('a lock held past the wait limit: one retry inside the transaction, then 503', async (t) => {
  const url = await createTestDatabase(t);
  if (!url) return;
  const storage = await openMysql(t, url, [['storage.mysql.lock.wait.seconds', '1']]);
  await storage.settings.putIfAbsent('held', 'v');

  const holder = await createConnection(url);
  t.teardown(() => holder.end());
  await holder.query('BEGIN');
  await holder.query('SELECT * FROM settings WHERE setting_key = ? FOR UPDATE', ['held']);

  let attempts = 0;
  const refused = await storage
    .transaction(async (tx) => {
      attempts++;
      await tx.settings.putIfAbsent('held', 'other');
    })
    .then(
      () => undefined,
      (error: unknown) => error as { code?: string; retryAfterSeconds?: number },
    );
  await holder.query('ROLLBACK');
  t.equal(attempts, 2, 'run once more after the first conflict');
  t.match(refused, { code: 'STORAGE_BUSY', retryAfterSeconds: 1 });
  await storage.transaction((tx) => tx.settings.putIfAbsent('held', 'other'));
  t.equal(await storage.settings.get('held'), 'v', 'and it works once the lock is gone');
});

t.test('an exhausted pool answers 503 instead of queueing without bound', async (t) => {
  const url = await createTestDatabase(t);
  if (!url) return;
  const storage = await openMysql(t, url, [
    ['storage.mysql.pool.size', '1'],
    ['storage.mysql.pool.queue.limit', '1'],
  ]);
  let release!: () => void;
  const started = deferred();
  // The transaction holds the pool's one connection from the moment its work starts.
  const held = storage.transaction(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        started.resolve();
      }),
  );
  await within(started.promise, { what: 'the transaction holding the connection' });
  const queued = storage.settings.get('a');
  const refused = await storage.settings.get('b').then(
    () => undefined,
    (error: unknown) => error as { code?: string; retryAfterSeconds?: number },
  );
  t.match(refused, { code: 'STORAGE_UNAVAILABLE', retryAfterSeconds: 5 }, 'one waits, the next is refused');
  release();
  await held;
  t.equal(await queued, undefined, 'the one that waited is served');
});

t.test('SQLite busy past its timeout is a 503, not a fault', async (t) => {
  const dataDir = tempDataDir(t);
  // storage.sqlite.busy.timeout.ms shortened from its 5 s: the wait, then the refusal, are what count.
  const config = new Config(new Map([['storage.sqlite.busy.timeout.ms', '300']]));
  const [driver] = (await sqlitePlugin.setup({ config, logger: silentLogger, dataDir })).storageDrivers!;
  const storage = await driver!.open({ config, dataDir, logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());

  const other = new Database(join(dataDir, 'cms.db'));
  other.prepare('BEGIN IMMEDIATE').run();
  const started = Date.now();
  const refused = await storage.settings.putIfAbsent('k', 'v').then(
    () => undefined,
    (error: unknown) => error as { code?: string },
  );
  other.prepare('ROLLBACK').run();
  other.close();
  t.match(refused, { code: 'STORAGE_BUSY' });
  t.ok(Date.now() - started >= 250, 'refused once the busy timeout had passed, not at once');
  t.equal(await storage.settings.putIfAbsent('k', 'v'), 'v');
});
