import t from 'tap';
import type { Test } from 'tap';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialWriter } from '../../plugins/storage/sqlite/group-commit.js';
import { walSync } from '../../plugins/storage/sqlite/wal-sync.js';

/** A WAL database with one table, as the driver's writer connection is set up. */
function database(t: Test): { writer: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cms-group-commit-'));
  const file = join(dir, 'db.sqlite');
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.exec('CREATE TABLE kv (k TEXT PRIMARY KEY)');
  t.teardown(() => {
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { writer, file };
}

const direct = <T>(call: () => T): T => call();

/** A promise and the means to settle it. */
function settleable() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** `durable` under the test's control: each call waits for the test to let it finish. */
function heldFlushes() {
  const calls: Array<ReturnType<typeof settleable>> = [];
  const arrived = [settleable(), settleable(), settleable()];
  return {
    calls,
    /** Resolves once the n-th flush (from 0) was asked for. */
    asked: (n: number) => arrived[n]!.promise,
    durable: () => {
      const call = settleable();
      arrived[calls.length]?.resolve();
      calls.push(call);
      return call.promise;
    },
  };
}

t.test('a caller is answered only once its commit is durable, and the next batch runs meanwhile', async (t) => {
  const { writer } = database(t);
  const flushes = heldFlushes();
  const serial = serialWriter(writer, direct, { durable: flushes.durable });
  const insert = writer.prepare('INSERT INTO kv (k) VALUES (?)');
  const reader = new Database(writer.name, { readonly: true });
  t.teardown(() => reader.close());
  const stored = (k: string) => reader.prepare('SELECT 1 FROM kv WHERE k = ?').get(k) !== undefined;

  let firstAnswered = false;
  const first = serial.transaction(async () => insert.run('first')).then(() => (firstAnswered = true));
  await flushes.asked(0);
  t.ok(stored('first'), 'the first batch is committed');
  t.notOk(firstAnswered, 'but its caller waits for the flush');

  // The writer is free while the first flush runs: a second batch commits and asks for its own.
  const second = serial.transaction(async () => insert.run('second'));
  await flushes.asked(1);
  t.ok(stored('second'), 'the second batch committed while the first flush was still running');

  flushes.calls[1]!.resolve();
  await second;
  t.notOk(firstAnswered, "a later batch's flush answers only its own callers");
  flushes.calls[0]!.resolve();
  await first;
  t.ok(firstAnswered);
});

t.test('a flush that fails answers every caller of its batch with the error, and the next batch works', async (t) => {
  const { writer } = database(t);
  const flushes = heldFlushes();
  const serial = serialWriter(writer, direct, { durable: flushes.durable });
  const insert = writer.prepare('INSERT INTO kv (k) VALUES (?)');
  const batch = [serial.transaction(async () => insert.run('a')), serial.transaction(async () => insert.run('b'))];
  await flushes.asked(0);
  flushes.calls[0]!.reject(new Error('EIO: i/o error, fdatasync'));
  for (const caller of batch) await t.rejects(caller, { message: /fdatasync/ });
  const next = serial.transaction(async () => insert.run('c'));
  await flushes.asked(1);
  flushes.calls[1]!.resolve();
  await next;
  t.same(
    writer.prepare('SELECT k FROM kv ORDER BY k').pluck().all(),
    ['a', 'b', 'c'],
    'the failed batch was committed all the same: only whether it reached the disk is unknown',
  );
});

t.test('commitPending resolves once the pending batch is durable', async (t) => {
  const { writer } = database(t);
  const flushes = heldFlushes();
  const serial = serialWriter(writer, direct, { durable: flushes.durable });
  const insert = writer.prepare('INSERT INTO kv (k) VALUES (?)');
  const queued = serial.transaction(async () => insert.run('queued'));
  let committed = false;
  const pending = serial.exclusive(async () => {
    await serial.commitPending();
    committed = true;
  });
  await flushes.asked(0);
  t.notOk(committed, 'it waits for the flush');
  flushes.calls[0]!.resolve();
  await Promise.all([queued, pending]);
  t.ok(committed);
});

t.test('the log flush flushes the write-ahead log, shares a follow-up among late callers, and closes', async (t) => {
  const { writer, file } = database(t);
  const wal = walSync(file);
  writer.exec("INSERT INTO kv (k) VALUES ('x')");
  // Many callers at once: one flush runs, the rest share the one after it; every caller is answered.
  await Promise.all(Array.from({ length: 20 }, () => wal.sync()));
  await wal.close();
  await wal.close();
  t.pass('closing twice is harmless');
});

t.test('before the log exists, a flush fails, and the next one opens it once it does', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-group-commit-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'db.sqlite');
  const wal = walSync(file);
  t.teardown(() => wal.close());
  await t.rejects(wal.sync(), { code: 'ENOENT' });
  const writer = new Database(file);
  t.teardown(() => writer.close());
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE kv (k TEXT PRIMARY KEY)');
  await wal.sync();
  t.pass('the log is flushed');
});

t.test('a batch waits for another connection’s write lock between turns of the event loop', async (t) => {
  const { writer, file } = database(t);
  writer.pragma('busy_timeout = 0');
  const other = new Database(file);
  t.teardown(() => other.close());
  const insert = writer.prepare('INSERT INTO kv (k) VALUES (?)');

  const serial = serialWriter(writer, direct, { lockWaitMs: 5_000 });
  other.exec('BEGIN IMMEDIATE');
  // Released by a timer: it fires only if the waiting batch leaves the thread free.
  setTimeout(() => other.exec('COMMIT'), 20);
  await serial.transaction(async () => insert.run('after-wait'));
  t.equal(writer.prepare('SELECT COUNT(*) FROM kv').pluck().get(), 1, 'stored once the lock was free');

  const impatient = serialWriter(writer, direct, { lockWaitMs: 30 });
  other.exec('BEGIN IMMEDIATE');
  t.teardown(() => other.inTransaction && other.exec('ROLLBACK'));
  await t.rejects(
    impatient.transaction(async () => insert.run('never')),
    { code: 'SQLITE_BUSY' },
    'past the wait, the busy error',
  );
});
