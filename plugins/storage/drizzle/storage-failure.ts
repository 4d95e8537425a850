import { CmsError, Errors } from '../../../core/errors/index.js';

/** What a driver error means, as a dialect reads it from its own codes and messages. */
export type StorageFailure =
  | { kind: 'unique' }
  /** A foreign key names a missing row: the column and the table it refers to, when the database says. */
  | { kind: 'reference'; column?: string; table?: string }
  /** A deletion or change would orphan rows of `table`. */
  | { kind: 'referenced'; table?: string }
  | { kind: 'too_long'; column?: string }
  /** A number outside its column's range. */
  | { kind: 'out_of_range'; column?: string }
  /** A lock conflict: deadlock, lock wait timeout, database busy. */
  | { kind: 'busy' }
  /** The database cannot be reached: connection lost or refused, no connection free. */
  | { kind: 'unavailable' }
  /** The database did not answer in time; nothing was changed. */
  | { kind: 'timeout' }
  /** The database did not answer a commit, or another write, in time: it may have been applied. */
  | { kind: 'outcome_unknown' };

/** Seconds a client should wait after a lock conflict, and after losing the database. */
export const RETRY_AFTER_BUSY_SECONDS = 1;
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** The first classification found down the cause chain (drizzle wraps driver errors in its own). */
export function classifyChain(
  error: unknown,
  classify: (error: unknown) => StorageFailure | undefined,
): StorageFailure | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const failure = classify(e);
    if (failure) return failure;
  }
  return undefined;
}

/** The catalogue error for a classified driver error; anything unclassified is a storage fault (500). */
export function storageError(failure: StorageFailure | undefined, cause: unknown): CmsError {
  switch (failure?.kind) {
    case 'unique':
      return new CmsError(Errors.RECORD_NOT_UNIQUE, undefined, { cause });
    case 'reference':
      return new CmsError(
        Errors.STORAGE_REFERENCE_MISSING,
        { reference: failure.table ? `${failure.table} record` : 'record' },
        { fieldName: failure.column ?? null, cause },
      );
    case 'referenced':
      return new CmsError(Errors.STORAGE_STILL_REFERENCED, { referrer: failure.table ?? 'other records' }, { cause });
    case 'too_long':
      return new CmsError(
        Errors.STORAGE_VALUE_TOO_LONG,
        { field: failure.column ?? 'a field' },
        { fieldName: failure.column ?? null, cause },
      );
    case 'out_of_range':
      return new CmsError(
        Errors.STORAGE_VALUE_OUT_OF_RANGE,
        { field: failure.column ?? 'a field' },
        { fieldName: failure.column ?? null, cause },
      );
    case 'busy':
      return new CmsError(Errors.STORAGE_BUSY, undefined, { retryAfterSeconds: RETRY_AFTER_BUSY_SECONDS, cause });
    case 'unavailable':
      return new CmsError(Errors.STORAGE_UNAVAILABLE, undefined, {
        retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS,
        cause,
      });
    case 'timeout':
      return new CmsError(Errors.STORAGE_TIMEOUT, undefined, {
        retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS,
        cause,
      });
    case 'outcome_unknown':
      // No Retry-After: repeating a change that may have been made is the client's call, after a look.
      return new CmsError(Errors.STORAGE_OUTCOME_UNKNOWN, undefined, { cause });
    default:
      return new CmsError(Errors.STORAGE_FAILED, undefined, { cause });
  }
}
