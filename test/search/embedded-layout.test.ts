import t from 'tap';
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LAYOUT_VERSION } from '../../plugins/search/embedded/schema.js';
import { startTestApp, tempDataDir, textContentType } from '../helpers/test-app.js';
import { eventually, fireSystem, indexedIds, searchIndexOf } from './search-helpers.js';

/** The set file a main file names (see plugins/search/embedded/schema.ts). */
function activeSetOf(file: string): string {
  const raw = new Database(file, { readonly: true });
  try {
    return (raw.prepare("SELECT value FROM meta WHERE key = 'active'").get() as { value: string }).value;
  } finally {
    raw.close();
  }
}

/**
 * Makes an index look as the previous layout (4) wrote it: the main file says 4, and its set file
 * holds that layout's tables (a row per value, every string again as words), with a document.
 */
function downgrade(file: string): string {
  const set = join(file, '..', activeSetOf(file));
  const old = new Database(set);
  old.exec(
    'DROP TABLE IF EXISTS vocab_instances; DROP TABLE IF EXISTS vocab_rows; DROP TABLE IF EXISTS words; ' +
      'DROP TABLE IF EXISTS fields; DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS sources; ' +
      'CREATE TABLE docs (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE); ' +
      'CREATE TABLE sources (doc INTEGER PRIMARY KEY, source TEXT NOT NULL); ' +
      'CREATE TABLE fields (doc INTEGER NOT NULL, field TEXT NOT NULL, value, num REAL); ' +
      'INSERT INTO docs (id) VALUES (\'stale\'); INSERT INTO sources VALUES (1, \'{"id":"stale"}\');',
  );
  old.close();
  const main = new Database(file);
  main.pragma('user_version = 4');
  main.close();
  return activeSetOf(file);
}

t.test('an index of the previous layout is replaced by an empty one at open, which the service fills', async (t) => {
  const dataDir = tempDataDir(t);
  const file = join(dataDir, 'search', 'index.db');
  let identifier = '';
  await t.test('an item indexed by a first start', async (t) => {
    const s = (await startTestApp(t, { dataDir }))!;
    await textContentType(s, 'Note', ['title']);
    identifier = (await fireSystem(s, 'PUBLISH', { contentType: 'Note', title: 'Kept words' })).identifier as string;
    t.same(await indexedIds(s), [`${identifier}_1_working`]);
  });
  const stale = downgrade(file);

  const s = (await startTestApp(t, { dataDir }))!;
  const main = new Database(file, { readonly: true });
  t.equal(main.pragma('user_version', { simple: true }), LAYOUT_VERSION, 'the main file is of this layout');
  main.close();
  t.notOk(readdirSync(join(dataDir, 'search')).includes(stale), 'the old set file is deleted');
  t.not(activeSetOf(file), stale, 'a new one is active');
  t.ok(
    await eventually(async () => (await indexedIds(s)).includes(`${identifier}_1_working`)),
    'the service rebuilds the empty index from storage',
  );
  t.same(
    (await searchIndexOf(s).search({ query: { match: { title: 'kept' } } })).hits.hits.map((h) => h._id),
    [`${identifier}_1_working`],
    'and it answers searches',
  );
  t.same(await indexedIds(s, { term: { id: 'stale' } }), [], 'nothing of the old file is left');
});
