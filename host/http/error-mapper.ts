import { CmsError, Errors, type ErrorKind, INVALID_USER_MESSAGE } from '../../core/errors/index.js';
import type { Logger } from '../../core/logger.js';
import { errorEnvelope, type Envelope } from './envelope.js';

/** The HTTP status of each kind of error: the only place statuses are chosen for errors. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  unsupported_media: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};

export interface MappedError {
  status: number;
  body: Envelope & { message: string };
  headers: Record<string, string>;
}

/**
 * The one place that turns an error into a response. Catalogue errors keep their message and
 * details; a fault (an `internal` entry, or anything that is not a catalogue error) is a 500 with a
 * generic message and one log line carrying the cause. No stack trace or SQL is ever part of a response.
 */
export function mapError(error: unknown, log: Logger): MappedError {
  if (error instanceof CmsError && error.kind !== 'internal') {
    const status = STATUS_OF_KIND[error.kind];
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(Math.ceil(error.retryAfterSeconds));
    if (error.allow) headers.Allow = error.allow.join(', ');
    if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="cms", charset="UTF-8"';
    const message =
      status === 401 && !error.message.includes(INVALID_USER_MESSAGE)
        ? `${INVALID_USER_MESSAGE}: ${error.message}`
        : error.message;
    return { status, headers, body: errorEnvelope(message, error.details) };
  }
  log.error({ err: error }, 'request failed unexpectedly');
  const fault = new CmsError(Errors.INTERNAL_ERROR);
  return { status: STATUS_OF_KIND.internal, headers: {}, body: errorEnvelope(fault.message, fault.details) };
}
