import type Database from 'better-sqlite3';
import type { Tables } from './schema.js';

// Which fields hold one value per document, from `multi_valued` (schema.ts), which the writer keeps.

/**
 * Whether the set file attached as `schema` keeps `multi_valued`: one made before the table
 * existed does not, and says nothing of which fields are single-valued (a rebuild makes a new one).
 */
export function tracksMultiValued(db: Database.Database, schema: string): boolean {
  // Read per search: a rebuild may have replaced the set file attached as `schema` since the last.
  return db.prepare(`SELECT 1 FROM ${schema}.sqlite_schema WHERE name = 'multi_valued'`).get() !== undefined;
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
