import t from 'tap';
import type { Test } from 'tap';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/mysql2';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import { createConnection } from 'mysql2/promise';
import * as mysql from '../../plugins/storage/mysql/schema/index.js';
import * as sqliteMain from '../../plugins/storage/sqlite/schema/index.js';
import * as sqliteAnalytics from '../../plugins/storage/sqlite/analytics-schema.js';
import { applyMigrations } from '../../plugins/storage/sqlite/migrate-file.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import {
  compareSchemas,
  declaredShape,
  migratedMysqlShape,
  migratedSqliteShape,
  type AllowedDifference,
  type SchemaShape,
} from '../helpers/schema-shape.js';

// The schemas the migrations build, compared with each other and with their declarations: the
// declarations are compared in schema-shape.test.ts, but the databases are what the migrations made
// of them, and a migration written or edited by hand can leave out a key the declaration has.

const SQLITE = 'the migrated SQLite database';
const MYSQL = 'the migrated MariaDB/MySQL database';

/**
 * Differences that are right. InnoDB needs an index whose first columns are a foreign key's to
 * enforce it, and makes one (named after the constraint) where the declaration has none; SQLite
 * enforces the key without one.
 */
const ALLOWED: AllowedDifference[] = [
  {
    in: MYSQL,
    table: 'permission_grants',
    key: 'index (role_id)',
    why: 'InnoDB indexes the foreign key to roles; the primary key (asset_id, role_id) does not lead with it',
  },
  {
    in: MYSQL,
    table: 'sessions',
    key: 'index (user_id)',
    why: 'InnoDB indexes the foreign key to users; no declared index leads with user_id',
  },
  {
    in: MYSQL,
    table: 'user_roles',
    key: 'index (role_id)',
    why: 'InnoDB indexes the foreign key to roles; the primary key (user_id, role_id) does not lead with it',
  },
];

function migrateSqlite(t: Test): SchemaShape {
  const dir = mkdtempSync(join(tmpdir(), 'cms-schema-shape-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // The two files and folders the SQLite driver migrates (open-sqlite.ts, open-analytics-sqlite.ts).
  const files = [
    { file: 'cms.db', folder: 'migrations' },
    { file: 'cms-analytics.db', folder: 'analytics-migrations' },
  ].map(({ file, folder }) => {
    const db = new Database(join(dir, file));
    t.teardown(() => db.close());
    applyMigrations(db, fileURLToPath(new URL(`../../plugins/storage/sqlite/${folder}`, import.meta.url)));
    return db;
  });
  return migratedSqliteShape(files);
}

async function migrateMysql(t: Test): Promise<SchemaShape | undefined> {
  // An empty database migrated here, as the driver does (open-mysql.ts), not the copy the other tests start from.
  const url = await createTestDatabase(t, { empty: true });
  if (!url) return undefined;
  const connection = await createConnection(url);
  t.teardown(() => connection.end());
  await migrate(drizzle(connection, { mode: 'default' }), {
    migrationsFolder: fileURLToPath(new URL('../../plugins/storage/mysql/migrations', import.meta.url)),
  });
  return migratedMysqlShape(connection, new URL(url).pathname.slice(1));
}

t.test('the migrated SQLite database has the schema its declaration says', async (t) => {
  compareSchemas(
    t,
    { label: SQLITE, shape: migrateSqlite(t) },
    { label: 'the SQLite declaration', shape: declaredShape([sqliteMain, sqliteAnalytics]) },
    { types: true, foreignKeyNames: false },
  );
});

t.test('MariaDB/MySQL', async (t) => {
  // Migrated once for both comparisons: the migrations' hundred DDL statements take seconds on MariaDB.
  const migrated = await migrateMysql(t);
  if (!migrated) return;

  await t.test('the migrated database has the schema its declaration says', async (t) => {
    compareSchemas(
      t,
      { label: MYSQL, shape: migrated },
      { label: 'the MySQL declaration', shape: declaredShape([mysql]) },
      { types: true, foreignKeyNames: true, allowed: ALLOWED },
    );
  });

  await t.test('the migrated databases of both dialects have the same keys, indexes and foreign keys', async (t) => {
    compareSchemas(
      t,
      { label: SQLITE, shape: migrateSqlite(t) },
      { label: MYSQL, shape: migrated },
      { types: false, foreignKeyNames: false, allowed: ALLOWED },
    );
  });
});
