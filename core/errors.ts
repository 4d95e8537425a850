/**
 * Typed errors of the domain. Core never speaks of HTTP statuses: each error carries a `kind`,
 * and the host maps kinds to statuses in one place. Codes are public API (SCREAMING_SNAKE, prefixed
 * with their area) and must not change once released.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'too_many_requests'
  | 'unavailable';

/** One problem of a request: the entries of the envelope's `errors` array. */
export interface ErrorDetail {
  errorCode: string;
  message: string;
  fieldName: string | null;
}

export interface CmsErrorOptions {
  /** Several problems at once (content validation reports every field). */
  details?: ErrorDetail[];
  /** The field the error is about, when there is exactly one. */
  fieldName?: string | null;
  /** Seconds a client should wait before retrying (throttling). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class CmsError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: CmsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CmsError';
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details ?? [{ errorCode: code, message, fieldName: options.fieldName ?? null }];
  }
}

export class InvalidInputError extends CmsError {
  constructor(code: string, message: string, options?: CmsErrorOptions) {
    super('invalid', code, message, options);
    this.name = 'InvalidInputError';
  }
}

export class NotFoundError extends CmsError {
  constructor(code: string, message: string, options?: CmsErrorOptions) {
    super('not_found', code, message, options);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends CmsError {
  constructor(code: string, message: string, options?: CmsErrorOptions) {
    super('conflict', code, message, options);
    this.name = 'ConflictError';
  }
}

/** The text every 401 carries: clients of the original look for it. */
export const INVALID_USER_MESSAGE = 'Invalid User';

export class UnauthenticatedError extends CmsError {
  constructor(message: string = INVALID_USER_MESSAGE, options?: CmsErrorOptions) {
    super('unauthenticated', 'AUTH_INVALID_USER', message, options);
    this.name = 'UnauthenticatedError';
  }
}

export class ForbiddenError extends CmsError {
  constructor(message = 'The user does not have the permission for this operation', options?: CmsErrorOptions) {
    super('forbidden', 'AUTH_FORBIDDEN', message, options);
    this.name = 'ForbiddenError';
  }
}

/** A failure that stops the service from starting: bad configuration, an unresolvable plugin. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** A unique-key violation, translated by each storage driver from its own error shape. */
export class RecordNotUniqueError extends ConflictError {
  constructor(message = 'A record with the same key already exists', options?: CmsErrorOptions) {
    super('RECORD_NOT_UNIQUE', message, options);
    this.name = 'RecordNotUniqueError';
  }
}
