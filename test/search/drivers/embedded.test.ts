import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ConflictError, InvalidError } from '../../../core/plugin/kit.js';
import { silentLogger } from '../../../core/logger.js';
import { loadConfig } from '../../../core/config/load-config.js';
import embedded from '../../../plugins/search/embedded/index.js';
import { openSqliteSearchIndex } from '../../../plugins/search/embedded/sqlite-search-index.js';
import { SOURCE_LOADER, sourceFile } from '../../helpers/source-entry.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { searchDriverSuite } from './search-driver-suite.js';

searchDriverSuite(t, {
  open: async (location) => openSqliteSearchIndex(join(location, 'index.db')),
  location: (t) => tempDataDir(t),
});

// Again with every search taken for a large one: aggregation values and pages sorted by one field
// are then read off the field's index (run-search.ts), which only searches of 10,000 matches or more do.
t.test('the contract, as searches of many matches run it', async (t) => {
  searchDriverSuite(t, {
    open: async (location) => openSqliteSearchIndex(join(location, 'index.db'), { manyMatches: 0 }),
    location: (t) => tempDataDir(t),
  });
});

t.test('the plugin contributes `embedded`, an index file under the data directory', async (t) => {
  const dataDir = tempDataDir(t);
  const { config } = loadConfig({}, dataDir);
  const contributions = await embedded.setup({ config, logger: silentLogger, dataDir });
  const [driver] = contributions.searchDrivers ?? [];
  t.equal(driver?.name, 'embedded');
  const index = await driver!.open({ config, dataDir, logger: silentLogger });
  await index.index([{ id: 'x', title: 'hello' }]);
  await index.close();
  t.ok(existsSync(join(dataDir, 'search', 'index.db')));
});

/** Two handles on one index file, as two processes would hold it; closed when the test ends. */
function twoHandles(t: Test, file: string) {
  const writer = openSqliteSearchIndex(file);
  const reader = openSqliteSearchIndex(file);
  t.teardown(async () => {
    await writer.close();
    await reader.close();
  });
  return { writer, reader };
}

t.test('two handles on one file (as two processes would) see each other’s commits', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const { writer, reader } = twoHandles(t, file);
  await writer.index([{ id: 'x', title: 'shared words' }]);
  t.equal((await reader.search({ query: { match: { title: 'words' } } })).hits.total.value, 1);
});

/** The set files beside the main file (see plugins/search/embedded/schema.ts). */
const setFiles = (file: string): string[] =>
  readdirSync(dirname(file))
    .filter((name) => name.startsWith(`${basename(file)}.`) && name.endsWith('.set'))
    .sort();

const activeSet = (file: string): string => {
  const raw = new Database(file, { readonly: true });
  try {
    return (raw.prepare("SELECT value FROM meta WHERE key = 'active'").get() as { value: string }).value;
  } finally {
    raw.close();
  }
};

t.test('a rebuild seen from a second handle: old contents until complete, a second rebuild refused', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const { writer, reader } = twoHandles(t, file);
  await writer.index([{ id: 'old', title: 'old words' }]);
  const before = activeSet(file);
  const rebuild = await writer.rebuild();
  await rebuild.index([{ id: 'new', title: 'new words' }]);
  const conflict = await reader.rebuild().then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(conflict instanceof ConflictError, 'one rebuild per file, whichever handle asks');
  const third = openSqliteSearchIndex(file);
  await third.close();
  t.equal(setFiles(file).length, 2, 'opening the file keeps the file of a rebuild that is running');
  t.same(
    (await reader.search({})).hits.hits.map((h) => h._id),
    ['old'],
  );
  await rebuild.complete();
  t.same(
    (await reader.search({})).hits.hits.map((h) => h._id),
    ['new'],
    'the other handle reads the new set file',
  );
  await reader.index([{ id: 'later', title: 'later words' }]);
  t.same(
    (await writer.search({ query: { match: { title: 'words' } } })).hits.hits.map((h) => h._id).sort(),
    ['later', 'new'],
    'and writes into it',
  );
  t.notOk(setFiles(file).includes(before), 'the old set file is deleted');
  t.same(setFiles(file), [activeSet(file)]);
});

t.test('the swap is one transaction: a reader in the middle of a read keeps the old contents whole', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  await index.index([
    { id: 'o1', title: 'old' },
    { id: 'o2', title: 'old' },
  ]);
  const rebuild = await index.rebuild();
  await rebuild.index([{ id: 'n1', title: 'new' }]);
  // Another process, as SQLite sees it: a connection of its own, with the active set attached, inside a read transaction.
  const other = new Database(file);
  t.teardown(() => other.close());
  other.prepare('ATTACH ? AS idx').run(join(dirname(file), activeSet(file)));
  const activeDocs = () =>
    (other.prepare('SELECT id FROM idx.docs ORDER BY id').all() as Array<{ id: string }>).map((r) => r.id);
  other.exec('BEGIN');
  t.same(activeDocs(), ['o1', 'o2']);
  await rebuild.complete();
  t.same(activeDocs(), ['o1', 'o2'], 'the snapshot read before the swap stays whole, though its file is deleted');
  other.exec('COMMIT');
  other.exec('DETACH idx');
  other.prepare('ATTACH ? AS idx').run(join(dirname(file), activeSet(file)));
  t.same(activeDocs(), ['n1'], 'the next read, of the set now active, sees the new contents');
});

