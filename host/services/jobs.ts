import type { JobHandler } from '../../core/plugin/job-handler.js';
import type { TranslationProvider } from '../../core/plugin/translation-provider.js';
import { translateContentJob } from '../../core/translation/translate-content-job.js';
import { buildDurableJobs, type DurableJobs } from '../jobs/durable-jobs.js';
import { declare } from './declare.js';

/** Durable jobs: the queue services write them with, the dispatcher that runs them, their administration. */
export const jobServices = {
  // Named by a property, resolved at start: a name no plugin contributes stops start-up.
  translationProvider: declare({
    needs: ['contributions', 'settings'],
    build: (d): TranslationProvider => d.contributions.named('translation.provider', d.settings.translationProvider),
  }),
  translationJob: declare({
    needs: ['storage', 'content', 'secrets', 'translationProvider'],
    build: ({ translationProvider, ...d }): JobHandler =>
      translateContentJob({ ...d, provider: translationProvider }) as JobHandler,
  }),
  jobs: declare({
    needs: ['storage', 'registry', 'sendMail', 'settings', 'logger', 'push', 'translationJob'],
    build: ({ push, translationJob, ...d }): DurableJobs =>
      buildDurableJobs({ ...d, builtIn: (queue) => [...push.jobHandlers(queue), translationJob] }),
  }),
  jobQueue: declare({ needs: ['jobs'], build: (d): DurableJobs['queue'] => d.jobs.queue }),
  jobDispatcher: declare({ needs: ['jobs'], build: (d): DurableJobs['dispatcher'] => d.jobs.dispatcher }),
  jobAdmin: declare({ needs: ['jobs'], build: (d): DurableJobs['admin'] => d.jobs.admin }),
};
