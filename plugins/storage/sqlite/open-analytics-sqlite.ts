import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheStatements, type AnalyticsEventRepository } from '../../../core/plugin/kit.js';
import { analyticsEventRepository } from '../drizzle/analytics-event-repository.js';
import { translatingExecutor, type Db, type Dialect, type Tables } from '../drizzle/context.js';
import { serialWriter } from './group-commit.js';
import { preparedEventInsert } from './analytics-event-insert.js';
import { applyMigrations, openReader } from './migrate-file.js';

const MIGRATIONS = fileURLToPath(new URL('./analytics-migrations', import.meta.url));

export interface AnalyticsOpen {
  /** The main database file: the analytics file is named after it (`cms.db` → `cms-analytics.db`). */
  mainFile: string;
  /** The `busy_timeout` pragma of the main file. */
  busyTimeout: string;
  dialect: Dialect;
  tables: Tables;
  /** Runs a statement of the driver's own, translating its errors. */
  driverCall: <T>(call: () => T) => T;
}

/** Beside the main file, named after it, so that installations sharing a data directory stay apart. */
function analyticsFileOf(mainFile: string): string {
  const extension = extname(mainFile);
  return join(dirname(mainFile), `${basename(mainFile, extension)}-analytics${extension || '.db'}`);
}

export interface AnalyticsDatabase {
  analyticsEvents: AnalyticsEventRepository;
  /** Applies the analytics migrations (safe from several processes at once), then opens the reader. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The analytics events of a SQLite installation, in a database file of their own beside the main
 * one. SQLite lets one writer at a time into a file: in the main file every ingested batch would
 * queue behind content transactions (and, across processes, wait on their file lock). Here it has
 * its own writer connection, its own serialised transactions with group commit, its own WAL and a
 * read-only connection for the dashboards' reads.
 *
 * NOTE: a consequence: on SQLite, `tx.analyticsEvents` inside a transaction of the main database
 * does not join it (another file, another connection); each call commits on its own. Analytics
 * writes are never part of a content change, so nothing needs them to.
 *
 * `synchronous = NORMAL` (the main file has FULL): in WAL mode it never corrupts the file, but a
 * power cut may lose the last commits. Losing a few seconds of events is acceptable; making every
 * ingest batch wait for the disk is not.
 */
export function openAnalyticsSqlite({
  mainFile,
  busyTimeout,
  dialect,
  tables,
  driverCall,
}: AnalyticsOpen): AnalyticsDatabase {
  const file = analyticsFileOf(mainFile);
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  // Each transaction of a group commit runs in a SAVEPOINT, which keeps a copy of every page it
  // changes (the sub-journal); past 64 KiB SQLite spills that copy to a temporary file, and writing
  // it was a third of the ingest's system time. An ingest batch's copy is a few hundred KiB at most.
  writer.pragma('temp_store = MEMORY');
  writer.pragma(busyTimeout);
  cacheStatements(writer);
  const writeDb = drizzle({ client: writer }) as unknown as Db;
  let reader: Database.Database | undefined;
  let readDb: Db | undefined;
  const serial = serialWriter(writer, driverCall);
  const executor = translatingExecutor(
    {
      read: (work) => work(readDb ?? writeDb),
      // A transaction even for one statement: a batch of more than one INSERT, or deleteBefore's
      // read-then-delete, is all or nothing, and never interleaves with another write.
      write: (work) => serial.transaction(() => work(writeDb)),
    },
    dialect,
  );
  // Prepared on first use: the table exists only once migrate() has run.
  let insertEvents: ReturnType<typeof preparedEventInsert> | undefined;
  const analyticsEvents: AnalyticsEventRepository = {
    ...analyticsEventRepository(executor, tables),
    insert: (siteId, events) =>
      events.length === 0
        ? Promise.resolve()
        : executor.write(async () => {
            insertEvents ??= preparedEventInsert(writer, tables.analyticsEvents);
            insertEvents(siteId, events);
          }),
  };
  return {
    analyticsEvents,
    async migrate() {
      await serial.exclusive(async () => {
        await serial.commitPending();
        driverCall(() => applyMigrations(writer, MIGRATIONS));
      });
      if (!reader) {
        reader = driverCall(() => openReader(file, busyTimeout));
        readDb = drizzle({ client: reader }) as unknown as Db;
      }
    },
    async close() {
      await serial.exclusive(async () => {
        await serial.commitPending();
        reader?.close();
        writer.close();
      });
    },
  };
}
