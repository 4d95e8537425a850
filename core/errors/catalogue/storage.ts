import { defineErrors } from '../error-entry.js';

/** Storage failures, translated by each storage driver from its own errors. */
export const storageErrors = defineErrors('storage', {
  RECORD_NOT_UNIQUE: {
    kind: 'conflict',
    message: 'A record with the same key already exists',
    meaning: 'A write would duplicate a unique key.',
  },
  STORAGE_REFERENCE_MISSING: {
    kind: 'invalid',
    message: 'The {reference} this refers to does not exist',
    meaning:
      'A write names a record that does not exist (a foreign key); `fieldName` names the column when the database says.',
  },
  STORAGE_STILL_REFERENCED: {
    kind: 'invalid',
    message: 'This record is still referred to by {referrer}',
    meaning: 'A deletion or change would leave other records pointing at nothing (a foreign key).',
  },
  STORAGE_VALUE_TOO_LONG: {
    kind: 'invalid',
    message: 'The value of {field} is too long',
    meaning: 'A value does not fit its column; `fieldName` names the column.',
  },
  STORAGE_VALUE_OUT_OF_RANGE: {
    kind: 'invalid',
    message: 'The value of {field} is out of range',
    meaning: 'A number does not fit its column; `fieldName` names the column.',
  },
  STORAGE_BUSY: {
    kind: 'unavailable',
    message: 'The database is busy; try again',
    meaning:
      'A lock conflict outlasted one retry inside the transaction; nothing was changed. `Retry-After` says when.',
  },
  STORAGE_UNAVAILABLE: {
    kind: 'unavailable',
    message: 'The database cannot be reached; try again later',
    meaning: 'The connection to the database was lost or none is free; nothing was changed. `Retry-After` says when.',
  },
  STORAGE_TIMEOUT: {
    kind: 'unavailable',
    message: 'The database did not answer in time; try again later',
    meaning:
      'The database did not answer within `storage.mysql.query.timeout.ms` (a stalled network or an overloaded server); nothing was changed. `Retry-After` says when.',
  },
  STORAGE_OUTCOME_UNKNOWN: {
    kind: 'unavailable',
    message: 'The database did not confirm the change in time; it may or may not have been saved',
    meaning:
      'The database did not answer a commit, or another write, within `storage.mysql.query.timeout.ms`: the change may have been applied all the same. Read the record before repeating the change.',
  },
  STORAGE_FAILED: {
    kind: 'internal',
    message: 'Storage operation failed',
    meaning: 'The database refused an operation for a reason the service does not expect; the log holds the cause.',
  },
});
