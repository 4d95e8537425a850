import type { BatchProblem, EventProblem } from '../../core/analytics/ingest-problem.js';
import type { IngestOutcome } from '../../core/analytics/ingest-outcome.js';

/** How the batch went: every event stored, some, or none. */
export type IngestAnswerStatus = 'SUCCESS' | 'PARTIAL_SUCCESS' | 'ERROR';

/**
 * The body of the ingest endpoint's answer, as the original writes it. `success` and `failed` are
 * left out when the batch as a whole was refused (nothing was counted); `errors` is empty when all
 * events were stored.
 */
export interface IngestAnswerBody {
  status: IngestAnswerStatus;
  success?: number;
  failed?: number;
  errors: (BatchProblem | EventProblem)[];
}

/** A status and a body to write as JSON. */
export interface IngestAnswer<Body = IngestAnswerBody> {
  status: number;
  body: Body;
}

// The answer is the contract of one endpoint with the tracking library (200, 207 Multi-Status, 400,
// 413 and the body), so it lives beside the HTTP side rather than in core; the ingest worker (host)
// computes it, and the request thread only writes the bytes.

/**
 * The answer to a batch: 200 `SUCCESS` when every event was stored, 207 `PARTIAL_SUCCESS` when
 * some were, 400 `ERROR` when none was (with the counts) or when the batch was refused (without
 * them), 413 `ERROR` for a batch over the size limit.
 */
export function ingestAnswer(outcome: IngestOutcome): IngestAnswer {
  if (outcome.kind === 'rejected') {
    return { status: outcome.reason === 'too_large' ? 413 : 400, body: { status: 'ERROR', errors: outcome.errors } };
  }
  const { success, failed, errors } = outcome;
  const [status, word]: [number, IngestAnswerStatus] =
    failed === 0 ? [200, 'SUCCESS'] : success === 0 ? [400, 'ERROR'] : [207, 'PARTIAL_SUCCESS'];
  return { status, body: { status: word, success, failed, errors } };
}

/** The words of the 415 answer, as the original's clients see them. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'HTTP 415 Unsupported Media Type';

/**
 * The answer when the request does not declare a JSON body (the endpoint decides, from the
 * `Content-Type` header, before parsing anything).
 */
export function unsupportedMediaTypeAnswer(): IngestAnswer<{ message: string }> {
  return { status: 415, body: { message: UNSUPPORTED_MEDIA_TYPE_MESSAGE } };
}
