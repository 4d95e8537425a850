import type { Repositories } from '../plugin/storage/index.js';
import { timeOrderedId } from '../time-ordered-id.js';

/** A job to write: `payload` is stored as JSON. */
export interface JobRequest {
  kind: string;
  payload: unknown;
  /** The job's idempotency key; a random one when not given. A key already stored writes no second job. */
  key?: string;
}

/** Told when a transaction that wrote jobs has committed, so they run at once rather than at the next poll. */
export interface JobWaker {
  wake(): void;
}

/**
 * The write half of durable jobs (the transactional-outbox pattern): `enqueue` writes the job in
 * the caller's transaction, so it exists exactly when the change that called for it is committed,
 * and a crash after the commit cannot lose it. The dispatcher runs it.
 */
export class JobQueue {
  private readonly woken = new WeakSet<Repositories>();

  constructor(private readonly options: { maxAttempts: number; waker?: JobWaker; now?: () => number }) {}

  /** Answers the job's id (an earlier job's, when its key was stored already). Outside a transaction the job gets one of its own. */
  enqueue(tx: Repositories, request: JobRequest): Promise<string> {
    return tx.transaction(async (inner) => {
      const now = (this.options.now ?? Date.now)();
      const id = timeOrderedId();
      const stored = await inner.jobs.enqueue({
        id,
        kind: request.kind,
        payload: JSON.stringify(request.payload ?? null),
        idempotencyKey: request.key ?? id,
        maxAttempts: this.options.maxAttempts,
        nextRunAt: now,
        createdAt: now,
      });
      this.wakeAfterCommit(inner);
      return stored;
    });
  }

  private wakeAfterCommit(tx: Repositories): void {
    const { waker } = this.options;
    if (!waker || this.woken.has(tx)) return;
    this.woken.add(tx);
    tx.afterCommit(() => waker.wake(), { what: 'jobs' });
  }
}
