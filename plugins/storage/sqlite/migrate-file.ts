import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cacheStatements } from '../../../core/plugin/kit.js';

/**
 * Applies a folder's migrations through the writer connection of an SQLite file (the main one and
 * the analytics one). Another process may have migrated between drizzle's look at the journal table
 * and its BEGIN (the loser then fails on "table exists" or a stale snapshot). What it applied is
 * recorded now, so a second pass skips it; a second failure is real.
 */
export function applyMigrations(writer: Database.Database, migrationsFolder: string): void {
  const apply = () => migrate(drizzle({ client: writer }), { migrationsFolder });
  try {
    apply();
  } catch {
    apply();
  }
}

/** The read-only connection of a migrated file, with the writer's statement cache and busy timeout. */
export function openReader(file: string, busyTimeout: string): Database.Database {
  const reader = new Database(file, { readonly: true });
  cacheStatements(reader);
  reader.pragma(busyTimeout);
  return reader;
}
