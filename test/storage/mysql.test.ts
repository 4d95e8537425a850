import t from 'tap';
import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import type { DriverStorage } from '../../core/plugin/storage/index.js';
import mysqlPlugin from '../../plugins/storage/mysql/index.js';
import { createConnection } from 'mysql2/promise';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { storageContractSuite } from '../../core/plugin/testing/index.js';

/** Storage tests stay independent of the host (test-app.ts pulls in the whole service). */
function tempDataDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-storage-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Each open gets a database of its own, so the suite's tests start empty. It holds the migrated
 * schema already (the migrations' hundred DDL statements took seconds a test); `migrate()` finds
 * nothing left to do. The migrations themselves are run by the tests below and by
 * migrated-schema-shape.test.ts.
 */
async function open(t: Test): Promise<DriverStorage> {
  const url = await createTestDatabase(t);
  if (!url) throw new Error('unreachable: skipped above');
  const config = new Config(new Map([['storage.mysql.url', url]]), {});
  const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: tempDataDir(t) })).storageDrivers!;
  const storage = await driver!.open({ config, dataDir: '', logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

t.test('MariaDB/MySQL', async (t) => {
  const probe = await createTestDatabase(t, { empty: true });
  if (!probe) return;
  // Every test has a database of its own, and most of a test's time is the server's (creating the
  // tables, committing): four at a time keep a busy machine from taking this file past its timeout.
  t.jobs = 4;
  // Each test's database and pool go when that test ends: the suite's tests are tap subtests.
  storageContractSuite(t, (test) => open(test as Test));

  t.test('an over-long setting key is refused, not truncated and stored', async (t) => {
    const s = await open(t);
    await t.rejects(s.settings.putIfAbsent('k'.repeat(300), 'v'), {
      code: 'STORAGE_VALUE_TOO_LONG',
      message: 'The value of setting_key is too long',
    });
    t.equal(await s.settings.get('k'.repeat(255)), undefined);
  });

  t.test('driver errors at the boundary are translated, even outside the repositories', async (t) => {
    const url = (await createTestDatabase(t, { empty: true }))!;
    const config = new Config(new Map([['storage.mysql.url', url]]), {});
    const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: '' })).storageDrivers!;
    const storage = await driver!.open({ config, dataDir: '', logger: silentLogger });
    await storage.close();
    const translated = { message: 'Storage operation failed', code: 'STORAGE_FAILED' };
    await t.rejects(storage.ping(), translated, 'ping on a closed pool');
    await t.rejects(
      storage.transaction(async () => 1),
      translated,
      'BEGIN on a closed pool',
    );
    await t.rejects(storage.migrate(), translated, 'migrate on a closed pool');
  });

  t.test('several processes migrating one database at once take turns', async (t) => {
    const url = (await createTestDatabase(t, { empty: true }))!;
    const config = new Config(new Map([['storage.mysql.url', url]]), {});
    const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: '' })).storageDrivers!;
    const storages = await Promise.all(
      [1, 2, 3].map(() => driver!.open({ config, dataDir: '', logger: silentLogger })),
    );
    t.teardown(() => Promise.all(storages.map((s) => s.close())));
    await Promise.all(storages.map((s) => s.migrate()));
    await storages[0]!.settings.putIfAbsent('x', '1');
    t.equal(await storages[2]!.settings.get('x'), '1');
  });

  t.test('the migration lock is per database: a migration elsewhere on the server does not wait', async (t) => {
    const [held, other] = [
      (await createTestDatabase(t, { empty: true }))!,
      (await createTestDatabase(t, { empty: true }))!,
    ];
    // Another process migrating `held`, as open-mysql takes its lock.
    const holder = await createConnection(held);
    t.teardown(() => holder.end());
    const lock = "CONCAT('cms_migrations:', MD5(DATABASE()))";
    await holder.query(`SELECT GET_LOCK(${lock}, 0)`);
    const opened = await Promise.all(
      [held, other].map(async (url) => {
        const config = new Config(new Map([['storage.mysql.url', url]]), {});
        const [driver] = (await mysqlPlugin.setup({ config, logger: silentLogger, dataDir: '' })).storageDrivers!;
        const storage = await driver!.open({ config, dataDir: '', logger: silentLogger });
        t.teardown(() => storage.close());
        return storage;
      }),
    );
    let heldDone = false;
    const heldMigration = opened[0]!.migrate().then(() => (heldDone = true));
    await opened[1]!.migrate();
    t.notOk(heldDone, 'the other database migrated while this one waits for its lock');
    await holder.query(`SELECT RELEASE_LOCK(${lock})`);
    await heldMigration;
    t.ok(heldDone, 'and it migrates once the lock is free');
  });
});
