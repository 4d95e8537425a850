import { errors } from '@elastic/elasticsearch';
import { InvalidError, UnavailableError, type Logger } from '../../../core/plugin/kit.js';

/** Seconds a client is asked to wait when Elasticsearch cannot answer now. */
const RETRY_AFTER_SECONDS = 5;

/** ES's own reason: the first root cause (`type: reason`), which names what was wrong. */
export function elasticReason(error: unknown): string {
  if (error instanceof errors.ResponseError) {
    const body = error.body as
      | { error?: { type?: string; reason?: string; root_cause?: Array<{ type?: string; reason?: string }> } | string }
      | undefined;
    const detail = typeof body?.error === 'object' ? (body.error.root_cause?.[0] ?? body.error) : undefined;
    if (detail?.reason) return detail.type ? `${detail.type}: ${detail.reason}` : detail.reason;
    if (typeof body?.error === 'string') return body.error;
    return `HTTP ${error.statusCode ?? '?'}`;
  }
  // The transport's messages name the failure (`connect ECONNREFUSED 10.0.0.5:9200`), not the
  // request's headers, so they carry no credentials.
  return error instanceof Error ? error.message : String(error);
}

/** ES refusing a search past the index's `max_result_window`. */
export function isWindowRefusal(error: unknown): boolean {
  return (
    error instanceof errors.ResponseError &&
    error.statusCode === 400 &&
    /Result window is too large/i.test(elasticReason(error))
  );
}

function isUnavailable(error: unknown): boolean {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  )
    return true;
  return error instanceof errors.ResponseError && [429, 502, 503, 504].includes(error.statusCode ?? 0);
}

/**
 * The error a caller gets for a failed request to Elasticsearch (`what` says which, `at` names
 * the index): 400 → `InvalidError` with ES's reason (the request was bad); unreachable, timed out,
 * overloaded → `UnavailableError` (503, `Retry-After`); anything else a plain `Error`, logged here
 * (without the client's error object, whose metadata holds the request) and answered as a 500.
 * No error keeps the client's error as its `cause`, for the same reason.
 */
export function translateError(error: unknown, what: string, logger: Logger): Error {
  if (error instanceof InvalidError || error instanceof UnavailableError) return error;
  const reason = elasticReason(error);
  if (error instanceof errors.ResponseError && error.statusCode === 400)
    return new InvalidError(`Search request refused by Elasticsearch: ${reason}`, { fieldName: 'request' });
  if (isUnavailable(error))
    return new UnavailableError(`Search is unavailable: ${what}: ${reason}`, {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  const status = error instanceof errors.ResponseError ? error.statusCode : undefined;
  logger.error({ status, reason }, `Elasticsearch: ${what} failed`);
  return new Error(`Elasticsearch: ${what} failed: ${reason}`);
}
