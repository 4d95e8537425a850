import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../host/app.js';
import { runMain } from '../helpers/service-process.js';
import { CapturingSink, startTestApp, tempDataDir } from '../helpers/test-app.js';

t.test('first start creates the administrator with INITIAL_ADMIN_PASSWORD; later starts never reset it', async (t) => {
  const dataDir = tempDataDir(t);
  const first = (await startTestApp(t, { dataDir, env: { INITIAL_ADMIN_PASSWORD: 'first-password' } }))!;
  t.equal(first.app.generatedAdminPassword, undefined);
  t.equal(
    (await first.http('GET', '/api/v1/users/current', { headers: first.basicAuth('admin@cms.com', 'first-password') }))
      .status,
    200,
  );
  await first.app.close();

  const second = (await startTestApp(t, { dataDir, env: { INITIAL_ADMIN_PASSWORD: 'another-password' } }))!;
  t.equal(
    (
      await second.http('GET', '/api/v1/users/current', {
        headers: second.basicAuth('admin@cms.com', 'first-password'),
      })
    ).status,
    200,
  );
  t.equal(
    (
      await second.http('GET', '/api/v1/users/current', {
        headers: second.basicAuth('admin@cms.com', 'another-password'),
      })
    ).status,
    401,
  );
});

t.test('without INITIAL_ADMIN_PASSWORD a random password is generated and logged once', async (t) => {
  const dataDir = tempDataDir(t);
  const sink = new CapturingSink();
  const app = await buildApp({
    env: { CMS_DATA_DIR: dataDir, INITIAL_ADMIN_PASSWORD: '' },
    cwd: dataDir,
    logSink: sink,
  });
  t.teardown(() => app.close());
  const password = app.generatedAdminPassword!;
  t.type(password, 'string');
  t.ok(password.length >= 12);
  const principal = await app.inject({
    method: 'GET',
    path: '/api/v1/users/current',
    headers: { authorization: `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}` },
  });
  t.equal(principal.status, 200);
  await app.close();
  const again = await buildApp({ env: { CMS_DATA_DIR: dataDir }, cwd: dataDir, logSink: sink });
  t.equal(again.generatedAdminPassword, undefined, 'not generated again');
  await again.close();
});

t.test(
  'npm start path: prints address, data directory and the generated credentials; SIGTERM stops cleanly',
  async (t) => {
    const dataDir = tempDataDir(t);
    const run = runMain({ CMS_DATA_DIR: dataDir, PORT: '0', CMS_HTTP_HOST: '127.0.0.1' });
    t.teardown(() => run.child.kill('SIGKILL'));
    await run.printed(/Administrator created[^\n]*\n/, 'the generated credentials');
    const lines = run
      .output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const listening = lines.find((l) => / listening on /.test(l.msg));
    t.ok(listening, 'address printed');
    t.equal(listening.dataDir, dataDir, 'data directory printed');
    const created = lines.find((l) => /Administrator created/.test(l.msg));
    const password = /with password (\S+)$/.exec(created.msg)![1]!;
    const answer = await fetch(`${listening.url}/api/v1/users/current`, {
      headers: { authorization: `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}` },
    });
    t.equal(answer.status, 200, 'the printed credentials work');
    run.child.kill('SIGTERM');
    t.equal(await run.exited, 0, 'exit 0 after SIGTERM');
    t.match(run.output(), /shutting down/);
  },
);

t.test('a bad configuration stops start-up with a message naming the property and a non-zero exit', async (t) => {
  const dataDir = tempDataDir(t);
  writeFileSync(join(dataDir, 'cms.properties'), 'storage.driver=oracle\n');
  const run = runMain({ CMS_DATA_DIR: dataDir, PORT: '0' });
  t.equal(await run.exited, 1);
  t.match(run.errors(), /storage\.driver="oracle"/);
  t.notMatch(run.errors(), /\n\s+at /, 'no stack trace for a configuration mistake');
});

t.test('a port another server holds stops start-up naming it, with exit 1', async (t) => {
  const holder = (await startTestApp(t, { socket: true }))!;
  const port = new URL(holder.url).port;
  const run = runMain({ CMS_DATA_DIR: tempDataDir(t), PORT: port, CMS_HTTP_HOST: '127.0.0.1' });
  t.equal(await run.exited, 1);
  t.match(run.errors(), new RegExp(`address already in use \\(port ${port}\\)`));
  t.notMatch(run.errors(), /\n\s+at /, 'no stack trace');
});
