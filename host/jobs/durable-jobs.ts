import type { Logger } from '../../core/logger.js';
import { StartupError } from '../../core/errors/index.js';
import { JobAdmin } from '../../core/jobs/job-admin.js';
import { JobDispatcher } from '../../core/jobs/job-dispatcher.js';
import { JobQueue } from '../../core/jobs/job-queue.js';
import { MAIL_JOB, mailJobHandler } from '../../core/jobs/mail-job.js';
import type { JobHandler } from '../../core/plugin/job-handler.js';
import type { MailMessage } from '../../core/plugin/mail-transport.js';
import type { PluginRegistry } from '../../core/plugin/registry.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import type { HostSettings } from '../settings/settings.js';

export interface DurableJobs {
  queue: JobQueue;
  dispatcher: JobDispatcher;
  admin: JobAdmin;
}

/**
 * Durable jobs put together: the queue services write jobs with, the dispatcher that runs them
 * (started by the app when `jobs.dispatch` is on) and what administrators do with them. Handlers
 * are the built-in ones (`mail`, and those `builtIn` gives: push publishing) and those plugins contribute.
 */
export function buildDurableJobs(parts: {
  storage: Storage;
  registry: PluginRegistry;
  /** Sends a message through the configured transport (`from` and attachments filled in). */
  sendMail(message: Omit<MailMessage, 'from'> & { from?: string }): Promise<void>;
  settings: HostSettings;
  logger: Logger;
  /** Built-in handlers beyond mail, given the queue (a handler may write further jobs). */
  builtIn?: (queue: JobQueue) => readonly JobHandler[];
}): DurableJobs {
  const { storage, registry, settings } = parts;
  const handlers = new Map<string, JobHandler>([
    [MAIL_JOB, mailJobHandler((message) => parts.sendMail(message)) as JobHandler],
  ]);
  const { jobs } = settings;
  const dispatcher = new JobDispatcher({
    storage,
    handler: (kind) => handlers.get(kind),
    logger: parts.logger.child({ area: 'jobs' }),
    pollMs: jobs.pollMs,
    concurrency: jobs.concurrency,
    leaseMs: jobs.leaseMs,
    timeoutMs: jobs.timeoutMs,
    backOff: jobs.backOff,
  });
  const queue = new JobQueue({ maxAttempts: jobs.maxAttempts, waker: dispatcher });
  for (const handler of parts.builtIn?.(queue) ?? []) handlers.set(handler.kind, handler);
  for (const handler of registry.jobHandlers.values()) {
    if (handlers.has(handler.kind))
      throw new StartupError(`Job handler ${handler.kind} is built in; a plugin cannot replace it`);
    handlers.set(handler.kind, handler);
  }
  return {
    queue,
    dispatcher,
    admin: new JobAdmin({ storage, waker: dispatcher }),
  };
}
