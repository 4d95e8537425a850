import type Database from 'better-sqlite3';
import type { Tables } from './schema.js';

// What the writer keeps count of beside the index (schema.ts): which fields hold one value per
// document (`multi_valued`), and how many documents each name set has (`set_docs`).

/**
 * Whether the set file attached as `schema` keeps `multi_valued`: one made before the table
 * existed does not, and says nothing of which fields are single-valued (a rebuild makes a new one).
 */
export function tracksMultiValued(db: Database.Database, schema: string): boolean {
  return hasTable(db, schema, 'multi_valued');
}

/** Whether the set file attached as `schema` keeps `set_docs` (one made before the table existed does not). */
export function keepsSetDocs(db: Database.Database, schema: string): boolean {
  return hasTable(db, schema, 'set_docs');
}

function hasTable(db: Database.Database, schema: string, name: string): boolean {
  // Read per search: a rebuild may have replaced the set file attached as `schema` since the last.
  return db.prepare(`SELECT 1 FROM ${schema}.sqlite_schema WHERE name = ?`).get(name) !== undefined;
}

/**
 * How many documents the sets `sets` (SQL of their ids, and its parameters; every set when none)
 * have: added up off `set_docs`, or counted where the set file does not keep it.
 */
export function documentsOfSets(
  db: Database.Database,
  tables: Tables,
  sets?: { sql: string; params: unknown[] },
): number {
  const from = keepsSetDocs(db, tables.schema)
    ? `SELECT COALESCE(SUM(docs), 0) FROM ${tables.setDocs}`
    : `SELECT COUNT(*) FROM ${tables.docs}`;
  const sql = sets ? `${from} WHERE nset IN (${sets.sql})` : from;
  return db
    .prepare(sql)
    .pluck()
    .get(...(sets?.params ?? [])) as number;
}

/**
 * Whether every document holds at most one value of `field` (it is not in `multi_valued`): then a
 * count of its rows in a range is a count of documents. Unknown in a set file that does not track
 * it: false.
 */
export function singleValued(db: Database.Database, tables: Tables, field: string): boolean {
  if (!tracksMultiValued(db, tables.schema)) return false;
  const { names, multiValued } = tables;
  const multi = db
    .prepare(`SELECT 1 FROM ${multiValued} WHERE field = (SELECT id FROM ${names} WHERE name = ?)`)
    .get(field);
  return multi === undefined;
}
