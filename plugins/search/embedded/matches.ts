import type Database from 'better-sqlite3';
import { VALUE_WORDS_TABLES } from './value-words.js';

/** The documents a search matches, with their scores: computed once, then read for the total, the page and the aggregations. */
export const MATCHES = 'temp.search_matches';

/** Once per connection, before searches: the temporary tables of a search (`temp_store` in memory). */
export function createMatchesTable(db: Database.Database): void {
  db.pragma('temp_store = MEMORY');
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS search_matches (doc INTEGER PRIMARY KEY, score REAL)`);
  db.exec(VALUE_WORDS_TABLES);
}

/**
 * Runs a full-text sub-query (`SELECT doc, score ...`) into `temp.<name>`, keyed by document: the
 * query looks each document's score up there (a materialised CTE, whose size SQLite guesses from
 * FTS5's estimate, was scanned once per document instead).
 */
export function fillFullText(db: Database.Database, name: string, sql: string, params: unknown[]): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${name} (doc INTEGER PRIMARY KEY, s REAL)`);
  db.prepare(`DELETE FROM temp.${name}`).run();
  db.prepare(`INSERT INTO temp.${name} (doc, s) ${sql}`).run(...params);
}
