import { Piscina } from 'piscina';
import type { BuiltDocuments } from '../../core/search/content-indexer.js';
import type { IndexWriter } from '../../core/search/index-writer.js';
import type { IndexWorkerData } from './search-index-worker.js';

/**
 * Builds and writes documents in a Piscina pool of worker threads, each with its own connections to
 * storage and to the index, so that indexing takes no time from the thread that answers requests.
 * A reindex has them built only (`build`), and writes them into its rebuild.
 * The dispatcher still sends one batch at a time, in order.
 */
export function workerIndexWriter(threads: number, data: IndexWorkerData): IndexWriter {
  // The worker beside this module; from the TypeScript sources, through a loader that registers tsx.
  const worker = import.meta.url.endsWith('.ts') ? './search-index-worker-source.mjs' : './search-index-worker.js';
  const pool = new Piscina({
    filename: new URL(worker, import.meta.url).href,
    // Threads start when work needs them, never ahead: a thread stopped while it is still loading
    // its modules and native addons can abort the whole process (seen once when an app closed
    // right after it started), and one stopped after its work is idle.
    minThreads: 0,
    maxThreads: threads,
    workerData: data,
    // Idle workers keep their connections: starting one opens storage and the index again.
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  return {
    write: async (items) => {
      await pool.run({ items });
    },
    build: async (items) => (await pool.run({ items, build: true })) as BuiltDocuments,
    close: () => pool.destroy(),
  };
}
