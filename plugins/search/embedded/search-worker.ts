import Database from 'better-sqlite3';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import {
  PluginError,
  cacheStatements,
  type PluginErrorKind,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import { ACTIVE, activeSet, type ActiveSet } from './active-set.js';
import { createMatchesTable, runSearch } from './run-search.js';
import { tablesOf } from './schema.js';

/**
 * A search thread of the embedded driver (see `search-pool.ts`): a read-only connection of its own
 * to the index, on which it runs the searches it is given, while the answering thread answers
 * other requests. SQLite's WAL lets it read beside the service's writer.
 */
export interface SearchWorkerData {
  file: string;
  manyMatches?: number;
  /** See `SqliteSearchOptions.cacheMiB`. */
  cacheMiB?: number;
  /**
   * Tests only: each search writes its thread's id in the third number; while the first is 1, it
   * then waits before it runs (as a search that takes long), after adding 1 to the second: a test
   * knows a search is under way, in which thread, and lets it go by setting the first back to 0.
   */
  hold?: SharedArrayBuffer;
}

export interface SearchTask {
  request: SearchRequest;
  maxResultWindow: number;
  /** The search's number: the thread tells the pool when it takes it (`SearchStarted`), as its budget runs from then. */
  id: number;
}

/** What a thread posts to the pool when it takes a search. */
export interface SearchStarted {
  searchStarted: number;
}

/** The answer, or the expected failure as data: a thread's errors reach the caller without their class. */
export type SearchOutcome =
  | { response: SearchResponse }
  | {
      error: {
        kind: PluginErrorKind;
        message: string;
        code: string;
        fieldName: string | null;
        retryAfterSeconds: number | undefined;
      };
    };

const data = workerData as SearchWorkerData;
let connection: { db: Database.Database; set: ActiveSet } | undefined;

function open(): { db: Database.Database; set: ActiveSet } {
  const db = new Database(data.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // A search builds its SQL from the request: the same kinds of search ask for the same statements,
  // and SQLite compiling them again was a tenth of a term query's time.
  cacheStatements(db);
  createMatchesTable(db);
  return { db, set: activeSet(db, data.file, { cacheMiB: data.cacheMiB }) };
}

function waitWhileHeld(hold: Int32Array): void {
  Atomics.add(hold, 1, 1);
  Atomics.notify(hold, 1);
  // Woken now and then, as the thread of a long statement would be: termination takes effect between waits.
  while (Atomics.load(hold, 0) === 1) Atomics.wait(hold, 0, 1, 50);
}

export default function search(task: SearchTask): SearchOutcome {
  parentPort!.postMessage({ searchStarted: task.id } satisfies SearchStarted);
  if (data.hold) {
    const hold = new Int32Array(data.hold);
    Atomics.store(hold, 2, threadId);
    if (Atomics.load(hold, 0) === 1) waitWhileHeld(hold);
  }
  connection ??= open();
  const { db, set } = connection;
  try {
    const response = set.read(() =>
      runSearch(db, tablesOf(ACTIVE), task.request, {
        manyMatches: data.manyMatches,
        maxResultWindow: task.maxResultWindow,
      }),
    );
    return { response };
  } catch (error) {
    if (!(error instanceof PluginError)) throw error;
    return {
      error: {
        kind: error.kind as PluginErrorKind,
        message: error.message,
        code: error.code,
        fieldName: error.details[0]?.fieldName ?? null,
        retryAfterSeconds: error.retryAfterSeconds,
      },
    };
  }
}
