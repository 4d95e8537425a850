import { Piscina } from 'piscina';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthenticatedError,
  UnavailableError,
  searchTimedOut,
  type PluginErrorKind,
  type PluginErrorOptions,
  type SearchLimits,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import type { SearchOutcome, SearchStarted, SearchTask, SearchWorkerData } from './search-worker.js';

/** The kit's class for each kind: callers (and the contract) tell errors by class. */
const ERROR_CLASSES: Record<PluginErrorKind, new (message: string, options?: PluginErrorOptions) => Error> = {
  invalid: InvalidError,
  unauthenticated: UnauthenticatedError,
  forbidden: ForbiddenError,
  not_found: NotFoundError,
  conflict: ConflictError,
  unavailable: UnavailableError,
};

/** Searches run in worker threads (`search-worker.ts`), each with a read-only connection to the index. */
export interface SearchPool {
  search(request: SearchRequest): Promise<SearchResponse>;
  close(): Promise<void>;
}

/** Searches waiting for a thread, past which a search is refused (503) rather than queued. */
const QUEUE_PER_THREAD = 32;

/**
 * A Piscina pool of `threads` search threads, started at the first search (a process that only
 * writes the index, such as an indexing worker, starts none). A search waits for a free thread
 * (refused once `QUEUE_PER_THREAD` per thread wait); from when a thread takes it, it has
 * `limits.timeoutMs`, after which it is abandoned: its thread is terminated (its read transaction
 * goes with its connection) and a fresh one takes its place. A thread starting (loading the
 * driver, opening the index) is not counted against the searches it is given.
 */
export function searchPool(threads: number, limits: SearchLimits, data: SearchWorkerData): SearchPool {
  let pool: Piscina | undefined;
  let next = 0;
  /** What to do when a thread takes a search, by the search's number. */
  const onStart = new Map<number, () => void>();
  const start = (): Piscina => {
    // The worker beside this module; from the TypeScript sources, through a loader that registers tsx.
    const worker = import.meta.url.endsWith('.ts') ? './search-worker-source.mjs' : './search-worker.js';
    const started = new Piscina({
      filename: new URL(worker, import.meta.url).href,
      // Threads start when work needs them, never ahead: a thread stopped while it is still loading
      // its modules and native addons can abort the whole process (seen once when an app closed
      // right after it started), and one stopped after its work is idle.
      minThreads: 0,
      maxThreads: threads,
      workerData: data,
      // Idle threads keep their connection: starting one loads the driver and opens the index again.
      idleTimeout: Number.POSITIVE_INFINITY,
      maxQueue: threads * QUEUE_PER_THREAD,
    });
    started.on('message', (message: SearchStarted) => onStart.get(message.searchStarted)?.());
    return started;
  };
  return {
    async search(request) {
      pool ??= start();
      const budget = new AbortController();
      const id = next++;
      let timer: NodeJS.Timeout | undefined;
      onStart.set(id, () => (timer = setTimeout(() => budget.abort(), limits.timeoutMs)));
      const task: SearchTask = { request, maxResultWindow: limits.maxResultWindow, id };
      let outcome: SearchOutcome;
      try {
        outcome = (await pool.run(task, { signal: budget.signal })) as SearchOutcome;
      } catch (error) {
        if (budget.signal.aborted) throw searchTimedOut(limits);
        if (pool.queueSize >= pool.options.maxQueue)
          throw new UnavailableError('Too many searches are waiting for a search thread; try again', {
            retryAfterSeconds: 1,
            cause: error,
          });
        throw error;
      } finally {
        onStart.delete(id);
        clearTimeout(timer);
      }
      if ('response' in outcome) return outcome.response;
      const { kind, message, code, fieldName, retryAfterSeconds } = outcome.error;
      throw new ERROR_CLASSES[kind](message, { code, fieldName: fieldName ?? undefined, retryAfterSeconds });
    },
    async close() {
      await pool?.destroy();
    },
  };
}
