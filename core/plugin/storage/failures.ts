import { CmsError, Errors } from '../../errors/index.js';

// How a driver reports what went wrong. Its own errors never leave it: each is classified as one of
// these kinds (a driver reads its database's codes and messages) and thrown as the catalogue error
// the kind stands for, with the driver's error as its cause. Core and clients tell failures apart
// by those catalogue codes (`RECORD_NOT_UNIQUE`, `STORAGE_REFERENCE_MISSING`, ...), never by driver.

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

/**
 * The catalogue error for a classified driver error; anything unclassified is a storage fault (500).
 *
 * @example
 * catch (error) { throw storageError(classifyChain(error, classifyPgError), error); }
 */
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

/** Whether an error is already one of the service's catalogue errors (thrown on purpose, or translated). */
export function isCatalogueError(error: unknown): boolean {
  return error instanceof CmsError;
}

/**
 * What a driver throws for any error at its boundary: a catalogue error as it is, anything else
 * classified down its cause chain with `classify` (the driver's reading of one of its own errors).
 */
export function translateStorageError(error: unknown, classify: (error: unknown) => StorageFailure | undefined): Error {
  if (error instanceof CmsError) return error;
  return storageError(classifyChain(error, classify), error);
}

/**
 * What `ContentRepository.claimUniqueValues` throws when another item holds one of the values: the
 * 400 `CONTENT_UNIQUE_VALUE_TAKEN`, naming the field (its id) the way validation errors do.
 */
export function uniqueValueTaken(fieldId: string, cause?: unknown): Error {
  return new CmsError(Errors.CONTENT_UNIQUE_VALUE_TAKEN, undefined, { fieldName: fieldId, cause });
}
