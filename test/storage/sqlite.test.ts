import t from 'tap';
import type { Test } from 'tap';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import type { Storage } from '../../core/plugin/storage-driver.js';
import sqlitePlugin from '../../plugins/storage/sqlite/index.js';
import { tempDataDir } from '../helpers/test-app.js';
import { repositorySuite } from './repository-suite.js';

async function openIn(t: Test, dataDir: string): Promise<Storage> {
  const [driver] = (await sqlitePlugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers!;
  const storage = await driver!.open({ config: new Config(), dataDir, logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

repositorySuite(t, () => openIn(t, tempDataDir(t)));

t.test('the database is a WAL file in the data directory, and data survives a reopen', async (t) => {
  const dataDir = tempDataDir(t);
  const first = await openIn(t, dataDir);
  await first.settings.putIfAbsent('kept', 'yes');
  await first.close();
  const raw = new Database(join(dataDir, 'cms.db'), { readonly: true });
  t.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
  raw.close();
  const second = await openIn(t, dataDir);
  t.equal(await second.settings.get('kept'), 'yes');
});
