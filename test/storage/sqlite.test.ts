import t from 'tap';
import type { Test } from 'tap';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import type { DriverStorage } from '../../core/plugin/storage/index.js';
import sqlitePlugin from '../../plugins/storage/sqlite/index.js';
import { storageContractSuite } from '../../core/plugin/testing/index.js';
import { normalisedEvent } from '../../core/plugin/testing/index.js';
import { SOURCE_LOADER } from '../helpers/source-entry.js';
import { within } from '../helpers/wait-async.js';

/** Storage tests stay independent of the host (test-app.ts pulls in the whole service). */
function tempDataDir(t: Pick<Test, 'teardown'>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-storage-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function openIn(t: Pick<Test, 'teardown'>, dataDir: string): Promise<DriverStorage> {
  const [driver] = (await sqlitePlugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers!;
  const storage = await driver!.open({ config: new Config(), dataDir, logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

storageContractSuite(t, (test) => openIn(test, tempDataDir(test)));

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

const analyticsEvent = normalisedEvent({
  sessionId: 's',
  userId: 'u',
  receivedAt: '2025-06-09T12:00:00.000Z',
  pageUrl: '/',
});

t.test('analytics events live in a WAL file of their own beside the main database', async (t) => {
  const dataDir = tempDataDir(t);
  const storage = await openIn(t, dataDir);
  await storage.analyticsEvents.insert('s1', [analyticsEvent]);
  const analytics = new Database(join(dataDir, 'cms-analytics.db'), { readonly: true });
  t.teardown(() => analytics.close());
  t.equal(analytics.pragma('journal_mode', { simple: true }), 'wal');
  t.same(analytics.prepare('SELECT site_id, page_url FROM analytics_events').all(), [{ site_id: 's1', page_url: '/' }]);
  const main = new Database(join(dataDir, 'cms.db'), { readonly: true });
  t.teardown(() => main.close());
  t.equal(
    main.prepare("SELECT name FROM sqlite_master WHERE name = 'analytics_events'").get(),
    undefined,
    'the main database has no analytics table',
  );
});

t.test('the ingest never waits on the content writer', async (t) => {
  const storage = await openIn(t, tempDataDir(t));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let contentDone = false;
  const content = storage
    .transaction(async (tx) => {
      await tx.settings.put('content', 'x');
      await gate;
    })
    .then(() => (contentDone = true));
  // The main writer is held by the open transaction: a write there would queue behind it.
  // In the main file this insert would wait for the gate, which is only opened below: failed at the
  // wait bound, not hung.
  t.equal(
    await within(storage.analyticsEvents.insert('s1', [analyticsEvent]), {
      what: 'the analytics insert while the content writer is held',
    }),
    undefined,
  );
  t.equal((await storage.analyticsEvents.list({ siteId: 's1', limit: 10, offset: 0 })).total, 1);
  t.notOk(contentDone, 'stored and read back while the content transaction is still open');
  release();
  await content;
});

t.test('analytics batches stored at once are each answered only once another connection sees them', async (t) => {
  const dataDir = tempDataDir(t);
  const storage = await openIn(t, dataDir);
  const reader = new Database(join(dataDir, 'cms-analytics.db'), { readonly: true });
  t.teardown(() => reader.close());
  const storedFor = (site: string) =>
    (reader.prepare('SELECT count(*) AS n FROM analytics_events WHERE site_id = ?').get(site) as { n: number }).n;
  const seenAtAnswer = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      storage.analyticsEvents
        .insert(`site-${i}`, [analyticsEvent, { ...analyticsEvent, eventType: 'conversion' }])
        .then(() => storedFor(`site-${i}`)),
    ),
  );
  t.same(seenAtAnswer, Array(40).fill(2), 'another connection sees both events of every answered batch');
});

t.test('an analytics batch is stored whole or not at all, and a failing commit fails every batch in it', async (t) => {
  const dataDir = tempDataDir(t);
  const storage = await openIn(t, dataDir);
  const admin = new Database(join(dataDir, 'cms-analytics.db'));
  // ABORT fails the statement (its batch rolls back alone); ROLLBACK ends the whole shared transaction.
  admin.exec(`CREATE TRIGGER refuse BEFORE INSERT ON analytics_events WHEN NEW.page_url = '/refused'
    BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  admin.exec(`CREATE TRIGGER poison BEFORE INSERT ON analytics_events WHEN NEW.page_url = '/poison'
    BEGIN SELECT RAISE(ROLLBACK, 'poisoned'); END`);
  admin.close();
  const count = async (siteId: string) => (await storage.analyticsEvents.list({ siteId, limit: 1, offset: 0 })).total;

  const [whole, refused] = await Promise.allSettled([
    storage.analyticsEvents.insert('kept', [analyticsEvent, analyticsEvent]),
    storage.analyticsEvents.insert('refused', [analyticsEvent, { ...analyticsEvent, pageUrl: '/refused' }]),
  ]);
  t.equal(whole.status, 'fulfilled');
  t.match(refused, { status: 'rejected', reason: { message: 'Storage operation failed' } });
  t.equal(await count('kept'), 2, 'its batch-mate is stored');
  t.equal(await count('refused'), 0, 'no event of the refused batch is stored, not even the first');

  const group = await Promise.allSettled([
    storage.analyticsEvents.insert('innocent', [analyticsEvent]),
    storage.analyticsEvents.insert('poison', [{ ...analyticsEvent, pageUrl: '/poison' }]),
  ]);
  t.match(
    group,
    [{ status: 'rejected' }, { status: 'rejected' }],
    'the batch that shared the lost commit is not answered as stored',
  );
  t.equal(await count('innocent'), 0);
  await storage.analyticsEvents.insert('after', [analyticsEvent]);
  t.equal(await count('after'), 1, 'the next batch is stored');
});

t.test('driver errors at the boundary are translated, even outside the repositories', async (t) => {
  const storage = await openIn(t, tempDataDir(t));
  await storage.close();
  const translated = { message: 'Storage operation failed', code: 'STORAGE_FAILED' };
  await t.rejects(storage.ping(), translated, 'ping on a closed database');
  await t.rejects(
    storage.transaction(async () => 1),
    translated,
    'BEGIN on a closed database',
  );
});

t.test(
  'transactions that queue up share a commit, and each caller is answered only once its work is on disk',
  async (t) => {
    const dataDir = tempDataDir(t);
    const storage = await openIn(t, dataDir);
    const other = new Database(join(dataDir, 'cms.db'), { readonly: true });
    t.teardown(() => other.close());
    const committed = (key: string) =>
      other.prepare('SELECT setting_value FROM settings WHERE setting_key = ?').get(key) !== undefined;
    const seenAtAnswer: boolean[] = [];
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        storage
          .transaction(async (tx) => {
            await tx.settings.putIfAbsent(`batch-${i}`, 'x');
            return i;
          })
          .then(() => seenAtAnswer.push(committed(`batch-${i}`))),
      ),
    );
    t.equal(seenAtAnswer.length, 100);
    t.ok(seenAtAnswer.every(Boolean), 'another connection sees every answered transaction');
  },
);

t.test('closing commits transactions that are waiting for their batch to commit', async (t) => {
  const dataDir = tempDataDir(t);
  const storage = await openIn(t, dataDir);
  const pending = Array.from({ length: 5 }, (_, i) => storage.settings.putIfAbsent(`late-${i}`, 'kept'));
  // Queued behind the writes: the batch they form has not committed when close runs.
  const closed = storage.close();
  await Promise.all(pending);
  await closed;
  const reopened = await openIn(t, dataDir);
  for (let i = 0; i < 5; i++) t.equal(await reopened.settings.get(`late-${i}`), 'kept');
});

t.test('when SQLite rolls back a whole batch, every transaction in it fails, and the next batch works', async (t) => {
  const dataDir = tempDataDir(t);
  const storage = await openIn(t, dataDir);
  // RAISE(ROLLBACK) ends the whole transaction, not just the statement: the batch-mates' work is gone with it.
  const admin = new Database(join(dataDir, 'cms.db'));
  admin.exec(
    `CREATE TRIGGER poison BEFORE INSERT ON settings WHEN NEW.setting_key = 'poison' BEGIN SELECT RAISE(ROLLBACK, 'poisoned'); END`,
  );
  admin.close();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const first = storage.transaction(async (tx) => tx.settings.putIfAbsent('innocent', 'x'));
  const second = storage.transaction(async (tx) => {
    await gate;
    return tx.settings.putIfAbsent('poison', 'x');
  });
  // Queued behind the poisoned one: it must start a new batch, not join the one that is gone.
  const third = storage.transaction(async (tx) => tx.settings.putIfAbsent('after', 'y'));
  release();
  await t.rejects(second, { message: 'Storage operation failed' });
  await t.rejects(
    first,
    { message: 'Storage operation failed' },
    'its batch-mate is not answered as if it had been stored',
  );
  t.equal(await storage.settings.get('innocent'), undefined);
  t.equal(await third, 'y');
  t.equal(await storage.settings.get('after'), 'y', 'the next transaction was committed and answered as such');
});

/** A Node process running `code` (an ES module) on the sources, tsx only if they run uncompiled: no tap loaders. */
function startNode(code: string, args: string[]) {
  const child = spawn(process.execPath, [...SOURCE_LOADER, '--input-type=module', '-e', code, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
  // A child that dies before it is ready must not leave the test waiting.
  const ready = Promise.race([
    new Promise<void>((resolve) => child.stdout.once('data', () => resolve())),
    done.then(() => undefined),
  ]);
  return { go: () => child.stdin.end('go'), ready, done };
}

t.test('several processes migrating one new database at once all start', async (t) => {
  const dataDir = tempDataDir(t);
  // Every child opens, says it is ready, and migrates only when told, so that the migrations really
  // overlap: drizzle reads the journal table before its BEGIN, and the losers of that race must
  // recover. Without the driver's second pass this fails in most runs, not in all: it is a race.
  const child = `
    const { default: plugin } = await import(${JSON.stringify(new URL('../../plugins/storage/sqlite/index.js', import.meta.url).href)});
    const { Config } = await import(${JSON.stringify(new URL('../../core/config/config.js', import.meta.url).href)});
    const { silentLogger } = await import(${JSON.stringify(new URL('../../core/logger.js', import.meta.url).href)});
    const dataDir = process.argv.at(-1);
    const [driver] = (await plugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers;
    const storage = await driver.open({ config: new Config(), dataDir, logger: silentLogger });
    process.stdout.write('ready');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    await storage.migrate();
    await storage.close();`;
  const children = Array.from({ length: 10 }, () => startNode(child, [dataDir]));
  await Promise.all(children.map((c) => c.ready));
  for (const c of children) c.go();
  const results = await Promise.all(children.map((c) => c.done));
  t.same(
    results,
    results.map(() => ({ code: 0, output: 'ready' })),
    'every process migrated',
  );
  const storage = await openIn(t, dataDir);
  t.equal(await storage.settings.putIfAbsent('after', 'yes'), 'yes');
});

// The version tokens every cached answer reads: a commit of this process's writer or of another
// process is seen at once.
t.test('version tokens are read again once any connection has committed, here or in another process', async (t) => {
  const dataDir = tempDataDir(t);
  const here = await openIn(t, dataDir);
  const there = await openIn(t, dataDir);
  const first = await here.versionTokens();
  t.same(await here.versionTokens(), first, 'nothing written: the same tokens');
  await there.renewNavigationVersion();
  const second = await here.versionTokens();
  t.not(second.navigation, first.navigation, "another process's commit is seen");
  t.equal(second.navigation, (await there.versionTokens()).navigation);
  await here.renewNavigationVersion();
  const third = await here.versionTokens();
  t.not(third.navigation, second.navigation, "this process's own commit is seen");
  t.equal(await here.definitionsVersion(), third.definitions);
  await there.settings.put('unrelated', 'x');
  t.same(await here.versionTokens(), third, 'a commit of something else: read again, the tokens unchanged');
});
