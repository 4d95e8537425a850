import type { StorageFailure } from '../../../core/plugin/kit.js';

/**
 * SQLite's result codes (better-sqlite3 puts the extended code in `code`). SQLite names neither the
 * column nor the table of a failed foreign key, and enforces no length on text.
 */
export function classifySqliteError(error: unknown): StorageFailure | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return { kind: 'unique' };
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return { kind: 'reference' };
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return { kind: 'busy' };
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_FULL') {
    return { kind: 'unavailable' };
  }
  return undefined;
}
