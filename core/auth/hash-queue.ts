import { CmsError, Errors } from '../errors/index.js';

export interface HashQueueOptions {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes waiting for a turn at most; one more is refused. */
  maxWaiting: number;
}

/** What a refused caller is told to wait: a turn of the queue is a few hashes of about 50 ms. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Rations password-hash work (scrypt: CPU and 16 MiB each). Without a bound, a flood of sign-ins
 * with made-up names queues hashes without end and every sign-in waits behind all of them; with it,
 * work past the bound is refused at once (`AUTH_BUSY`, 503 with `Retry-After`) and a sign-in that is
 * admitted waits for at most `maxWaiting` hashes. Turns are first come, first served.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private startedCount = 0;

  constructor(private readonly options: HashQueueOptions) {}

  /** Runs `work` when a turn is free; throws `CmsError(Errors.AUTH_BUSY)` at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) this.running++;
    else if (this.waiting.length < this.options.maxWaiting) await new Promise<void>((turn) => this.waiting.push(turn));
    else throw new CmsError(Errors.AUTH_BUSY, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    this.startedCount++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Work started so far: lets tests check that a path hashed exactly once. */
  get started(): number {
    return this.startedCount;
  }

  /** Work running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
