import t, { type Test } from 'tap';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { buildApp } from '../../host/app.js';
import { createTestDatabase, TEST_MYSQL_URL } from '../helpers/mysql-database.js';
import { runMain } from '../helpers/service-process.js';
import { CapturingSink, tempDataDir } from '../helpers/test-app.js';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Builds the app on MySQL at `url`; answers the error it fails with and every log line. */
async function failingStart(t: Test, url: string, logLevel = 'info') {
  const dataDir = tempDataDir(t);
  const sink = new CapturingSink();
  const error = await buildApp({
    env: { CMS_DATA_DIR: dataDir, CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url, CMS_LOG_LEVEL: logLevel },
    cwd: dataDir,
    logSink: sink,
  }).then(
    (app) => {
      t.teardown(() => app.close());
      return undefined;
    },
    (e: Error) => e,
  );
  return { error, logs: sink.lines };
}

const anyStack = (logs: Array<Record<string, unknown>>) => JSON.stringify(logs).includes('    at ');

t.test('a closed port: the reason on one line, the stack only at debug level', async (t) => {
  const port = await closedPort();
  const url = `mysql://cms:s3cret@127.0.0.1:${port}/cms`;
  const { error, logs } = await failingStart(t, url);
  t.equal(error?.name, 'StartupError');
  t.equal(
    error?.message,
    `Storage mysql (mysql://cms:***@127.0.0.1:${port}/cms) cannot be used: connect ECONNREFUSED 127.0.0.1:${port}`,
  );
  t.notOk(anyStack(logs), 'no stack at info level');
  const debug = await failingStart(t, url, 'debug');
  const failure = debug.logs.find((l) => l.msg === 'start-up failed') as { err?: { stack?: string } } | undefined;
  t.match(failure?.err?.stack, /\n\s+at /, 'the stack at debug level');
  t.notMatch(JSON.stringify(debug.logs), /s3cret/, 'never the password');
});

t.test('main says it on standard error, one line, and exits 1', async (t) => {
  const port = await closedPort();
  const run = runMain({
    CMS_DATA_DIR: tempDataDir(t),
    CMS_STORAGE_DRIVER: 'mysql',
    CMS_STORAGE_MYSQL_URL: `mysql://cms:s3cret@127.0.0.1:${port}/cms`,
  });
  t.equal(await run.exited, 1);
  t.equal(
    run.errors(),
    `cms: Storage mysql (mysql://cms:***@127.0.0.1:${port}/cms) cannot be used: connect ECONNREFUSED 127.0.0.1:${port}\n`,
  );
});

t.test('MariaDB refusing the user, a missing database; the start-up line masks the password', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  if (!databaseUrl) return;
  const database = new URL(databaseUrl).pathname.slice(1);
  const root = new URL(TEST_MYSQL_URL);
  const admin = await createConnection({
    host: root.hostname,
    port: Number(root.port || 3306),
    user: decodeURIComponent(root.username),
    password: decodeURIComponent(root.password),
  });
  const user = `cms_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'right-password'`);
  await admin.query(`GRANT ALL ON \`${database}\`.* TO '${user}'@'%'`);
  t.teardown(async () => {
    await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
    await admin.end();
  });
  const urlOf = (password: string) => {
    const url = new URL(databaseUrl);
    url.username = user;
    url.password = password;
    return url.toString();
  };

  const denied = await failingStart(t, urlOf('wrong-password'));
  t.match(
    denied.error?.message,
    new RegExp(`^Storage mysql \\(mysql://${user}:\\*\\*\\*@[^)]+\\) cannot be used: Access denied for user '${user}'`),
  );
  t.notOk(anyStack(denied.logs), 'no stack at info level');

  // As root: another user is refused a database it has no grant on before it is looked for.
  const gone = new URL(databaseUrl);
  gone.pathname = `/${database}_gone`;
  const missing = await failingStart(t, gone.toString());
  t.match(missing.error?.message, new RegExp(`cannot be used: Unknown database '${database}_gone'$`));
  t.notOk(anyStack(missing.logs), 'no stack at info level');

  const dataDir = tempDataDir(t);
  const sink = new CapturingSink();
  const app = await buildApp({
    env: { CMS_DATA_DIR: dataDir, CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: urlOf('right-password') },
    cwd: dataDir,
    logSink: sink,
  });
  t.teardown(() => app.close());
  await app.listen(0, '127.0.0.1');
  const line = sink.lines.find((l) => / listening on /.test(String(l.msg)))!;
  const masked = urlOf('***').replace('%2A%2A%2A', '***');
  t.match(line.msg, `; storage mysql ${masked}; `);
  t.same(line.storage, { driver: 'mysql', target: masked });
  t.notMatch(JSON.stringify(sink.lines), /right-password/, 'the password is never logged');
});
