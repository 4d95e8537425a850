import {
  formatMessage,
  type ErrorDetail,
  type ErrorEntry,
  type ErrorKind,
  type ParamsOf,
  type TemplateParams,
} from './error-entry.js';

export interface CmsErrorOptions {
  /** Several problems at once (content validation reports every field). */
  details?: ErrorDetail[];
  /** The field the error is about, when there is exactly one. */
  fieldName?: string | null;
  /** Seconds a client should wait before retrying (throttling, storage unavailable). */
  retryAfterSeconds?: number;
  /** The methods a path allows (405). */
  allow?: readonly string[];
  cause?: unknown;
}

/** The arguments after the entry: its template's parameters when it has any, then the options. */
export type CmsErrorArgs<Entry extends ErrorEntry> =
  Entry extends ErrorEntry<string, infer Template>
    ? [TemplateParams<Template>] extends [never]
      ? [params?: undefined, options?: CmsErrorOptions]
      : [params: ParamsOf<Template>, options?: CmsErrorOptions]
    : never;

/**
 * An expected failure, made from a catalogue entry: `new CmsError(Errors.WORKFLOW_STEP_NOT_FOUND)`,
 * `new CmsError(Errors.CONTENT_LOCKED, { user }, { fieldName })`. Throw sites never name a code as
 * a bare string.
 */
export class CmsError<Entry extends ErrorEntry = ErrorEntry> extends Error {
  readonly entry: Entry;
  readonly code: string;
  readonly kind: ErrorKind;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds: number | undefined;
  readonly allow: readonly string[] | undefined;

  constructor(entry: Entry, ...[params, options = {}]: CmsErrorArgs<Entry>) {
    const message = formatMessage(entry.message, params);
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CmsError';
    this.entry = entry;
    this.code = entry.code;
    this.kind = entry.kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.details = options.details ?? [{ errorCode: entry.code, message, fieldName: options.fieldName ?? null }];
  }
}

/** Whether `error` is a `CmsError` made from `entry`. */
export function isCmsError<Entry extends ErrorEntry>(error: unknown, entry: Entry): error is CmsError<Entry> {
  return error instanceof CmsError && error.entry === entry;
}

/** One problem for an error's `details`, from a detail entry of the catalogue (`required`, `badType`, ...). */
export function detail<Entry extends ErrorEntry>(
  entry: Entry,
  params: Entry extends ErrorEntry<string, infer Template> ? ParamsOf<Template> : never,
  fieldName: string | null,
): ErrorDetail {
  return { errorCode: entry.code, message: formatMessage(entry.message, params), fieldName };
}

/** The text every 401 carries: clients of the original look for it. */
export const INVALID_USER_MESSAGE = 'Invalid User';

/** A failure that stops the service from starting: bad configuration, an unresolvable plugin. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
