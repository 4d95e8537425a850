import { checkEvent } from './check-event.js';
import { batchProblem, IngestErrors } from './ingest-problem.js';
import type { EventProblem } from './ingest-problem.js';
import type { IngestOutcome } from './ingest-outcome.js';
import { batchReceipt, normaliseEvent } from './normalise-event.js';
import type { NormalisedEvent } from './normalised-event.js';
import { readBatch } from './read-batch.js';

/** How one batch is read. */
export interface ParseIngestOptions {
  /** The most events one batch may hold (500 in the product); more is refused as a whole (`too_large`). */
  maxEvents: number;
  /** When the request arrived: every event's `received_at`, and the UTC date of its session key. */
  receivedAt: Date;
}

/**
 * Parses, checks and normalises one analytics ingest batch (the body of
 * `POST /api/v1/analytics/content/event`). Pure and synchronous, so it can run in a worker thread:
 * it never throws for what a client sends, and its outcome is plain data (structured-clone safe).
 *
 * The batch as a whole is refused when the body is not a JSON object, its context lacks
 * `site_auth`, `session_id` or `user_id`, `events` is missing or empty, or there are more than
 * `maxEvents` events. Otherwise each event is checked against the shape of its `event_type`; the
 * good ones come back as rows to store, the others as problems naming their `eventIndex`. The site
 * key is not checked here: the caller checks `siteAuth` against the site keys.
 *
 * @example
 * ```ts
 * const outcome = parseIngestBatch(body, { maxEvents: 500, receivedAt: new Date() });
 * if (outcome.kind === 'checked' && outcome.good.length > 0) await store(outcome.good);
 * const { status, body: answer } = ingestAnswer(outcome); // host/analytics/ingest-answer.ts
 * ```
 */
export function parseIngestBatch(body: Uint8Array | string, options: ParseIngestOptions): IngestOutcome {
  let batch: ReturnType<typeof readBatch>;
  try {
    batch = readBatch(body, options.maxEvents);
  } catch (error) {
    // JSON nested thousands deep parses, but walking it overflows the stack: not a batch.
    if (error instanceof RangeError)
      return { kind: 'rejected', reason: 'invalid', errors: [batchProblem(IngestErrors.INVALID_JSON, null)] };
    throw error;
  }
  if (batch.kind === 'rejected') return batch;

  const good: NormalisedEvent[] = [];
  const errors: EventProblem[] = [];
  const receipt = batchReceipt(batch.context, options.receivedAt);
  batch.events.forEach((event, index) => {
    const problems = checkEvent(event, index);
    if (problems.length === 0) good.push(normaliseEvent(event, batch.context, receipt));
    else errors.push(...problems);
  });
  return {
    kind: 'checked',
    siteAuth: batch.context.siteAuth,
    context: batch.context,
    good,
    errors,
    success: good.length,
    failed: batch.events.length - good.length,
  };
}
