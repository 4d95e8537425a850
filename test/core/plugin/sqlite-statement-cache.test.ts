import Database from 'better-sqlite3';
import t from 'tap';
import { cacheStatements } from '../../../core/plugin/kit.js';

function connection(capacity?: number): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (n INTEGER)');
  db.prepare('INSERT INTO t (n) VALUES (1), (2), (3)').run();
  cacheStatements(db, capacity);
  return db;
}

t.test('the same SQL answers the statement compiled before', async (t) => {
  const db = connection();
  const first = db.prepare('SELECT n FROM t ORDER BY n');
  t.equal(db.prepare('SELECT n FROM t ORDER BY n'), first);
  t.not(db.prepare('SELECT n FROM t ORDER BY n DESC'), first, 'other SQL, another statement');
  db.close();
});

t.test("a statement comes back without the last caller's output mode", async (t) => {
  const db = connection();
  const sql = 'SELECT n FROM t ORDER BY n';
  t.same(db.prepare(sql).pluck().all(), [1, 2, 3]);
  t.same(db.prepare(sql).all(), [{ n: 1 }, { n: 2 }, { n: 3 }], 'pluck reset');
  t.same(db.prepare(sql).raw().all(), [[1], [2], [3]]);
  t.same(db.prepare(sql).get(), { n: 1 }, 'raw reset');
  t.same(db.prepare(sql).expand().get(), { t: { n: 1 } });
  t.same(db.prepare(sql).get(), { n: 1 }, 'expand reset');
  db.prepare('INSERT INTO t (n) VALUES (4)').run();
  t.equal(db.prepare('INSERT INTO t (n) VALUES (4)').run().changes, 1, 'a statement without rows is shared too');
  db.close();
});

t.test('a statement being iterated is not shared: the caller gets one of its own', async (t) => {
  const db = connection();
  const sql = 'SELECT n FROM t ORDER BY n';
  const walking = db.prepare(sql);
  const rows = walking.iterate();
  rows.next();
  t.ok(walking.busy);
  const other = db.prepare(sql);
  t.not(other, walking);
  rows.return?.();
  t.equal(db.prepare(sql), walking, 'shared again once its iteration ended');
  db.close();
});

t.test('the cache keeps the statements used last, up to its capacity', async (t) => {
  const db = connection(2);
  const a = db.prepare('SELECT 1');
  const b = db.prepare('SELECT 2');
  t.equal(db.prepare('SELECT 1'), a, 'a used again: b is now the oldest');
  db.prepare('SELECT 3');
  t.equal(db.prepare('SELECT 1'), a, 'a kept');
  t.not(db.prepare('SELECT 2'), b, 'b dropped, compiled again');
  db.close();
});

t.test("better-sqlite3's own helpers still work", async (t) => {
  const db = connection();
  t.equal(db.pragma('user_version', { simple: true }), 0);
  t.equal(db.pragma('user_version', { simple: true }), 0);
  db.close();
});
