import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/mysql2';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import type { Connection } from 'mysql2/promise';

const MIGRATIONS = fileURLToPath(new URL('../../plugins/storage/mysql/migrations', import.meta.url));
/** Where drizzle records the migrations it applied: copied, so the app finds nothing left to do. */
const JOURNAL = '__drizzle_migrations';

/** The schema the migrations build: each table as the server shows it, and the journal's rows. */
interface MigratedSchema {
  tables: string[];
  journal: Array<Record<string, unknown>>;
}

/**
 * Gives the (empty) database `name` the schema the migrations build, as one CREATE TABLE per table
 * (indexes and foreign keys included) instead of the migrations' hundred statements. The schema is
 * taken once by running the real migrations into a scratch database, and kept in the temp directory
 * under a digest of the migration files and the server's version, so every test file of a run (each
 * its own process) and later runs share it; a change to the migrations makes a new one.
 */
export async function createMigratedSchema(connection: Connection, name: string): Promise<void> {
  const schema = await migratedSchema(connection);
  await connection.query(`USE \`${name}\``);
  // Tables are created in name order: a foreign key may name a table made after it.
  await connection.query('SET FOREIGN_KEY_CHECKS = 0');
  try {
    for (const table of schema.tables) await connection.query(table);
  } finally {
    await connection.query('SET FOREIGN_KEY_CHECKS = 1');
  }
  const columns = Object.keys(schema.journal[0] ?? {});
  if (columns.length > 0)
    await connection.query(`INSERT INTO \`${JOURNAL}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
      schema.journal.map((row) => columns.map((c) => row[c])),
    ]);
}

async function migratedSchema(connection: Connection): Promise<MigratedSchema> {
  const [[server]] = (await connection.query('SELECT VERSION() AS version')) as unknown as [[{ version: string }]];
  const digest = createHash('sha256').update(server.version);
  for (const file of filesUnder(MIGRATIONS)) digest.update(file).update(readFileSync(join(MIGRATIONS, file)));
  const kept = join(tmpdir(), `cms-test-mysql-schema-${digest.digest('hex').slice(0, 20)}.json`);
  try {
    return JSON.parse(readFileSync(kept, 'utf8')) as MigratedSchema;
  } catch {
    // Not taken yet (or being written by another file right now): take it, and keep it.
  }
  const scratch = `cms_test_schema_${randomBytes(6).toString('hex')}`;
  await connection.query(`CREATE DATABASE \`${scratch}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    await connection.query(`USE \`${scratch}\``);
    await migrate(drizzle(connection, { mode: 'default' }), { migrationsFolder: MIGRATIONS });
    const [names] = (await connection.query('SHOW TABLES')) as unknown as [Array<Record<string, string>>];
    const tables: string[] = [];
    for (const row of names) {
      const table = Object.values(row)[0]!;
      const [[shown]] = (await connection.query(`SHOW CREATE TABLE \`${table}\``)) as unknown as [
        [Record<string, string>],
      ];
      tables.push(shown['Create Table']!);
    }
    const [journal] = (await connection.query(`SELECT * FROM \`${JOURNAL}\``)) as unknown as [
      Array<Record<string, unknown>>,
    ];
    const schema: MigratedSchema = { tables: tables.sort(), journal };
    // Written whole, then renamed: another file reading it never sees half.
    const partial = `${kept}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(schema));
    renameSync(partial, kept);
    return schema;
  } finally {
    await connection.query(`DROP DATABASE IF EXISTS \`${scratch}\``);
  }
}

/** The migration folder's files (the SQL and drizzle's journal), by path, in a stable order. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) =>
      statSync(join(dir, entry)).isDirectory()
        ? filesUnder(join(dir, entry), `${prefix}${entry}/`)
        : [`${prefix}${entry}`],
    );
}
