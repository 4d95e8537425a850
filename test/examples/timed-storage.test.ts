import t from 'tap';
import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Config } from '../../core/config/config.js';
import type { Logger } from '../../core/logger.js';
import type { DriverStorage, StorageDriver } from '../../core/plugin/kit.js';
import type { ContractTest } from '../../core/plugin/testing/index.js';
import { resolveKitForPlugins } from '../../host/plugins/kit-resolution.js';
import sqlitePlugin from '../../plugins/storage/sqlite/index.js';
import { installExamples } from '../helpers/example-packages.js';
import { startTestApp } from '../helpers/test-app.js';

/** What the package's contract module exports (it is plain JavaScript, checked by its own JSDoc). */
interface ContractModule {
  AREAS: string[];
  timedStorageContract(
    t: ContractTest,
    driver: string,
    openFresh: (t: ContractTest, driver: StorageDriver) => Promise<DriverStorage>,
  ): void;
}

/** A logger that keeps what the timed driver warns about. */
function recordingLogger(lines: Array<Record<string, unknown>>): Logger {
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (fields, message) => void lines.push({ ...fields, message }),
    error() {},
    child: () => logger,
  };
  return logger;
}

function tempDataDir(t: Pick<Test, 'teardown'>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-storage-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('the timed storage driver, installed as a package, passes its slice of the contract suite', async (t) => {
  const dir = await installExamples(t, 'timed-storage');
  // As the service loads plugins: `cms/plugin` and `cms/plugin/testing` are its own.
  resolveKitForPlugins();
  const contract = (await import(
    pathToFileURL(join(dir, 'node_modules/cms-example-timed-storage/contract.js')).href
  )) as ContractModule;
  t.ok(contract.AREAS.length >= 5, 'a slice of several areas');

  const warned: Array<Record<string, unknown>> = [];
  const config = new Config();
  const logger = recordingLogger(warned);
  const [sqlite] = (await sqlitePlugin.setup({ config, logger, dataDir: '' })).storageDrivers!;
  t.test('the contract', async (t) => {
    contract.timedStorageContract(t, 'sqlite', async (t, timed) => {
      const storage = await timed.open({
        config,
        dataDir: tempDataDir(t),
        logger,
        driverNamed: (name) => (name === sqlite!.name ? sqlite : undefined),
      });
      t.teardown(() => storage.close());
      return storage;
    });
  });
  t.test('and it timed the calls and the transactions', async (t) => {
    const calls = new Set(warned.map((line) => line.call));
    for (const call of ['roles.insert', 'jobs.claim', 'transaction', 'settings.putIfAbsent', 'migrate'])
      t.ok(calls.has(call), `${call} was timed`);
    t.match(warned[0], { message: 'slow storage call', ms: Number });
  });
});

t.test('loaded by name, it is the storage of the service, around the driver it names', async (t) => {
  const dir = await installExamples(t, 'timed-storage');
  const s = (await startTestApp(t, {
    dataDir: dir,
    env: {
      CMS_PLUGINS: 'cms-example-timed-storage',
      CMS_STORAGE_DRIVER: 'timed',
      CMS_STORAGE_TIMED_DRIVER: 'sqlite',
      CMS_STORAGE_TIMED_SLOW_MS: '0',
    },
  }))!;
  const current = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.equal(current.status, 200, 'the administrator, stored and read through it');
  t.ok(
    s.logs.some((line) => line.msg === 'slow storage call' && line.call === 'users.findByEmail'),
    'a sign-in is a timed users.findByEmail',
  );
});
