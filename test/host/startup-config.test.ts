import t, { type Test } from 'tap';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../host/app.js';
import { runMain } from '../helpers/service-process.js';
import { CapturingSink, tempDataDir } from '../helpers/test-app.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Builds the app as start-up does: `cms.properties` in the data directory, which is the working directory. */
async function start(t: Test, properties: string[], env: Record<string, string> = {}) {
  const dataDir = tempDataDir(t);
  writeFileSync(join(dataDir, 'cms.properties'), properties.join('\n') + '\n');
  const sink = new CapturingSink();
  const app = await buildApp({
    env: { CMS_DATA_DIR: dataDir, INITIAL_ADMIN_PASSWORD: 'startup-test-password', ...env },
    cwd: dataDir,
    logSink: sink,
  });
  t.teardown(() => app.close());
  return { app, logs: sink.lines, dataDir };
}

const HEADER_PLUGIN = `export default {
  name: 'acme-header', apiVersion: 1, version: '2.3.4',
  properties: { 'acme.header': { description: 'the header', default: 'x-acme' } },
  setup: () => ({}),
};`;

function writePlugin(t: Test): string {
  const file = join(tempDataDir(t), 'plugin.mjs');
  writeFileSync(file, HEADER_PLUGIN);
  return file;
}

t.test('an unknown property stops start-up: where, and the likely name', async (t) => {
  await t.rejects(start(t, ['# storage', 'http.port=0', 'storage.drivr=mysql']), {
    name: 'StartupError',
    message: 'unknown property storage.drivr in cms.properties line 3 — did you mean storage.driver?',
  });
  await t.rejects(start(t, [], { CMS_STORAGE_DRIVR: 'mysql' }), {
    message: 'unknown environment variable CMS_STORAGE_DRIVR — did you mean CMS_STORAGE_DRIVER?',
  });
});

t.test('a property a loaded plugin declares is known; a typo of it is not', async (t) => {
  const plugin = writePlugin(t);
  const { app } = await start(t, [`plugins=${plugin}`, 'acme.header=x-login']);
  t.ok(app.services, 'started');
  await t.rejects(start(t, [`plugins=${plugin}`, 'acme.headr=x-login']), {
    message: 'unknown property acme.headr in cms.properties line 2 — did you mean acme.header?',
  });
  // Without the plugin, acme. is nobody's prefix: the name may belong to another tool.
  t.ok((await start(t, ['acme.header=x-login'])).app.services, 'unknown prefixes stay allowed');
});

t.test('config.strict=false: start-up goes on, with a warning naming the line', async (t) => {
  const { logs } = await start(t, ['config.strict=false', 'storage.drivr=mysql']);
  const warning = logs.find((l) => l.level === 'warn' && l.property === 'storage.drivr');
  t.equal(
    warning?.msg,
    'unknown property storage.drivr in cms.properties line 2 — did you mean storage.driver? (ignored: config.strict=false)',
  );
});

t.test('search.driver must name a search driver a plugin provides; embedded is the default', async (t) => {
  await t.rejects(start(t, ['search.driver=elastic']), {
    message:
      'Configuration property search.driver="elastic" (cms.properties line 1) does not name a loaded plugin contribution (available: embedded, elasticsearch)',
  });
  await t.rejects(start(t, ['search.driver=elasticsearch']), {
    message: /search\.driver=elasticsearch needs search\.elasticsearch\.url/,
  });
  const { dataDir } = await start(t, []);
  t.ok(existsSync(join(dataDir, 'search', 'index.db')), 'the embedded index is opened under the data directory');
});

t.test('a list set to nothing is an error, not the default', async (t) => {
  await t.rejects(start(t, ['auth.schemes=']), {
    message:
      'Configuration property auth.schemes is set to an empty list (cms.properties line 1); name at least one item, or remove it for the default (bearer,session,access-token,basic,legacy-header)',
  });
});

t.test('storage.driver=mysql without storage.mysql.url is an error, not a test database', async (t) => {
  await t.rejects(start(t, ['storage.driver=mysql']), {
    name: 'StartupError',
    message:
      'Configuration property storage.driver=mysql (cms.properties line 1) needs storage.mysql.url (mysql://user:password@host:3306/database), which is not set',
  });
});

