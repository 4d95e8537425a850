import { defineErrors } from '../error-entry.js';

/** Analytics: the sites' ingest keys (`site_auth`), the ingest's capacity, and reading the events. */
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
  ANALYTICS_INSTANT_INVALID: {
    kind: 'invalid',
    message:
      '{parameter} must be an ISO 8601 date (2025-06-01, midnight UTC) or date and time with a UTC offset (2025-06-01T12:00:00+02:00 or Z)',
    meaning:
      'A time bound of an analytics read is not a real date, or is a time without its offset, which cannot be placed in time. A `+` not encoded as `%2B` in the query string arrives as a space and is read as `+`.',
  },
  ANALYTICS_RANGE_INVERTED: {
    kind: 'invalid',
    message: 'from ({from}) is after to ({to})',
    meaning:
      'An analytics read covers the events received from `from` (included) to `to` (excluded); `from` may equal `to` (nothing), not follow it.',
  },
  ANALYTICS_INGEST_BUSY: {
    kind: 'unavailable',
    message: 'Too many analytics batches are waiting; try again shortly',
    meaning:
      'As many ingest batches as `analytics.queue.size` allows were waiting for a worker thread. Nothing of this batch was read; `Retry-After` says when to send it again.',
  },
});
