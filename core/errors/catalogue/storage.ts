import { defineErrors } from '../error-entry.js';

/** Storage failures, translated by each storage driver from its own errors. */
export const storageErrors = defineErrors('storage', {
  RECORD_NOT_UNIQUE: {
    kind: 'conflict',
    message: 'A record with the same key already exists',
    meaning: 'A write would duplicate a unique key.',
  },
  STORAGE_FAILED: {
    kind: 'internal',
    message: 'Storage operation failed',
    meaning: 'The database refused an operation for a reason the service does not expect; the log holds the cause.',
  },
});
