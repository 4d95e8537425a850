import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConflictError, UnavailableError, type IndexRebuild, type SearchIndex } from '../../../core/plugin/kit.js';
import { createMatchesTable, runSearch } from './run-search.js';
import { activeSetName, ensureLayout, tablesOf } from './schema.js';
import { setWriter, type SetWriter } from './writer.js';
import { abandonRebuild, completeRebuild, prepareSetFiles, startRebuild } from './rebuild.js';
import { RebuildWriter } from './rebuild-writer.js';
import { removeSetFile, setPath } from './set-files.js';

/** The schema name the active set file is attached under. */
const ACTIVE = 'idx';

/** Attempts to find the active set unchanged between attaching it and reading it (a rebuild may complete in between). */
const ATTEMPTS = 5;

/**
 * A search index in SQLite files (WAL, one transaction per batch, durable commits): a main file
 * naming the active set file, which this connection attaches (see `schema.ts`). Several processes
 * may open the same main file: WAL lets readers work beside the one writer at a time, and
 * `busy_timeout` makes a writer wait for another's commit. Rebuilds are in `rebuild.ts`, requests
 * in `run-search.ts`.
 */
export function openSqliteSearchIndex(file: string, tuning: { manyMatches?: number } = {}): SearchIndex {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  translatingBusy(() => {
    ensureLayout(db);
    prepareSetFiles(db, file);
  });
  createMatchesTable(db);

  let attached: string | undefined;
  let writer: SetWriter | undefined;
  const detach = (): void => {
    if (attached === undefined) return;
    db.exec(`DETACH ${ACTIVE}`);
    attached = undefined;
    writer = undefined;
  };
  /** Attaches the set file `meta` names, if it is not the one attached (ATTACH cannot run inside a transaction). */
  const attachActive = (): void => {
    const name = activeSetName(db);
    if (name === attached || name === undefined) return;
    detach();
    db.prepare(`ATTACH ? AS ${ACTIVE}`).run(setPath(file, name));
    db.pragma(`${ACTIVE}.synchronous = FULL`);
    attached = name;
  };
  // IMMEDIATE: the write lock is taken first, so the active set read inside cannot change before the write.
  const writeTx = db.transaction((work: () => void) => (activeSetName(db) === attached ? (work(), true) : false));
  // One read transaction: the active set, the total, the hits and the aggregations see one snapshot.
  const readTx = db.transaction(<T>(work: () => T) => (activeSetName(db) === attached ? { value: work() } : undefined));
  const write = (work: (writer: SetWriter) => void): void =>
    translatingBusy(() => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        attachActive();
        const current = (writer ??= setWriter(db, ACTIVE));
        if (writeTx.immediate(() => work(current))) return;
      }
      throw replacedTooOften();
    });
  const read = <T>(work: () => T): T =>
    translatingBusy(() => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        attachActive();
        const result = readTx(work) as { value: T } | undefined;
        if (result) return result.value;
      }
      throw replacedTooOften();
    });
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
      const response = read(() => runSearch(db, tablesOf(ACTIVE), request, tuning.manyMatches));
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
          if (obsolete === attached) detach();
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
        db.close();
      }
    },
  };
}

const replacedTooOften = (): UnavailableError =>
  new UnavailableError('The search index was being replaced; try again', { retryAfterSeconds: 1 });

/**
 * Another process held the index longer than `busy_timeout`: a 503 the client may retry. Other
 * SQLite errors are faults (a 500, logged with the cause).
 */
function translatingBusy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw busyAsUnavailable(error);
  }
}

function busyAsUnavailable(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
    ? new UnavailableError('The search index is busy; try again', { retryAfterSeconds: 1, cause: error })
    : error;
}
