import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConflictError, UnavailableError, type IndexRebuild, type SearchIndex } from '../../../core/plugin/kit.js';
import { runSearch } from './run-search.js';
import { activeSet, ensureLayout, tablesOf, type TableSet } from './schema.js';
import { setWriter, type SetWriter } from './writer.js';
import { abandonRebuild, completeRebuild, dropLeftoverRebuild, startRebuild } from './rebuild.js';

/**
 * A search index in one SQLite file (WAL, one transaction per batch, durable commits). Several
 * processes may open the same file: WAL lets readers work beside the one writer at a time, and
 * `busy_timeout` makes a writer wait for another's commit. The tables are described in `schema.ts`,
 * the rebuild in `rebuild.ts`, requests in `run-search.ts`.
 */
export function openSqliteSearchIndex(file: string): SearchIndex {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  translatingBusy(() => {
    ensureLayout(db);
    dropLeftoverRebuild(db);
  });

  const writers = new Map<TableSet, SetWriter>();
  const writerOf = (set: TableSet): SetWriter => {
    const writer = writers.get(set) ?? setWriter(db, set);
    writers.set(set, writer);
    return writer;
  };
  // IMMEDIATE: the write lock is taken first, so the active set read inside cannot change before the write.
  const write = (work: () => void): void => translatingBusy(() => db.transaction(work).immediate());
  // One read transaction: the active set, the total, the hits and the aggregations see one snapshot.
  const read = db.transaction((work: () => ReturnType<typeof runSearch>) => work());
  let running: IndexRebuild | undefined;

  return {
    async index(documents) {
      write(() => writerOf(activeSet(db)).index(documents));
    },
    async remove(ids) {
      write(() => writerOf(activeSet(db)).remove(ids));
    },
    async search(request) {
      const started = performance.now();
      const response = translatingBusy(() => read(() => runSearch(db, tablesOf(activeSet(db)), request)));
      response.took = Math.round(performance.now() - started);
      return response;
    },
    async refresh() {
      // Every committed batch is searchable at once.
    },
    async rebuild() {
      if (running) throw new ConflictError('A rebuild of the search index is already running');
      const { set, token } = translatingBusy(() => startRebuild(db));
      // The set's tables were dropped and created again: statements prepared on the old ones go.
      writers.delete(set);
      let over = false;
      const ensureRunning = (): void => {
        if (over) throw new ConflictError('This rebuild of the search index is over (completed or abandoned)');
      };
      const end = (finish: () => void): void => {
        ensureRunning();
        translatingBusy(finish);
        over = true;
        running = undefined;
        writers.clear();
      };
      const rebuild: IndexRebuild = {
        async index(documents) {
          ensureRunning();
          write(() => writerOf(set).index(documents));
        },
        async remove(ids) {
          ensureRunning();
          write(() => writerOf(set).remove(ids));
        },
        async complete() {
          end(() => completeRebuild(db, token));
        },
        async abandon() {
          end(() => abandonRebuild(db, token));
        },
      };
      running = rebuild;
      return rebuild;
    },
    async close() {
      // A rebuild still running when the index closes is abandoned rather than left behind.
      try {
        if (running) await running.abandon();
      } finally {
        db.close();
      }
    },
  };
}

/**
 * Another process held the index longer than `busy_timeout`: a 503 the client may retry. Other
 * SQLite errors are faults (a 500, logged with the cause).
 */
function translatingBusy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new UnavailableError('The search index is busy; try again', { retryAfterSeconds: 1, cause: error });
    throw error;
  }
}
