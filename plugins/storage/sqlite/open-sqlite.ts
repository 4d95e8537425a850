import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheStatements,
  readProperties,
  type DriverRepositories,
  type DriverStorage,
  type StorageOpenContext,
} from '../../../core/plugin/kit.js';
import { translateError, type Db, type Dialect } from '../drizzle/context.js';
import { createRepositories, type TransactionTokens } from '../drizzle/repositories.js';
import * as mainSchema from './schema/index.js';
import * as analyticsSchema from './analytics-schema.js';
import { openAnalyticsSqlite } from './open-analytics-sqlite.js';
import { SQLITE_PROPERTIES } from './properties.js';
import { classifySqliteError } from './sqlite-errors.js';
import { serialWriter } from './group-commit.js';
import { walSync } from './wal-sync.js';
import { checkpointer, WRITER_CHECKPOINT_BACKSTOP_PAGES } from './checkpointer.js';
import { applyMigrations, openReader } from './migrate-file.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const schema = { ...mainSchema, ...analyticsSchema };

const sqliteDialect: Dialect = {
  async insertReturningId(db, table, values) {
    const [row] = await db.insert(table).values(values).returning({ id: table.id });
    return row!.id;
  },
  async insertSettingIfAbsent(db, table, values) {
    await db.insert(table).values(values).onConflictDoNothing();
  },
  insertJobIfAbsentQuery: (db, table, values) =>
    db
      .insert(table)
      .values(values as never)
      .onConflictDoNothing(),
  upsertQuery: (db, { table, key, values, set }) =>
    db.insert(table).values(values).onConflictDoUpdate({ target: key, set }),
  classifyError: classifySqliteError,
};

/**
 * SQLite through better-sqlite3: one writer connection and one read-only connection (WAL lets them
 * work side by side, so plain reads never see another request's uncommitted writes).
 *
 * NOTE: better-sqlite3 is synchronous and drizzle's transaction helper refuses async callbacks, so
 * transactions are managed here (`serialWriter`): a promise-chain mutex serialises them on the
 * writer connection, with group commit, and writes made outside a transaction take the same mutex,
 * so they can never be swept into (or rolled back with) someone else's transaction.
 *
 * Analytics events live in a second file with connections of their own (open-analytics-sqlite.ts),
 * so that the ingest never waits on the content writer.
 */
export function openSqlite(context: StorageOpenContext): DriverStorage {
  const properties = readProperties(context.config, SQLITE_PROPERTIES);
  const file = resolve(context.dataDir, properties['storage.sqlite.file']);
  const busyTimeout = `busy_timeout = ${properties['storage.sqlite.busy.timeout.ms']}`;
  mkdirSync(dirname(file), { recursive: true });
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  // Commits are made durable by `wal` (wal-sync.ts), off this thread; SQLite still syncs around checkpoints.
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma(busyTimeout);
  writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_BACKSTOP_PAGES}`);
  cacheStatements(writer);
  const writeDb = drizzle({ client: writer }) as unknown as Db;
  let reader: Database.Database | undefined;
  let readDb: Db | undefined;

  /** The driver's own statements: their errors are translated like the repositories' are. */
  const driverCall = <T>(call: () => T): T => {
    try {
      return call();
    } catch (error) {
      throw translateError(error, sqliteDialect);
    }
  };

  const analytics = openAnalyticsSqlite({
    mainFile: file,
    busyTimeout,
    dialect: sqliteDialect,
    tables: schema,
    driverCall,
  });
  const { analyticsEvents } = analytics;
  const tokens: TransactionTokens = {};
  const txRepositories: DriverRepositories = {
    ...createRepositories(
      { read: (work) => work(writeDb), write: (work) => work(writeDb), tokens },
      schema,
      sqliteDialect,
      (work) => work(txRepositories),
    ),
    analyticsEvents,
  };

  const wal = walSync(file);
  const checkpoints = checkpointer({
    file,
    busyTimeoutMs: properties['storage.sqlite.busy.timeout.ms'],
    onError: (message) => context.logger.warn({ file, error: message }, 'SQLite checkpoint failed'),
  });
  const serial = serialWriter(writer, driverCall, {
    durable: wal.sync,
    committed: checkpoints.committed,
    lockWaitMs: properties['storage.sqlite.busy.timeout.ms'],
  });
  const { exclusive } = serial;
  const transaction = <T>(work: (tx: DriverRepositories) => Promise<T>): Promise<T> =>
    serial.transaction(() => {
      // What the last transaction knew may have been rolled back, or changed by another process since.
      tokens.definitions = undefined;
      return work(txRepositories);
    });

  const repositories = createRepositories(
    {
      // The reader opens after migration: a read-only connection cannot create the file or the WAL.
      read: (work) => work(readDb ?? writeDb),
      write: (work) => transaction(() => work(writeDb)),
    },
    schema,
    sqliteDialect,
    transaction,
  );

  return {
    ...repositories,
    analyticsEvents,
    driverName: 'sqlite',
    singleWriter: true,
    target: file,
    async migrate() {
      await exclusive(async () => {
        await serial.commitPending();
        driverCall(() => applyMigrations(writer, MIGRATIONS));
        // From here a batch waits for another connection's write lock between turns of the event
        // loop (`lockWaitMs`), not in SQLite's busy handler; migrations above wait in it.
        writer.pragma('busy_timeout = 0');
      });
      if (!reader) {
        reader = driverCall(() => openReader(file, busyTimeout));
        readDb = drizzle({ client: reader }) as unknown as Db;
      }
      await analytics.migrate();
    },
    async ping() {
      driverCall(() => writer.prepare('SELECT 1').get());
    },
    async close() {
      try {
        await exclusive(async () => {
          await serial.commitPending();
          await wal.close();
          await checkpoints.close();
          reader?.close();
          writer.close();
        });
      } finally {
        await analytics.close();
      }
    },
  };
}
