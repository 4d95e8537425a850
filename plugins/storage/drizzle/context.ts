import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { classifyChain, translateStorageError, type StorageFailure } from '../../../core/plugin/kit.js';
import type * as sqliteSchema from '../sqlite/schema/index.js';
import type * as sqliteAnalyticsSchema from '../sqlite/analytics-schema.js';

/**
 * The query surface the shared repository code is written against. Drizzle's query builders have
 * the same API on both dialects but different types; the shared code is typed against SQLite's, and
 * the MySQL driver passes its database and tables through one narrow cast (the schema-shape test
 * checks that the row types match).
 */
export type Db = BetterSQLite3Database<Record<string, never>>;
/** SQLite keeps analytics in a file of its own, with its own schema module; MySQL has one schema. */
export type Tables = typeof sqliteSchema & typeof sqliteAnalyticsSchema;

/** An insert of `values` into `table` that overwrites the `set` columns of the row with the same `key`. */
export interface Upsert {
  table: SQLiteTable;
  key: SQLiteColumn[];
  values: Record<string, unknown>;
  set: Record<string, unknown>;
}

/** The few operations whose SQL differs per dialect. */
export interface Dialect {
  /** Inserts one row and answers its auto-increment id (`.returning()` vs `$returningId()`). */
  insertReturningId(
    db: Db,
    table: Tables['languages'],
    values: typeof sqliteSchema.languages.$inferInsert,
  ): Promise<number>;
  /** Inserts unless the primary key exists (`ON CONFLICT DO NOTHING` vs `INSERT IGNORE`). */
  insertSettingIfAbsent(db: Db, table: Tables['settings'], values: { key: string; value: string }): Promise<void>;
  /**
   * An insert of a job that does nothing when a job holds its idempotency key (the earlier job
   * stays as it is); `values` may be placeholders, for a prepared query.
   */
  insertJobIfAbsentQuery(
    db: Db,
    table: Tables['jobs'],
    values: Record<string, unknown>,
  ): { prepare(): { execute(values?: Record<string, unknown>): unknown } };
  /**
   * An insert that, when the primary key (`key`, the key columns) exists, overwrites the `set`
   * columns instead (`ON CONFLICT DO UPDATE` vs `ON DUPLICATE KEY UPDATE`): one statement, not two.
   */
  upsertQuery(db: Db, upsert: Upsert): { prepare(): { execute(values?: Record<string, unknown>): unknown } };
  /** What one of the driver's own errors means (not down the cause chain: the caller walks it). */
  classifyError(error: unknown): StorageFailure | undefined;
}

/**
 * Where queries run. Reads and writes are separated because SQLite reads outside a transaction go
 * to a read-only connection, and writes outside one are serialised with transactions.
 */
export interface Executor {
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  write<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

/** Driver errors never leave the plugin: each becomes a catalogue error, with the driver's error as its cause. */
export function translateError(error: unknown, dialect: Dialect): Error {
  return translateStorageError(error, (e) => dialect.classifyError(e));
}

/** Whether a driver error (anywhere down its cause chain) is a unique-key violation. */
export function isUniqueViolation(error: unknown, dialect: Dialect): boolean {
  return classifyChain(error, (e) => dialect.classifyError(e))?.kind === 'unique';
}

/** Whether an error, translated or not, is a lock conflict worth running the transaction again for. */
export function isLockConflict(error: unknown, dialect: Dialect): boolean {
  return classifyChain(error, (e) => dialect.classifyError(e))?.kind === 'busy';
}

/** Wraps an executor so that every error is translated at the plugin boundary. */
export function translatingExecutor(inner: Executor, dialect: Dialect): Executor {
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translateError(error, dialect);
    }
  };
  return {
    read: (work) => guard(() => inner.read(work)),
    write: (work) => guard(() => inner.write(work)),
  };
}
