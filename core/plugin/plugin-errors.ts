import { CmsError, Errors, type ErrorEntry, type ErrorKind } from '../errors/index.js';

/** The kinds of failure a plugin may answer; the host maps each to one status (400, 401, 403, 404, 409, 503). */
export type PluginErrorKind = Extract<
  ErrorKind,
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unavailable'
>;

export interface PluginErrorOptions {
  /**
   * The `errorCode` the client receives, when the plugin documents codes of its own: SCREAMING_SNAKE
   * with at least one `_`, best prefixed with the plugin's name (`ACME_QUOTA_EXCEEDED`). A code of the
   * service's catalogue (`AUTH_INVALID_USER`) may be answered only with that entry's kind. Without it,
   * the code is the kind's generic one (`PLUGIN_INVALID`, ...).
   */
  code?: string;
  /** The field (or actionlet parameter) the error is about. */
  fieldName?: string;
  /** Seconds a client should wait before retrying (`UnavailableError`). */
  retryAfterSeconds?: number;
  /** What went wrong underneath: kept on the error for debugging, never sent to the client. */
  cause?: unknown;
}

const GENERIC: Readonly<Record<PluginErrorKind, ErrorEntry<string, '{message}'>>> = {
  invalid: Errors.PLUGIN_INVALID,
  unauthenticated: Errors.PLUGIN_UNAUTHENTICATED,
  forbidden: Errors.PLUGIN_FORBIDDEN,
  not_found: Errors.PLUGIN_NOT_FOUND,
  conflict: Errors.PLUGIN_CONFLICT,
  unavailable: Errors.PLUGIN_UNAVAILABLE,
};

const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * The entry a plugin error is made from. A plugin's own code gets an entry of its own (it is the
 * plugin's public API, not the service's catalogue). A bad code is a bug of the plugin: it fails
 * loudly (a 500 with the reason in the log) rather than reaching clients as something else.
 */
function entryFor(kind: PluginErrorKind, code: string | undefined): ErrorEntry<string, '{message}'> {
  const generic = GENERIC[kind];
  if (code === undefined || code === generic.code) return generic;
  if (!CODE.test(code)) throw new TypeError(`Plugin error code "${code}" is not SCREAMING_SNAKE (like ACME_NOT_READY)`);
  const catalogued = (Errors as Readonly<Record<string, ErrorEntry>>)[code];
  if (catalogued && catalogued.kind !== kind) {
    throw new TypeError(`Plugin error code ${code} is the service's ${catalogued.kind} error; it cannot be ${kind}`);
  }
  return { ...generic, code };
}

/**
 * An expected failure a plugin reports: the client receives its status, its message word for word
 * and its code. Anything else a plugin throws is a fault: a 500 with a generic message, and the
 * cause in the log. Prefer the subclasses, which name the kind.
 *
 * @example
 * throw new PluginError('conflict', 'The slug is taken', { code: 'ACME_SLUG_TAKEN', fieldName: 'slug' });
 */
export class PluginError extends CmsError<ErrorEntry<string, '{message}'>> {
  constructor(kind: PluginErrorKind, message: string, options: PluginErrorOptions = {}) {
    const { code, ...rest } = options;
    super(entryFor(kind, code), { message }, rest);
    this.name = 'PluginError';
  }
}

/**
 * The input is not acceptable (400): a parameter of an actionlet, a value a plugin reads.
 *
 * @example
 * if (!/^https?:\/\//.test(params.url)) throw new InvalidError('url must be an http(s) URL', { fieldName: 'url' });
 */
export class InvalidError extends PluginError {
  constructor(message: string, options?: PluginErrorOptions) {
    super('invalid', message, options);
    this.name = 'InvalidError';
  }
}

/**
 * The request carries a credential of this auth scheme and it is wrong (401). Clients see
 * `Invalid User: <message>`; later schemes do not run.
 *
 * @example
 * throw new UnauthenticatedError('Unknown API key');
 */
export class UnauthenticatedError extends PluginError {
  constructor(message = 'Invalid User', options?: PluginErrorOptions) {
    super('unauthenticated', message, options);
    this.name = 'UnauthenticatedError';
  }
}

/** The caller may not do this (403). */
export class ForbiddenError extends PluginError {
  constructor(message: string, options?: PluginErrorOptions) {
    super('forbidden', message, options);
    this.name = 'ForbiddenError';
  }
}

/** What the request names does not exist (404). */
export class NotFoundError extends PluginError {
  constructor(message: string, options?: PluginErrorOptions) {
    super('not_found', message, options);
    this.name = 'NotFoundError';
  }
}

/** The change conflicts with the state of the data (409). */
export class ConflictError extends PluginError {
  constructor(message: string, options?: PluginErrorOptions) {
    super('conflict', message, options);
    this.name = 'ConflictError';
  }
}

/** Something the plugin depends on cannot be reached now (503); `retryAfterSeconds` becomes `Retry-After`. */
export class UnavailableError extends PluginError {
  constructor(message: string, options?: PluginErrorOptions) {
    super('unavailable', message, options);
    this.name = 'UnavailableError';
  }
}
