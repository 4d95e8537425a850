import { CmsError, INVALID_USER_MESSAGE, type ErrorKind } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { errorEnvelope, type Envelope } from './envelope.js';

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  too_many_requests: 429,
  unavailable: 503,
};

export interface MappedError {
  status: number;
  body: Envelope & { message: string };
  headers: Record<string, string>;
}

/**
 * The one place that turns an error into a response. Known errors keep their message; anything
 * else is a 500 with a generic message and one log line carrying the cause. No stack trace is ever
 * part of a response.
 */
export function mapError(error: unknown, log: Logger): MappedError {
  if (error instanceof CmsError) {
    const status = STATUS_OF_KIND[error.kind];
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(Math.ceil(error.retryAfterSeconds));
    if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="cms", charset="UTF-8"';
    const message =
      status === 401 && !error.message.includes(INVALID_USER_MESSAGE)
        ? `${INVALID_USER_MESSAGE}: ${error.message}`
        : error.message;
    return { status, headers, body: errorEnvelope(message, error.details) };
  }
  log.error({ err: error }, 'request failed unexpectedly');
  const message = 'An unexpected error occurred';
  return {
    status: 500,
    headers: {},
    body: errorEnvelope(message, [{ errorCode: 'INTERNAL_ERROR', message, fieldName: null }]),
  };
}
