import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ConflictError,
  cacheStatements,
  DEFAULT_SEARCH_LIMITS,
  searchDeadline,
  type IndexRebuild,
  type SearchIndex,
  type SearchLimits,
} from '../../../core/plugin/kit.js';
import { ACTIVE, ATTEMPTS, activeSet, busyAsUnavailable, replacedTooOften, translatingBusy } from './active-set.js';
import { createMatchesTable, runSearch } from './run-search.js';
import { activeSetName, ensureLayout, tablesOf } from './schema.js';
import { searchPool } from './search-pool.js';
import { setWriter, type SetWriter } from './writer.js';
import { abandonRebuild, completeRebuild, prepareSetFiles, startRebuild } from './rebuild.js';
import { RebuildWriter } from './rebuild-writer.js';
import { removeSetFile, setPath } from './set-files.js';

export interface SqliteSearchOptions {
  /** See `MANY_MATCHES` in `run-search.ts` (tests lower it). */
  manyMatches?: number;
  limits?: SearchLimits;
  /**
   * Threads that run searches (`search.embedded.workers`), each with a read-only connection; `0`:
   * on this connection, in the calling thread, the budget then checked between a search's steps.
   */
  workers?: number;
  /** Tests only: see `SearchWorkerData.hold`. */
  hold?: SharedArrayBuffer;
  /** The page cache of each connection to the set file, in MiB (`search.embedded.cache.mb`); SQLite's default (16 MiB as better-sqlite3 builds it) when not given. */
  cacheMiB?: number;
}

/**
 * A search index in SQLite files (WAL, one transaction per batch, durable commits): a main file
 * naming the active set file, which this connection attaches (see `schema.ts`). Several processes
 * may open the same main file: WAL lets readers work beside the one writer at a time, and
 * `busy_timeout` makes a writer wait for another's commit. Searches run in threads of their own
 * (`search-pool.ts`) when `workers` asks for them: a search is synchronous SQLite work, which would
 * otherwise hold the thread that answers requests for as long as it takes. Rebuilds are in
 * `rebuild.ts`, requests in `run-search.ts`.
 */
export function openSqliteSearchIndex(file: string, options: SqliteSearchOptions = {}): SearchIndex {
  const limits = options.limits ?? DEFAULT_SEARCH_LIMITS;
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Searches run here too when no search threads are asked for (search-worker.ts says why).
  cacheStatements(db);
  translatingBusy(() => {
    ensureLayout(db);
    prepareSetFiles(db, file);
  });
  createMatchesTable(db);

  let writer: SetWriter | undefined;
  const set = activeSet(db, file, { onDetach: () => (writer = undefined), cacheMiB: options.cacheMiB });
  // IMMEDIATE: the write lock is taken first, so the active set read inside cannot change before the write.
  const writeTx = db.transaction((work: () => void) => (activeSetName(db) === set.attached ? (work(), true) : false));
  const write = (work: (writer: SetWriter) => void): void =>
    translatingBusy(() => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        set.attach();
        const current = (writer ??= setWriter(db, ACTIVE));
        if (writeTx.immediate(() => work(current))) return;
      }
      throw replacedTooOften();
    });
  const pool =
    (options.workers ?? 0) > 0
      ? searchPool(options.workers!, limits, {
          file,
          manyMatches: options.manyMatches,
          hold: options.hold,
          cacheMiB: options.cacheMiB,
        })
      : undefined;
  let running: IndexRebuild | undefined;

  return {
    async index(documents) {
      write((w) => w.index(documents));
    },
    async remove(ids) {
      write((w) => w.remove(ids));
    },
    async search(request) {
      const started = performance.now();
      const response = pool
        ? await pool.search(request)
        : set.read(() =>
            runSearch(db, tablesOf(ACTIVE), request, {
              manyMatches: options.manyMatches,
              maxResultWindow: limits.maxResultWindow,
              deadline: searchDeadline(limits),
            }),
          );
      response.took = Math.round(performance.now() - started);
      return response;
    },
    async refresh() {
      // Every committed batch is searchable at once.
    },
    async rebuild() {
      if (running) throw new ConflictError('A rebuild of the search index is already running');
      const started = translatingBusy(() => startRebuild(db, file));
      const writer = new RebuildWriter(setPath(file, started.set));
      let over = false;
      const ensureRunning = (): void => {
        if (over) throw new ConflictError('This rebuild of the search index is over (completed or abandoned)');
      };
      const end = async (finish: () => Promise<string | undefined>): Promise<void> => {
        ensureRunning();
        over = true;
        running = undefined;
        try {
          const obsolete = await finish();
          if (obsolete === undefined) return;
          if (obsolete === set.attached) set.detach();
          removeSetFile(setPath(file, obsolete));
        } catch (error) {
          await writer.abandon();
          removeSetFile(setPath(file, started.set));
          throw busyAsUnavailable(error);
        }
      };
      const rebuild: IndexRebuild = {
        async index(documents) {
          ensureRunning();
          await writer.index(documents);
        },
        async remove(ids) {
          ensureRunning();
          await writer.remove(ids);
        },
        async complete() {
          await end(async () => {
            await writer.seal();
            return completeRebuild(db, started);
          });
        },
        async abandon() {
          await end(async () => {
            await writer.abandon();
            abandonRebuild(db, started);
            return started.set;
          });
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
        try {
          await pool?.close();
        } finally {
          db.close();
        }
      }
    },
  };
}