t.test(
  'the start-up line: version, storage and its target, plugins with versions, schemes, the bound address',
  async (t) => {
    const plugin = writePlugin(t);
    const { app, logs, dataDir } = await start(t, [`plugins=${plugin}`, 'auth.schemes=basic,session']);
    const { address, url, port } = await app.listen(0, '0.0.0.0');
    t.equal(address, `0.0.0.0:${port}`, 'the wildcard address stays as bound');
    t.equal(url, `http://127.0.0.1:${port}`, 'and the URL reaches it');
    const summaries = logs.filter((l) => / listening on /.test(String(l.msg)));
    t.equal(summaries.length, 1, 'one line');
    const line = summaries[0]!;
    const target = join(dataDir, 'cms.db');
    t.equal(
      line.msg,
      `cms ${VERSION} listening on 0.0.0.0:${port} (http://127.0.0.1:${port}); storage sqlite ${target}; ` +
        `plugins auth-builtin@${VERSION}, field-types-builtin@${VERSION}, actionlets-builtin@${VERSION}, ` +
        `mail-builtin@${VERSION}, translation-google@${VERSION}, assets-builtin@${VERSION}, search-embedded@${VERSION}, search-elasticsearch@${VERSION}, ` +
        `storage-sqlite@${VERSION}, ` +
        `storage-mysql@${VERSION}, ` +
        `acme-header@2.3.4; auth schemes basic, session`,
    );
    t.match(line, {
      version: VERSION,
      address: `0.0.0.0:${port}`,
      url: `http://127.0.0.1:${port}`,
      port,
      pid: process.pid,
      storage: { driver: 'sqlite', target },
      authSchemes: ['basic', 'session'],
      config: join(dataDir, 'cms.properties'),
    });
    t.equal(await (await fetch(`${url}/api/v1/probes/alive`)).status, 200, 'reachable at that URL');
  },
);

t.test('without a properties file the line says so instead of null', async (t) => {
  const dataDir = tempDataDir(t);
  const sink = new CapturingSink();
  const app = await buildApp({ env: { CMS_DATA_DIR: dataDir }, cwd: dataDir, logSink: sink });
  t.teardown(() => app.close());
  await app.listen(0, '127.0.0.1');
  t.equal(sink.lines.find((l) => / listening on /.test(String(l.msg)))?.config, 'none (defaults and environment only)');
});

t.test('auth.password.hash.cost: a power of two; new hashes take it, stored ones keep theirs', async (t) => {
  await t.rejects(start(t, ['auth.password.hash.cost=3000']), {
    name: 'StartupError',
    message:
      /^Configuration property auth\.password\.hash\.cost="3000" \(cms\.properties line 1\) is not acceptable: must be a power of two/,
  });
  await t.rejects(start(t, [], { CMS_AUTH_PASSWORD_HASH_COST: '512' }), { name: 'StartupError' });
  const first = await start(t, ['auth.password.hash.cost=2048']);
  const admin = await first.app.services.storage.users.findByEmail('admin@cms.com');
  t.match(admin?.passwordHash, /^scrypt\$2048\$/, 'the administrator is hashed at the configured cost');
  await first.app.close();
  // The same data directory at the default cost: the stored hash is kept, and still signs in.
  const sink = new CapturingSink();
  const again = await buildApp({ env: { CMS_DATA_DIR: first.dataDir }, cwd: first.dataDir, logSink: sink });
  t.teardown(() => again.close());
  const auth = Buffer.from('admin@cms.com:startup-test-password').toString('base64');
  const answer = await again.inject({
    method: 'GET',
    path: '/api/v1/users/current',
    headers: { authorization: `Basic ${auth}` },
  });
  t.equal(answer.status, 200, 'signed in with the hash of the former cost');
});

t.test('main prints the mistake on one line, without a stack, and exits 1', async (t) => {
  const dataDir = tempDataDir(t);
  writeFileSync(join(dataDir, 'cms.properties'), 'http.port=0\nstorage.drivr=mysql\nhttp.hots=x\n');
  const run = runMain({ CMS_DATA_DIR: dataDir }, { cwd: dataDir });
  t.equal(await run.exited, 1);
  t.equal(
    run.errors(),
    'cms: unknown property storage.drivr in cms.properties line 2 — did you mean storage.driver?\n' +
      'cms: unknown property http.hots in cms.properties line 3 — did you mean http.host?\n',
  );
});

t.test('push.allowed.addresses takes addresses and ranges, never a host name', async (t) => {
  await t.rejects(start(t, ['push.allowed.addresses=10.0.0.0/8, receiver.internal']), {
    name: 'StartupError',
    message: /push\.allowed\.addresses.*"receiver\.internal" is neither an IP address nor a range/,
  });
});
