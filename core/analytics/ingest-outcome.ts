import type { BatchProblem, EventProblem } from './ingest-problem.js';
import type { IngestContext, NormalisedEvent } from './normalised-event.js';

/**
 * The batch as a whole is refused and nothing is stored: `invalid` for a body that is not JSON or
 * lacks what every event needs (`context.site_auth`, `context.session_id`, `context.user_id`,
 * `events`), `too_large` for more events than a batch may hold (the catalogue's error kinds: the
 * host answers them with a status). Every problem found is listed.
 */
export interface RejectedBatch {
  kind: 'rejected';
  reason: 'invalid' | 'too_large';
  errors: BatchProblem[];
}

/**
 * The batch was read and each event checked: `good` are the events to store, in batch order;
 * `errors` the problems of the others, in batch order. `success` and `failed` count events (an
 * event with three problems fails once).
 */
export interface CheckedBatch {
  kind: 'checked';
  /** For the endpoint to check against the site keys before storing `good`. */
  siteAuth: string;
  context: IngestContext;
  good: NormalisedEvent[];
  errors: EventProblem[];
  success: number;
  failed: number;
}

/** What {@link parseIngestBatch} makes of one request body. */
export type IngestOutcome = RejectedBatch | CheckedBatch;
