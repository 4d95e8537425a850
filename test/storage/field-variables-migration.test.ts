import t from 'tap';
import type { Test } from 'tap';
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { migrate as mysqlMigrate } from 'drizzle-orm/mysql2/migrator';
import { createConnection } from 'mysql2/promise';
import { createTestDatabase } from '../helpers/mysql-database.js';

// The migration that moves field variables out of the fields' JSON column into their own table.

const folder = (driver: string) =>
  fileURLToPath(new URL(`../../plugins/storage/${driver}/migrations`, import.meta.url));

function scratch(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-field-variables-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of a driver's migrations up to (without) the field variables one: the schema before it. */
function migrationsBefore(t: Test, driver: string): string {
  const copy = join(scratch(t), 'migrations');
  cpSync(folder(driver), copy, { recursive: true });
  const journalFile = join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_field_variables'));
  if (at < 0) throw new Error('there is no field variables migration');
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return copy;
}

/** Two fields as the JSON column held them: one with two variables (kept in that order), one with none. */
const VARIABLES = JSON.stringify([
  { id: 'v-2', key: 'zeta', value: 'last-added first' },
  { id: 'v-1', key: 'Alpha', value: 'x' },
]);
const FIELD_COLUMNS =
  'id, content_type_id, clazz, name, variable, variable_key, data_type, sort_order, required, searchable, indexed, listed, unique_value, read_only, fixed, field_variables, mod_date, i_date';
const fieldRow = (id: string, variables: string) =>
  [id, 'type-1', 'TextField', id, id, id, 'TEXT', 1, 0, 0, 0, 0, 0, 0, 0, variables, 7, 5] as const;
const EXPECTED = [
  { id: 'v-2', field_id: 'f-1', variable_key: 'zeta', variable_value: 'last-added first' },
  { id: 'v-1', field_id: 'f-1', variable_key: 'Alpha', variable_value: 'x' },
];
const MOVED = 'SELECT id, field_id, variable_key, variable_value FROM field_variables ORDER BY created_at, id';

t.test('SQLite: the variables move to field_variables, in order, and the JSON column goes', async (t) => {
  const db = new Database(join(scratch(t), 'cms.db'));
  t.teardown(() => db.close());
  sqliteMigrate(sqliteDrizzle({ client: db }), { migrationsFolder: migrationsBefore(t, 'sqlite') });
  const insert = db.prepare(
    `INSERT INTO fields (${FIELD_COLUMNS}) VALUES (${FIELD_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  // The fields' type is left out: the rows stand for fields of any type.
  db.pragma('foreign_keys = OFF');
  insert.run(...fieldRow('f-1', VARIABLES));
  insert.run(...fieldRow('f-2', '[]'));
  db.pragma('foreign_keys = ON');
  sqliteMigrate(sqliteDrizzle({ client: db }), { migrationsFolder: folder('sqlite') });
  t.same(db.prepare(MOVED).all(), EXPECTED);
  const columns = (db.prepare('PRAGMA table_info(fields)').all() as Array<{ name: string }>).map((c) => c.name);
  t.notOk(columns.includes('field_variables'), 'the JSON column is dropped');
  t.same(db.prepare('SELECT id FROM fields ORDER BY id').all(), [{ id: 'f-1' }, { id: 'f-2' }], 'the fields stay');
});

t.test('MariaDB/MySQL: the variables move to field_variables, in order, and the JSON column goes', async (t) => {
  const url = await createTestDatabase(t, { empty: true });
  if (!url) return;
  const connection = await createConnection(url);
  t.teardown(() => connection.end());
  await mysqlMigrate(mysqlDrizzle(connection), { migrationsFolder: migrationsBefore(t, 'mysql') });
  // The fields' type is left out: the rows stand for fields of any type.
  await connection.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const row of [fieldRow('f-1', VARIABLES), fieldRow('f-2', '[]')]) {
    await connection.query(`INSERT INTO fields (${FIELD_COLUMNS}) VALUES (?)`, [row]);
  }
  await connection.query('SET FOREIGN_KEY_CHECKS = 1');
  await mysqlMigrate(mysqlDrizzle(connection), { migrationsFolder: folder('mysql') });
  const [rows] = await connection.query(MOVED);
  t.same(
    (rows as Array<Record<string, unknown>>).map((row) => ({
      ...row,
      // The key column holds bytes, so that keys compare exactly.
      variable_key: String(row.variable_key),
    })),
    EXPECTED,
  );
  const [columns] = await connection.query("SHOW COLUMNS FROM fields LIKE 'field_variables'");
  t.same(columns, [], 'the JSON column is dropped');
});
