import t from 'tap';
import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '../../../core/config/config.js';
import { DefinitionCache } from '../../../core/definitions/definition-cache.js';
import { silentLogger } from '../../../core/logger.js';
import type { ContentType } from '../../../core/model/content-type.js';
import sqlitePlugin from '../../../plugins/storage/sqlite/index.js';

const type = (id: string, name: string): ContentType => ({
  id,
  clazz: 'com.cms.contenttype.model.type.ImmutableSimpleContentType',
  baseType: 'CONTENT',
  name,
  description: '',
  variable: name,
  host: 'SYSTEM_HOST',
  folder: 'SYSTEM_FOLDER',
  owner: 'o',
  defaultType: false,
  fixed: false,
  system: false,
  versionable: true,
  multilingualable: false,
  icon: 'event_note',
  sortOrder: 0,
  workflows: ['w'],
  modDate: 1,
  iDate: 1,
});

/** A migrated SQLite storage of the test's own, closed and removed after it. */
async function openStorage(t: Test) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-cache-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const [driver] = (await sqlitePlugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers!;
  const storage = await driver!.open({ config: new Config(), dataDir, logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

t.test('answers are shared and frozen until a definition changes', async (t) => {
  const storage = await openStorage(t);
  await storage.contentTypes.insert(type('t1', 'Note'));

  const cache = new DefinitionCache({ capacity: 2 });
  const first = await (await cache.in(storage)).contentType('t1');
  t.equal(await (await cache.in(storage)).contentType('t1'), first, 'the same object, not a new read');
  t.match(await (await cache.in(storage)).contentType('NOTE'), { id: 't1' }, 'variables ignore case');
  t.throws(() => ((first as { name: string }).name = 'changed'), TypeError, 'a shared answer cannot be changed');
  t.throws(() => (first!.workflows as string[]).push('x'), TypeError, 'nor the arrays inside it');

  await storage.contentTypes.update({ ...type('t1', 'Note'), description: 'new' });
  const after = await (await cache.in(storage)).contentType('t1');
  t.not(after, first, 'read again after the change');
  t.equal(after!.description, 'new');

  const defs = await cache.in(storage);
  t.equal(await defs.contentType('missing-1'), undefined);
  t.equal(await defs.contentType('missing-2'), undefined);
  t.match(
    await defs.contentType('t1'),
    { id: 't1' },
    'names beyond the capacity empty the cache instead of growing it',
  );
});

t.test('past its capacity, the cache lets the grants of single assets go before the definitions', async (t) => {
  const storage = await openStorage(t);
  await storage.contentTypes.insert(type('t1', 'Note'));
  const cache = new DefinitionCache({ capacity: 3 });
  const defs = await cache.in(storage);
  const first = await defs.contentType('t1');
  for (const asset of ['item-1', 'item-2', 'item-3', 'item-4']) t.equal(await defs.grants(asset), undefined);
  t.equal(await defs.contentType('t1'), first, 'the type is still kept: the same object, not a new read');
});
