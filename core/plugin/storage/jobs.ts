import type { Page } from '../../model/page.js';

// The durable job queue.

/** Where a job stands: waiting (first run or retry), claimed by a dispatcher, sent, or given up. */
export type JobStatus = 'pending' | 'running' | 'done' | 'dead';

/**
 * A durable job of the job queue: a side effect written in the transaction that calls for it and
 * run after the commit (the transactional-outbox pattern). Times are epoch ms.
 */
export interface Job {
  id: string;
  kind: string;
  /** JSON text, as the handler of `kind` reads it. */
  payload: string;
  /** Unique: a job written twice under one key is one job. */
  idempotencyKey: string;
  status: JobStatus;
  /** Runs started so far (a claim counts one). */
  attempts: number;
  maxAttempts: number;
  /** When a pending job is due. */
  nextRunAt: number;
  /** The token of the claim running it, while `running`. */
  leaseOwner: string | null;
  /** Until when that claim holds it; past it, any dispatcher may claim it again. */
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewJob = Pick<
  Job,
  'id' | 'kind' | 'payload' | 'idempotencyKey' | 'maxAttempts' | 'nextRunAt' | 'createdAt'
>;

export interface JobClaim {
  /** At most this many jobs. */
  limit: number;
  now: number;
  /** A token unique to this claim; the claimed jobs carry it as `leaseOwner`. */
  owner: string;
  leaseUntil: number;
}

/** The outcome of a run that did not succeed: due again at `nextRunAt`, or `dead` (given up). */
export interface JobFailure {
  status: 'pending' | 'dead';
  nextRunAt: number;
  lastError: string;
  now: number;
}

export interface JobRepository {
  /** Writes a job (in the caller's transaction); answers the id of the job holding the key, which may be an earlier one. */
  enqueue(job: NewJob): Promise<string>;
  /**
   * Takes up to `limit` jobs that are due (pending and past `nextRunAt`, or running with a lapsed
   * lease), oldest due first, marks them running under `owner` until `leaseUntil` and counts an
   * attempt. Safe with several processes: a job is claimed by one claim only.
   */
  claim(claim: JobClaim): Promise<Job[]>;
  /** Extends the lease of jobs still held by `owner`. */
  renew(ids: readonly string[], owner: string, leaseUntil: number): Promise<void>;
  /** Marks a job done, if `owner` still holds it. */
  complete(id: string, owner: string, now: number): Promise<void>;
  /** Records a failed run, if `owner` still holds it. */
  fail(id: string, owner: string, failure: JobFailure): Promise<void>;
  find(id: string): Promise<Job | undefined>;
  /** Newest first; every status when none is given. */
  list(query: { status?: JobStatus; offset: number; limit: number }): Promise<Page<Job>>;
  /** Makes a dead or pending job due now with its attempts reset; answers it, or undefined when there is no such job (or it is running or done). */
  retry(id: string, now: number): Promise<Job | undefined>;
  /** Removes a job unless it is running; false when it was not removed. */
  remove(id: string): Promise<boolean>;
  /** Removes done jobs last updated before `before`; answers how many. */
  purgeDone(before: number): Promise<number>;
}
