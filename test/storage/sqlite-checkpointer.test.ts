import t from 'tap';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkpointer, type CheckpointResult } from '../../plugins/storage/sqlite/checkpointer.js';

t.test('the checkpoint thread copies the log into the database once enough commits were made', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-checkpointer-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'db.sqlite');
  const writer = new Database(file);
  t.teardown(() => writer.close());
  writer.pragma('journal_mode = WAL');
  // As the driver's writer: SQLite's own checkpoints only as a backstop, far away.
  writer.pragma('wal_autocheckpoint = 100000');
  writer.exec('CREATE TABLE kv (k INTEGER PRIMARY KEY, v TEXT)');
  const results: CheckpointResult[] = [];
  let done!: () => void;
  const checkpointed = new Promise<void>((resolve) => (done = resolve));
  const errors: string[] = [];
  const checkpoints = checkpointer({
    file,
    busyTimeoutMs: 1000,
    commitsPerCheckpoint: 10,
    onError: (message) => errors.push(message),
    onCheckpoint: (result) => {
      results.push(result);
      done();
    },
  });
  t.teardown(() => checkpoints.close());
  const insert = writer.prepare('INSERT INTO kv (v) VALUES (?)');
  const sizeBefore = statSync(file).size;
  for (let i = 0; i < 9; i++) {
    insert.run('x'.repeat(2000));
    checkpoints.committed();
  }
  t.equal(results.length, 0, 'nothing before the tenth commit');
  insert.run('x'.repeat(2000));
  checkpoints.committed();
  await checkpointed;
  t.same(errors, []);
  t.ok(results[0]!.log > 0, 'the log had frames');
  t.equal(results[0]!.checkpointed, results[0]!.log, 'all of them are in the database file now');
  t.ok(statSync(file).size > sizeBefore + 10 * 2000, 'which grew by the rows written');
  await checkpoints.close();
  await checkpoints.close();
  t.pass('closing twice is harmless');
});
