import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import type { DriverStorage } from '../../core/plugin/storage/index.js';
import mysqlPlugin from '../../plugins/storage/mysql/index.js';
import { createTestDatabase, TEST_MYSQL_URL } from '../helpers/mysql-database.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { startTestApp, tempDataDir } from '../helpers/test-app.js';
import { WAIT_LIMIT_MS } from '../helpers/wait-async.js';

/**
 * A bound on waiting for an answer while the database is stalled. Not a measure: the answers come
 * after the statement timeout the test sets (half a second) or readiness's own (two seconds). It
 * lets a hang fail the test with a message, and ends the stall so that the app and pool can close.
 */
const HANG_BOUND_MS = WAIT_LIMIT_MS;

function answeredDuringStall<T>(proxy: TcpProxy, answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void proxy.cut();
      reject(new Error(`${what}: no answer while the database was stalled`));
    }, HANG_BOUND_MS);
  });
  return Promise.race([answer, hang]).finally(() => clearTimeout(timer));
}

/** A proxy in front of the test server, and the test database's URL through it. */
async function proxiedDatabase(t: Test): Promise<{ proxy: TcpProxy; url: string } | undefined> {
  const url = await createTestDatabase(t);
  if (!url) return undefined;
  const server = new URL(TEST_MYSQL_URL);
  const proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 3306) });
  await proxy.start();
  // Cutting ends the stall of a test that failed, so that its app and pool can close.
  t.teardown(() => proxy.cut());
  const viaProxy = new URL(url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: viaProxy.toString() };
}

/** The MySQL driver alone, on a database behind the proxy. */
async function openMysql(t: Test, url: string, properties: Array<[string, string]>): Promise<DriverStorage> {
  const config = new Config(new Map([['storage.mysql.url', url], ...properties]), {});
  const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: tempDataDir(t) })).storageDrivers!;
  const storage = await driver!.open({ config, dataDir: '', logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

const failureOf = (work: Promise<unknown>): Promise<{ code?: string; retryAfterSeconds?: number } | 'succeeded'> =>
  work.then(
    () => 'succeeded' as const,
    (error: unknown) => error as { code?: string },
  );

t.test('a stalled MariaDB: requests and readiness answer 503 while it lasts, and both recover', async (t) => {
  const database = await proxiedDatabase(t);
  if (!database) return;
  const { proxy } = database;
  const s = (await startTestApp(t, {
    env: {
      CMS_STORAGE_DRIVER: 'mysql',
      CMS_STORAGE_MYSQL_URL: database.url,
      CMS_STORAGE_MYSQL_QUERY_TIMEOUT_MS: '500',
    },
  }))!;
  const admin = s.basicAuth();
  t.equal((await s.http('GET', '/api/v2/languages', { headers: admin })).status, 200);

  proxy.stall();
  const down = await answeredDuringStall(proxy, s.http('GET', '/api/v2/languages', { headers: admin }), 'a request');
  t.equal(down.status, 503, 'answered once the statement timeout passed');
  t.equal(down.json.errors[0].errorCode, 'STORAGE_TIMEOUT');
  t.equal(down.headers.get('retry-after'), '5');
  t.notMatch(
    down.text,
    /select|PROTOCOL|QueryTimeout|inactivity|at .*\.(ts|js)/i,
    'no SQL, driver words or stack in the answer',
  );
  const notReady = await answeredDuringStall(proxy, s.http('GET', '/api/v1/probes/ready'), 'readiness');
  t.equal(notReady.status, 503, 'not ready, answered while the stall lasts');
  t.equal(notReady.json.errors[0].errorCode, 'SERVICE_NOT_READY');

  proxy.resume();
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 200, 'ready again once the database answers');
  // More requests at once than the pool has connections: none is left holding a stalled one.
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => s.http('GET', '/api/v2/languages', { headers: admin })),
  );
  t.same(
    answers.map((a) => a.status),
    answers.map(() => 200),
    'the pool serves every request',
  );
});

