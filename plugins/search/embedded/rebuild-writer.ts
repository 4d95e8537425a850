import { Worker } from 'node:worker_threads';
import { InvalidError, type SearchDocument } from '../../../core/plugin/kit.js';
import type { RebuildReply, RebuildRequest } from './rebuild-worker.js';
import { FINISH_BULK_FILL } from './schema.js';

/** Batches sent but not yet written, past which `index` and `remove` wait: memory stays bounded. */
const IN_FLIGHT = 4;

type Pending = { resolve: () => void; reject: (error: Error) => void };

/**
 * Writes a rebuild's set file in a worker thread of its own (`rebuild-worker.ts`). `index` and
 * `remove` return once the batch is handed over (waiting only while `IN_FLIGHT` batches are), so
 * the caller builds the next batch while the worker writes this one: the two cores of a small
 * machine both work. A batch that fails fails the rebuild: the next call, or `seal`, rejects with
 * its error.
 */
export class RebuildWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly inFlight: Array<Promise<void>> = [];
  private next = 0;
  private failure: Error | undefined;

  constructor(path: string) {
    this.worker = startWorker(path);
    this.worker.on('message', (reply: RebuildReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!reply.error) return waiting?.resolve();
      const { message, invalid, fieldName } = reply.error;
      waiting?.reject(invalid ? new InvalidError(message, { fieldName }) : new Error(message));
    });
    // The worker died (out of memory, a fault of the driver): every batch still waiting fails.
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`The search rebuild's writer stopped (code ${code})`)));
  }

  async index(documents: readonly SearchDocument[]): Promise<void> {
    await this.hand({ op: 'index', documents });
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.hand({ op: 'remove', ids });
  }

  /** Waits for every batch, then makes the file searchable and durable; the worker ends. */
  async seal(): Promise<void> {
    await Promise.all(this.inFlight.splice(0));
    this.throwIfFailed();
    await this.send({ op: 'seal', sql: FINISH_BULK_FILL });
  }

  /** Stops the worker, whatever it was doing; the caller deletes the file. */
  async abandon(): Promise<void> {
    await this.worker.terminate();
  }

  private async hand(message: RebuildRequest): Promise<void> {
    this.throwIfFailed();
    const written = this.send(message).catch((error: Error) => {
      this.failure ??= error;
    });
    this.inFlight.push(written);
    if (this.inFlight.length > IN_FLIGHT) await this.inFlight.shift();
    this.throwIfFailed();
  }

  private send(message: RebuildRequest): Promise<void> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * The built service runs `rebuild-worker.js`. From the TypeScript sources (tests, `node --import
 * tsx`), a worker thread does not inherit the parent's module hooks: a small script registers tsx
 * in it first.
 */
function startWorker(path: string): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./rebuild-worker.js', here), { workerData: { path } });
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./rebuild-worker.ts', here).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData: { path } },
  );
}
