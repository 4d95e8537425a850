import { DEFAULT_PASSWORD_HASH_COST } from './password-hasher.js';
import { CmsError, Errors } from '../errors/index.js';

export interface HashQueueOptions {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes waiting for a turn at most; one more is refused (or displaces a waiter of lower priority). */
  maxWaiting: number;
  /** scrypt cost (N) of the hashes made for new passwords (`auth.password.hash.cost`); the default when unset. */
  cost?: number;
}

/**
 * Who goes first when hashes wait: `high` for callers known to be genuine (for sign-ins, an address
 * that signed in recently), `low` for suspects (an address that has failed), `normal` for the rest.
 */
export type HashPriority = 'high' | 'normal' | 'low';

const LANES: readonly HashPriority[] = ['high', 'normal', 'low'];

/** What a refused caller is told to wait: a turn of the queue is a few hashes of about 50 ms. */
const RETRY_AFTER_SECONDS = 1;

interface Waiter {
  start(): void;
  refuse(error: CmsError): void;
}

/**
 * Rations password-hash work (scrypt: CPU and 16 MiB each). Without a bound, a flood of sign-ins
 * with made-up names queues hashes without end and every sign-in waits behind all of them; with it,
 * work past the bound is refused at once (`AUTH_BUSY`, 503 with `Retry-After`) and work that is
 * admitted waits for at most `maxWaiting` others.
 *
 * Turns go by priority, then first come, first served, and one turn is kept for `high` work when
 * there are two or more. When the queue is full, work of a higher priority takes the place of the
 * last-come waiter of the lowest priority below it, which is refused: a flood of strangers never
 * keeps a genuine caller out, nor makes it wait for their hashes.
 */
export class HashQueue {
  private running = 0;
  private readonly lanes = new Map<HashPriority, Waiter[]>(LANES.map((lane) => [lane, []]));
  private waitingCount = 0;
  private startedCount = 0;

  constructor(private readonly options: HashQueueOptions) {}

  /** scrypt cost (N) of new password hashes: every hash of the process is made in this queue's turns. */
  get cost(): number {
    return this.options.cost ?? DEFAULT_PASSWORD_HASH_COST;
  }

  /** Runs `work` in its turn; throws `CmsError(Errors.AUTH_BUSY)` when the queue is full, or when displaced from it. */
  async run<T>(work: () => Promise<T>, priority: HashPriority = 'normal'): Promise<T> {
    // Nobody of this priority or above waits while such a turn is free: waiters start as turns free up.
    if (this.running < this.turnsFor(priority)) this.running++;
    else await this.waitForTurn(priority);
    this.startedCount++;
    try {
      return await work();
    } finally {
      this.running--;
      this.startWaiters();
    }
  }

  /** Work started so far: lets tests check that a path hashed exactly once. */
  get started(): number {
    return this.startedCount;
  }

  /** Work running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  private waitForTurn(priority: HashPriority): Promise<void> {
    if (this.waitingCount >= this.options.maxWaiting && !this.displaceBelow(priority)) throw busy();
    return new Promise<void>((start, refuse) => {
      this.lanes.get(priority)!.push({ start, refuse });
      this.waitingCount++;
    });
  }

  /** Refuses the last-come waiter of the lowest lane below `priority`; false when there is none. */
  private displaceBelow(priority: HashPriority): boolean {
    for (const lane of [...LANES].reverse()) {
      if (lane === priority) return false;
      const displaced = this.lanes.get(lane)!.pop();
      if (displaced) {
        this.waitingCount--;
        displaced.refuse(busy());
        return true;
      }
    }
    return false;
  }

  /** Starts waiters, highest priority first, while their turns allow. */
  private startWaiters(): void {
    for (const lane of LANES) {
      const waiters = this.lanes.get(lane)!;
      while (waiters.length > 0 && this.running < this.turnsFor(lane)) {
        this.waitingCount--;
        this.running++;
        waiters.shift()!.start();
      }
      // A lower lane never overtakes a higher one that still waits.
      if (waiters.length > 0) return;
    }
  }

  /**
   * Turns work of this priority may take: all of them for `high`; one fewer for the rest when there
   * are two or more, so that a genuine caller never waits for a stranger's hash to finish.
   */
  private turnsFor(priority: HashPriority): number {
    const { concurrency } = this.options;
    return priority === 'high' || concurrency === 1 ? concurrency : concurrency - 1;
  }
}

function busy(): CmsError {
  return new CmsError(Errors.AUTH_BUSY, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}
