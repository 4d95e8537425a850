import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { IngestAnswer } from './ingest-answer.js';
import type { IngestTask, IngestWorkerData } from './ingest-worker.js';

/** How long a client told to wait (`Retry-After`) should wait when the queue is full. */
const RETRY_AFTER_SECONDS = 1;
/**
 * Batches a worker holds at once. More than one, so that a worker never idles while its finished
 * answer travels to the request thread and the next batch travels back, and so that the batches it
 * stores while one is being committed share that commit (SQLite's group commit: one COMMIT and one
 * write of each changed page for all of them). Each still gets its answer only once its commit is done.
 * (The description of `analytics.queue.size` names this number.)
 */
const BATCHES_PER_WORKER = 16;

/**
 * The worker threads to start for `analytics.workers`: as configured, or for 0 one per CPU, except
 * on storage that takes one writer at a time (SQLite). There every worker writes through a
 * connection of its own to the same file, so a second one only parses while it waits for the
 * lock, in SQLite's busy handler that sleeps the whole thread; measured on 2 cores it stored no
 * more events per second than one, and its batches waited three times as long at p99.
 */
export function ingestWorkerCount(configured: number, storage: { singleWriter?: boolean }): number {
  if (configured > 0) return configured;
  return storage.singleWriter ? 1 : availableParallelism();
}

/**
 * The analytics ingest: a Piscina pool of worker threads (`analytics.workers`, see {@link ingestWorkerCount}),
 * each with its own storage connection, that parse, check and store batches. The queue is bounded
 * (`analytics.queue.size`): when it is full a batch is refused with 503 and `Retry-After`
 * (`ANALYTICS_INGEST_BUSY`) rather than held in memory without limit.
 */
export class AnalyticsIngest {
  private pool: Piscina | undefined;

  private readonly options: { workers: number; queueSize: number };
  private readonly data: IngestWorkerData;

  constructor(options: {
    /** How many threads to start (see {@link ingestWorkerCount}). */
    workers: number;
    queueSize: number;
    /** What the workers load the configuration from. */
    data: IngestWorkerData;
  }) {
    this.options = options;
    this.data = options.data;
  }

  /** The pool, started by the first batch: a service that never receives one starts no threads. */
  private started(): Piscina {
    if (this.pool) return this.pool;
    const threads = this.options.workers;
    // The worker beside this module; from the TypeScript sources, through a loader that registers tsx.
    const worker = import.meta.url.endsWith('.ts') ? './ingest-worker-source.mjs' : './ingest-worker.js';
    this.pool = new Piscina({
      filename: new URL(worker, import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      maxQueue: this.options.queueSize,
      workerData: this.data,
      // Idle workers keep their storage connection: opening it again costs more than keeping it.
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: BATCHES_PER_WORKER,
      // First come, first served. Piscina otherwise moves a batch it could not hand to a busy worker
      // to the back of the queue, where under sustained load it waited seconds (p99) while later
      // batches went first.
      stricterFIFO: true,
    });
    return this.pool;
  }

  /**
   * The answer to one batch (status and body), once its good events are stored. With `handOver` the
   * caller gives the bytes away: when they fill a memory block of their own (a request body does)
   * the block is moved to the worker instead of copied, and `body` is left empty. Copying a 35 KiB
   * batch cost the answering thread about 25 µs; moving it, about 1.
   */
  async ingest(body: Uint8Array, receivedAt: Date, { handOver = false } = {}): Promise<IngestAnswer> {
    const pool = this.started();
    if (pool.queueSize >= this.options.queueSize)
      throw new CmsError(Errors.ANALYTICS_INGEST_BUSY, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    const task: IngestTask = { body, receivedAt: receivedAt.getTime() };
    // A small Buffer may be a slice of a block shared with others (Node's pool): that one is copied.
    const ownBlock =
      body.buffer instanceof ArrayBuffer &&
      body.byteLength > 0 &&
      body.byteOffset === 0 &&
      body.byteLength === body.buffer.byteLength;
    return (await pool.run(task, handOver && ownBlock ? { transferList: [body.buffer] } : {})) as IngestAnswer;
  }

  /** Waits for every batch taken (queued ones included), then stops the workers: nothing acknowledged is lost. */
  async close(): Promise<void> {
    await this.pool?.close();
  }
}
