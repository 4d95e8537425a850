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

/** What a search reads of the writer's counts, each table's presence looked up once per search. */
export interface IndexStatistics {
  /**
   * Whether every document holds at most one value of `field` (it is not in `multi_valued`): then
   * a count of its rows is a count of documents. Unknown in a set file that does not track it: false.
   */
  singleValued(field: string): boolean;
  /**
   * How many documents the sets `sets` (SQL of their ids, and its parameters) have: added up off
   * `set_docs`, or counted where the set file does not keep it.
   */
  documentsOfSets(sets: { sql: string; params: unknown[] }): number;
  /** How many documents the index holds (the same way). */
  documents(): number;
}

/** The statistics of the set attached as `tables.schema`, for one search (answers are kept for it). */
export function indexStatistics(db: Database.Database, tables: Tables): IndexStatistics {
  let tracked: boolean | undefined;
  let counted: string | undefined;
  const countFrom = (): string =>
    (counted ??= keepsSetDocs(db, tables.schema)
      ? `SELECT COALESCE(SUM(docs), 0) FROM ${tables.setDocs}`
      : `SELECT COUNT(*) FROM ${tables.docs}`);
  const single = new Map<string, boolean>();
  let all: number | undefined;
  return {
    singleValued(field) {
      let answer = single.get(field);
      if (answer === undefined) {
        answer =
          (tracked ??= tracksMultiValued(db, tables.schema)) &&
          db
            .prepare(
              `SELECT 1 FROM ${tables.multiValued} WHERE field = (SELECT id FROM ${tables.names} WHERE name = ?)`,
            )
            .get(field) === undefined;
        single.set(field, answer);
      }
      return answer;
    },
    documentsOfSets: (sets) =>
      db
        .prepare(`${countFrom()} WHERE nset IN (${sets.sql})`)
        .pluck()
        .get(...sets.params) as number,
    documents: () => (all ??= db.prepare(countFrom()).pluck().get() as number),
  };
}
