import t, { type Test } from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../host/app.js';
import { runMain } from '../helpers/service-process.js';
import { CapturingSink, tempDataDir } from '../helpers/test-app.js';

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

function writePlugin(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cms-plugin-')), 'plugin.mjs');
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
  const plugin = writePlugin();
  const { app } = await start(t, [`plugins=${plugin}`, 'acme.header=x-login']);
  t.ok(app.container, 'started');
  await t.rejects(start(t, [`plugins=${plugin}`, 'acme.headr=x-login']), {
    message: 'unknown property acme.headr in cms.properties line 2 — did you mean acme.header?',
  });
  // Without the plugin, acme. is nobody's prefix: the name may belong to another tool.
  t.ok((await start(t, ['acme.header=x-login'])).app.container, 'unknown prefixes stay allowed');
});

t.test('config.strict=false: start-up goes on, with a warning naming the line', async (t) => {
  const { logs } = await start(t, ['config.strict=false', 'storage.drivr=mysql']);
  const warning = logs.find((l) => l.level === 'warn' && l.property === 'storage.drivr');
  t.equal(
    warning?.msg,
    'unknown property storage.drivr in cms.properties line 2 — did you mean storage.driver? (ignored: config.strict=false)',
  );
});

t.test('search.driver must name a search driver a plugin provides; none ships', async (t) => {
  await t.rejects(start(t, ['search.driver=elastic']), {
    message:
      'Configuration property search.driver="elastic" (cms.properties line 1) does not name a loaded plugin contribution (none is available: no loaded plugin contributes one)',
  });
});

t.test('a list set to nothing is an error, not the default', async (t) => {
  await t.rejects(start(t, ['auth.schemes=']), {
    message:
      'Configuration property auth.schemes is set to an empty list (cms.properties line 1); name at least one item, or remove it for the default (session,basic,legacy-header)',
  });
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