t.test('completing a large rebuild deletes the old set file instead of emptying it', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  const documents = Array.from({ length: 3000 }, (_, i) => ({ id: `d${i}`, title: `words of document ${i}` }));
  await index.index(documents);
  const old = join(dirname(file), activeSet(file));
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  t.ok(size(old) + size(`${old}-wal`) > 500_000, 'the old set file (and its WAL) holds the documents');
  const rebuild = await index.rebuild();
  await rebuild.index(documents.slice(0, 10));
  await rebuild.complete();
  t.notOk(existsSync(old) || existsSync(`${old}-wal`), 'the old file is gone, with its WAL');
  t.equal((await index.search({})).hits.total.value, 10);
});

t.test('a rebuild left behind by a crashed process is dropped when the file is opened', async (t) => {
  const dir = tempDataDir(t);
  const file = join(dir, 'index.db');
  const first = openSqliteSearchIndex(file);
  await first.index([{ id: 'kept', title: 'kept words' }]);
  await first.close();
  const script = join(dir, 'crash.mjs');
  const driver = sourceFile('plugins/search/embedded/sqlite-search-index');
  writeFileSync(
    script,
    `import { openSqliteSearchIndex } from ${JSON.stringify(driver)};\n` +
      'const index = openSqliteSearchIndex(process.argv[2]);\n' +
      'const rebuild = await index.rebuild();\n' +
      "await rebuild.index([{ id: 'half', title: 'half done' }]);\n" +
      'process.exit(0);\n',
  );
  execFileSync(process.execPath, [...SOURCE_LOADER, script, file], { stdio: 'pipe' });
  t.equal(setFiles(file).length, 2, 'the crashed rebuild left its set file');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  t.same(setFiles(file), [activeSet(file)], 'deleted at open');
  t.same(
    (await index.search({})).hits.hits.map((h) => h._id),
    ['kept'],
  );
  const rebuild = await index.rebuild();
  await rebuild.index([{ id: 'whole', title: 'whole' }]);
  await rebuild.complete();
  t.same(
    (await index.search({})).hits.hits.map((h) => h._id),
    ['whole'],
    'and a new rebuild runs',
  );
});

t.test('a worker thread of the process running a rebuild opens the file without ending the rebuild', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  const rebuild = await index.rebuild();
  await rebuild.index([{ id: 'new', title: 'new' }]);
  const worker = new Worker(new URL('../../fixtures/open-search-index-worker.mjs', import.meta.url), {
    workerData: { file },
  });
  t.equal(await new Promise((resolve, reject) => worker.once('exit', resolve).once('error', reject)), 0);
  t.equal(setFiles(file).length, 2, 'the rebuild’s file is kept');
  await rebuild.complete();
  t.same(
    (await index.search({})).hits.hits.map((h) => h._id),
    ['new'],
  );
});

t.test('a rebuild recorded by an earlier process with this process’s id is a leftover', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  await openSqliteSearchIndex(file).close();
  const leftover = `${basename(file)}.0123456789ab.set`;
  writeFileSync(join(dirname(file), leftover), '');
  const raw = new Database(file);
  // A container restarted as PID 1 every time: the same id, an earlier start.
  raw
    .prepare("INSERT INTO meta (key, value) VALUES ('rebuild', ?)")
    .run(JSON.stringify({ pid: process.pid, started: Date.now() - 86_400_000, token: 'gone', set: leftover }));
  raw.close();
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  t.notOk(setFiles(file).includes(leftover), 'its file is deleted at open');
  const rebuild = await index.rebuild();
  await rebuild.abandon();
  t.pass('a new rebuild starts');
});

t.test('a rebuild batch that fails fails the rebuild, by complete() at the latest', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  await index.index([{ id: 'kept', title: 'kept' }]);
  const rebuild = await index.rebuild();
  // Written in the rebuild's worker thread: the error reaches a later call.
  const failure = await (async () => {
    await rebuild.index([{ id: 'bad', nested: { not: 'flat' } } as never]);
    await rebuild.index([{ id: 'good', title: 'good' }]);
    await rebuild.complete();
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(failure instanceof InvalidError, 'an InvalidError, as the index itself answers');
  t.match((failure as Error).message, /nested/);
  await rebuild.abandon().catch(() => undefined);
  t.same(
    (await index.search({})).hits.hits.map((h) => h._id),
    ['kept'],
  );
  t.same(setFiles(file), [activeSet(file)], 'the failed rebuild’s file is gone');
});

t.test('closing an index abandons its running rebuild', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  await index.index([{ id: 'kept', title: 'kept' }]);
  const rebuild = await index.rebuild();
  await rebuild.index([{ id: 'lost', title: 'lost' }]);
  await index.close();
  t.same(setFiles(file), [activeSet(file)], 'its set file is deleted');
  const again = openSqliteSearchIndex(file);
  t.teardown(() => again.close());
  t.same(
    (await again.search({})).hits.hits.map((h) => h._id),
    ['kept'],
  );
});

t.test('a file of an earlier layout (the index in the main file) is emptied and opened', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const raw = new Database(file);
  raw.exec(
    "CREATE TABLE a_docs (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL); INSERT INTO a_docs (id, source) VALUES ('x', '{}');" +
      'CREATE VIRTUAL TABLE a_texts_fts USING fts5 (text); CREATE VIRTUAL TABLE a_vocab_rows USING fts5vocab (a_texts_fts, row);' +
      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('active', 'a'); PRAGMA user_version = 2",
  );
  raw.close();
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  t.equal((await index.search({})).hits.total.value, 0);
  const raw2 = new Database(file, { readonly: true });
  t.same(
    raw2.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all(),
    [{ name: 'meta' }],
    'only meta is left',
  );
  raw2.close();
  await index.index([{ id: 'y', title: 'fresh' }]);
  t.equal((await index.search({ query: { match: { title: 'fresh' } } })).hits.total.value, 1);
});
