import { CmsError, Errors } from '../errors/index.js';
import type { Page, PageRequest } from '../model/page.js';
import type { Job, JobStatus, Storage } from '../plugin/storage/index.js';
import type { JobWaker } from './job-queue.js';

/** What administrators do with durable jobs: list them, retry a dead one, drop one. */
export class JobAdmin {
  private readonly storage: Storage;
  private readonly waker?: JobWaker;
  private readonly now: () => number;

  constructor(options: { storage: Storage; waker?: JobWaker; now?: () => number }) {
    this.storage = options.storage;
    this.waker = options.waker;
    this.now = options.now ?? Date.now;
  }

  list(query: PageRequest & { status?: JobStatus }): Promise<Page<Job>> {
    return this.storage.jobs.list(query);
  }

  async get(id: string): Promise<Job> {
    const job = await this.storage.jobs.find(id);
    if (!job) throw new CmsError(Errors.JOB_NOT_FOUND, { id });
    return job;
  }

  /** Makes a dead (or waiting) job due now, with its attempts counted afresh. */
  async retry(id: string): Promise<Job> {
    const job = await this.storage.jobs.retry(id, this.now());
    if (!job) throw new CmsError(Errors.JOB_NOT_FOUND, { id });
    if (job.status !== 'pending') throw new CmsError(Errors.JOB_NOT_RETRYABLE, { id, status: job.status });
    this.waker?.wake();
    return job;
  }

  /** Removes a job that is not running: it will never run (again). */
  async drop(id: string): Promise<void> {
    if (await this.storage.jobs.remove(id)) return;
    await this.get(id);
    throw new CmsError(Errors.JOB_RUNNING, { id });
  }
}
