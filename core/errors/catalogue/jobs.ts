import { defineErrors } from '../error-entry.js';

/** The job queue (durable jobs), as administrators see it. */
export const jobErrors = defineErrors('jobs', {
  JOB_NOT_FOUND: {
    kind: 'not_found',
    message: 'Job {id} not found',
    meaning: 'No job has this id (it may have been dropped, or purged once done).',
  },
  JOB_NOT_RETRYABLE: {
    kind: 'conflict',
    message: 'Job {id} is {status}: only a dead or pending job can be retried',
    meaning: 'A job being run, or already done, cannot be retried.',
  },
  JOB_RUNNING: {
    kind: 'conflict',
    message: 'Job {id} is running and cannot be dropped now',
    meaning: 'A job a dispatcher is running is dropped once its run ends (or its lease lapses).',
  },
});
