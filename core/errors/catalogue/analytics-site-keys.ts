import { defineErrors } from '../error-entry.js';

/** Analytics: the sites' ingest keys (`site_auth`), and the ingest's capacity. */
export const analyticsErrors = defineErrors('analytics', {
  ANALYTICS_SITE_AUTH_INVALID: {
    kind: 'invalid',
    message: 'The Site Auth must be 1 to 255 printable characters: {reason}',
    meaning:
      'A Site Auth set by hand may be any printable text up to 255 characters (no control or invisible characters). The value is never repeated in the answer.',
  },
  ANALYTICS_SITE_AUTH_TAKEN: {
    kind: 'conflict',
    message: 'Another site already uses this Site Auth: choose another, or generate one',
    meaning: 'Each Site Auth names one site, so two sites cannot share one.',
  },
  ANALYTICS_INGEST_BUSY: {
    kind: 'unavailable',
    message: 'Too many analytics batches are waiting; try again shortly',
    meaning:
      'As many ingest batches as `analytics.queue.size` allows were waiting for a worker thread. Nothing of this batch was read; `Retry-After` says when to send it again.',
  },
});
