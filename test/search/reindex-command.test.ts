import t from 'tap';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { progressView } from '../../host/search/reindex-progress.js';
import { ADMIN, startTestApp, tempDataDir, textContentType } from '../helpers/test-app.js';
import { serviceEntry } from '../helpers/source-entry.js';
import { FAILING_REBUILD_ENV, fireSystem, indexedIds, searchIndexOf } from './search-helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The command's entry, run from the sources: the build of the same file is what `npm run reindex` runs. */
const ENTRY = serviceEntry('host/search/reindex-main');

/** Runs the command in a process of its own, its standard output a pipe (no terminal). */
function reindex(env: Record<string, string>) {
  const child = spawn(process.execPath, ENTRY, {
    env: { PATH: process.env.PATH ?? '', INITIAL_ADMIN_PASSWORD: ADMIN.password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
}

/** What the index file holds, read while no service has it open. */
async function idsInIndexFile(dataDir: string): Promise<string[]> {
  const index = openSqliteSearchIndex(join(dataDir, 'search/index.db'));
  try {
    return (await index.search({ query: { match_all: {} }, size: 100 })).hits.hits.map((h) => h._id).sort();
  } finally {
    await index.close();
  }
}

t.test('npm run reindex rebuilds the index of the data directory and reports its progress', async (t) => {
  const dataDir = tempDataDir(t);
  const env = { CMS_DATA_DIR: dataDir };
  const s = (await startTestApp(t, { dataDir, env }))!;
  await textContentType(s, 'Page', ['title']);
  for (const title of ['One', 'Two', 'Three']) await fireSystem(s, 'NEW', { contentType: 'Page', title });
  const all = await indexedIds(s);
  t.equal(all.length, 3);
  // A stale index, not an empty one: start-up leaves it alone, so only the command brings it back.
  await searchIndexOf(s).remove(all.slice(0, 2));
  await s.app.close();
  t.strictSame(await idsInIndexFile(dataDir), all.slice(2));

  const run = await reindex({ ...env, CMS_SEARCH_INDEX_BATCH_SIZE: '2' });
  t.equal(run.code, 0, run.err);
  // Warnings may reach standard error (the test's default signing key is one); errors may not.
  t.notMatch(run.err, /"level":"error"|cms reindex:/, 'nothing went wrong');
  t.match(run.out, /^reindex: 2\/3 items$/m, 'a line per batch when the output is no terminal');
  t.notMatch(run.out, /0\/0/, 'nothing drawn before the items are counted');
  t.match(run.out, /^reindex: 3\/3 items\nreindex completed: 3 items in \d+ ms\n$/m);
  t.strictSame(await idsInIndexFile(dataDir), all, 'every item is indexed again');

  // An empty index beside content is rebuilt by start-up itself: the command follows that one.
  const emptied = openSqliteSearchIndex(join(dataDir, 'search/index.db'));
  await emptied.remove(all);
  await emptied.close();
  const again = await reindex(env);
  t.equal(again.code, 0, again.err);
  t.notMatch(again.err, /SEARCH_REINDEX_RUNNING|already running/);
  t.match(again.out, /reindex completed: 3 items/);
  t.strictSame(await idsInIndexFile(dataDir), all);
});

t.test('a reindex that fails exits non-zero and says why', async (t) => {
  const dataDir = tempDataDir(t);
  const run = await reindex({ CMS_DATA_DIR: dataDir, ...FAILING_REBUILD_ENV });
  t.equal(run.code, 1);
  t.match(
    run.err,
    /^cms reindex: the reindex failed: this test index cannot be rebuilt; searches keep the index as it was$/m,
  );
});

t.test('a start-up problem exits non-zero with its message', async (t) => {
  const run = await reindex({ CMS_DATA_DIR: tempDataDir(t), CMS_SEARCH_DRIVER: 'nonesuch' });
  t.equal(run.code, 1);
  t.match(run.err, /^cms reindex: .*nonesuch/m);
});

t.test('without a build, the launcher says what to do', async (t) => {
  const elsewhere = tempDataDir(t);
  mkdirSync(join(elsewhere, 'bin'));
  copyFileSync(join(ROOT, 'bin/reindex.mjs'), join(elsewhere, 'bin/reindex.mjs'));
  const child = spawn(process.execPath, [join(elsewhere, 'bin/reindex.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  t.equal(code, 1);
  t.equal(
    err,
    `cms reindex: ${join(elsewhere, 'dist/bundle/host/search/reindex-main.js')} is missing: run \`npm run build\` first\n`,
  );
});

t.test('on a terminal the progress is a bar', async (t) => {
  const out = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  let drawn = '';
  out.on('data', (d) => (drawn += d));
  const view = progressView(out);
  const at = (done: number) => ({
    state: 'running' as const,
    total: 4,
    done,
    startedAt: 0,
    finishedAt: null,
    error: null,
  });
  view.show(at(0));
  view.end({ ...at(4), state: 'completed' });
  t.match(drawn, /Reindexing \[[█░]+\] 100% \| 4\/4 items/);
  t.notMatch(drawn, /^reindex: /m, 'no plain lines');
});
