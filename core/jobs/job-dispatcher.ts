import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { JobHandler } from '../plugin/job-handler.js';
import type { Job, Storage } from '../plugin/storage/index.js';
import { retryDelay, type BackOff } from './retry-delay.js';

export interface JobDispatcherOptions {
  storage: Storage;
  handler(kind: string): JobHandler | undefined;
  logger: Logger;
  /** How often storage is asked for due jobs when nothing wakes the dispatcher. */
  pollMs: number;
  /** Jobs run at once, at most. */
  concurrency: number;
  /** How long a claim holds a job; renewed while the job runs, so only a dead process lets it lapse. */
  leaseMs: number;
  /** How long one run may take before it is aborted and counted as failed. */
  timeoutMs: number;
  backOff: BackOff;
  now?: () => number;
  random?: () => number;
}

/** The longest last error kept: enough to see the cause, never a whole response body. */
const LAST_ERROR_MAX = 500;

/**
 * The run half of durable jobs. Claims due jobs under a lease (so that of several processes
 * sharing the database one runs each job), runs them with bounded concurrency and a timeout, and
 * records the outcome: done, due again after a back-off, or dead after the last attempt. It polls,
 * and is woken at once when a local transaction that wrote jobs commits.
 *
 * At shutdown it claims nothing more and waits for the runs in progress (each bounded by the
 * timeout); a process killed outright leaves its leases to lapse, and another process (or this
 * one, restarted) runs those jobs again.
 */
export class JobDispatcher {
  private readonly now: () => number;
  private readonly running = new Map<string, { owner: string; done: Promise<void> }>();
  private loop: Promise<void> | undefined;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private renewal: NodeJS.Timeout | undefined;

  constructor(private readonly options: JobDispatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.runLoop();
    this.renewal = setInterval(() => void this.renewLeases(), Math.max(1, Math.floor(this.options.leaseMs / 3)));
    this.renewal.unref();
  }

  /** Due jobs may be waiting: claim now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Claims nothing more, and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await Promise.all([...this.running.values()].map((r) => r.done));
    clearInterval(this.renewal);
  }

  /**
   * Claims as many due jobs as there is room for and starts them; answers how many it started.
   * The loop calls it; a benchmark or a test may too, with the loop not started.
   */
  async dispatchOnce(): Promise<number> {
    const room = this.options.concurrency - this.running.size;
    if (room <= 0) return 0;
    const owner = randomUUID();
    const now = this.now();
    const jobs = await this.options.storage.jobs.claim({
      limit: room,
      now,
      owner,
      leaseUntil: now + this.options.leaseMs,
    });
    for (const job of jobs) {
      const done = this.runJob(job, owner).finally(() => {
        this.running.delete(job.id);
        // A slot is free: more due jobs may be waiting.
        this.wake();
      });
      this.running.set(job.id, { owner, done });
    }
    return jobs.length;
  }

  /** Waits for every run in progress (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async runLoop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let started = 0;
      try {
        started = await this.dispatchOnce();
      } catch (err) {
        this.options.logger.warn({ err }, 'due jobs could not be claimed');
      }
      // A full claim may have left more due jobs: claim again as soon as there is room.
      const full = started > 0 && this.running.size >= this.options.concurrency;
      if (this.stopped || (started > 0 && !full) || this.woken) continue;
      await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private async runJob(job: Job, owner: string): Promise<void> {
    const { storage, logger } = this.options;
    const log = logger.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    try {
      await this.withTimeout(job, log);
    } catch (error) {
      await this.recordFailure(job, owner, error, log);
      return;
    }
    try {
      await storage.jobs.complete(job.id, owner, this.now());
    } catch (err) {
      // The job ran; its lease lapses and it runs again: at least once, as documented.
      log.error({ err }, 'a job that ran could not be marked done');
    }
  }

  private async withTimeout(job: Job, log: Logger): Promise<void> {
    const handler = this.options.handler(job.kind);
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Rejected before the abort: a handler that answers the abort by returning must not win the race.
        reject(new Error(`The run took longer than ${this.options.timeoutMs} ms`));
        abort.abort();
      }, this.options.timeoutMs);
    });
    try {
      const payload: unknown = JSON.parse(job.payload);
      const run = handler.run(payload, {
        jobId: job.id,
        idempotencyKey: job.idempotencyKey,
        attempt: job.attempts,
        logger: log,
        signal: abort.signal,
      });
      await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async recordFailure(job: Job, owner: string, error: unknown, log: Logger): Promise<void> {
    const now = this.now();
    const dead = job.attempts >= job.maxAttempts;
    const lastError = describe(error);
    const nextRunAt = dead ? now : now + retryDelay(job.attempts, this.options.backOff, this.options.random);
    if (dead) log.error({ error: lastError }, 'a job failed its last attempt and is dead');
    else log.warn({ error: lastError, nextRunAt }, 'a job failed and will run again');
    try {
      await this.options.storage.jobs.fail(job.id, owner, {
        status: dead ? 'dead' : 'pending',
        nextRunAt,
        lastError,
        now,
      });
    } catch (err) {
      log.error({ err }, 'a failed job could not be rescheduled; its lease lapses');
    }
  }

  private async renewLeases(): Promise<void> {
    const byOwner = new Map<string, string[]>();
    for (const [id, { owner }] of this.running) byOwner.set(owner, [...(byOwner.get(owner) ?? []), id]);
    const leaseUntil = this.now() + this.options.leaseMs;
    for (const [owner, ids] of byOwner) {
      try {
        await this.options.storage.jobs.renew(ids, owner, leaseUntil);
      } catch (err) {
        this.options.logger.warn({ err }, 'job leases could not be renewed');
      }
    }
  }
}

/** The error's message alone (no stack, no cause chain), cut to a bounded length. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > LAST_ERROR_MAX ? `${message.slice(0, LAST_ERROR_MAX - 1)}…` : message;
}