t.test('readiness answers 503 on its own short timeout, whatever the statement timeout', async (t) => {
  const database = await proxiedDatabase(t);
  if (!database) return;
  const { proxy } = database;
  // The default statement timeout (30 s): the probe does not wait for it.
  const s = (await startTestApp(t, { env: { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: database.url } }))!;
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 200);

  proxy.stall();
  const probes = await answeredDuringStall(
    proxy,
    Promise.all([s.http('GET', '/api/v1/probes/ready'), s.http('GET', '/api/v1/probes/ready')]),
    'readiness',
  );
  t.same(
    probes.map((p) => p.status),
    [503, 503],
    'probes during the stall are answered "not ready" while it lasts',
  );

  proxy.resume();
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 200, 'ready again once the database answers');
});

t.test('a statement that outlasts the timeout drops its connection; the pool opens another', async (t) => {
  const database = await proxiedDatabase(t);
  if (!database) return;
  const { proxy } = database;
  const storage = await openMysql(t, database.url, [
    ['storage.mysql.pool.size', '1'],
    ['storage.mysql.query.timeout.ms', '500'],
  ]);
  await storage.settings.putIfAbsent('k', 'v');
  const connectionsBefore = proxy.accepted;

  proxy.stall();
  t.match(await answeredDuringStall(proxy, failureOf(storage.settings.get('k')), 'a read'), {
    code: 'STORAGE_TIMEOUT',
    retryAfterSeconds: 5,
  });
  t.match(
    await answeredDuringStall(proxy, failureOf(storage.settings.get('k')), 'the next read'),
    { code: 'STORAGE_TIMEOUT' },
    'the next statement is bounded too, though the only connection of the pool stalled',
  );
  t.match(await answeredDuringStall(proxy, failureOf(storage.ping()), 'a ping'), { code: 'STORAGE_TIMEOUT' });

  proxy.resume();
  t.equal(await storage.settings.get('k'), 'v', 'served once the database answers');
  t.ok(proxy.accepted > connectionsBefore, 'on a new connection: the stalled one was not given back to the pool');
  await storage.transaction((tx) => tx.settings.putIfAbsent('k2', 'v2'));
  t.equal(await storage.settings.get('k2'), 'v2', 'transactions work again');
});

t.test('a transaction whose COMMIT gets no answer fails as unknown, never as a success', async (t) => {
  const database = await proxiedDatabase(t);
  if (!database) return;
  const { proxy } = database;
  const storage = await openMysql(t, database.url, [['storage.mysql.query.timeout.ms', '500']]);

  const commitUnanswered = storage.transaction(async (tx) => {
    await tx.settings.putIfAbsent('committed?', 'v');
    // The work is done: what the driver sends next is the COMMIT.
    proxy.stall();
  });
  const failure = await answeredDuringStall(proxy, failureOf(commitUnanswered), 'the commit');
  t.match(failure, { code: 'STORAGE_OUTCOME_UNKNOWN' }, 'the change may have been made: not a success');
  t.equal((failure as { retryAfterSeconds?: number }).retryAfterSeconds, undefined, 'no invitation to repeat it');
  proxy.resume();

  const statementUnanswered = storage.transaction(async (tx) => {
    proxy.stall();
    await tx.settings.putIfAbsent('never', 'v');
  });
  t.match(
    await answeredDuringStall(proxy, failureOf(statementUnanswered), 'a statement in a transaction'),
    { code: 'STORAGE_TIMEOUT' },
    'a statement before the COMMIT timed out: nothing was changed',
  );
  proxy.resume();
  t.equal(await storage.settings.get('never'), undefined, 'and nothing was');
});

t.test('SQLite locked by another process: readiness still answers, reads are served', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_STORAGE_SQLITE_BUSY_TIMEOUT_MS: '300' } }))!;
  const other = new Database(join(s.dataDir, 'cms.db'));
  t.teardown(() => other.close());
  other.prepare('BEGIN EXCLUSIVE').run();
  // A lock is not an outage: the database answers (readers are not blocked in WAL mode), and
  // writes wait storage.sqlite.busy.timeout.ms, then answer STORAGE_BUSY.
  t.equal((await s.http('GET', '/api/v1/probes/ready')).status, 200);
  t.equal((await s.http('GET', '/api/v2/languages', { headers: s.basicAuth() })).status, 200);
  other.prepare('ROLLBACK').run();
});
