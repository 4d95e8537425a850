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
