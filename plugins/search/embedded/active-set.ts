import type Database from 'better-sqlite3';
import { UnavailableError } from '../../../core/plugin/kit.js';
import { activeSetName } from './schema.js';
import { setPath } from './set-files.js';

/** The schema name the active set file is attached under. */
export const ACTIVE = 'idx';

/** Attempts to find the active set unchanged between attaching it and reading it (a rebuild may complete in between). */
export const ATTEMPTS = 5;

/** The active set file of an index, as one connection attaches it. */
export interface ActiveSet {
  /** The set file attached, if any. */
  readonly attached: string | undefined;
  /** Attaches the set file `meta` names, if it is not the one attached (ATTACH cannot run inside a transaction). */
  attach(): void;
  detach(): void;
  /** Runs `work` in one read transaction on the active set: every statement of it sees one snapshot. */
  read<T>(work: () => T): T;
}

/**
 * The active set of the index whose main file is `file`, on the connection `db` (the service's own,
 * or a search thread's read-only one). `onDetach` drops what was prepared against the old set.
 */
export function activeSet(
  db: Database.Database,
  file: string,
  { onDetach = () => undefined, cacheMiB }: { onDetach?: () => void; cacheMiB?: number } = {},
): ActiveSet {
  let attached: string | undefined;
  const readTx = db.transaction(<T>(work: () => T) => (activeSetName(db) === attached ? { value: work() } : undefined));
  const set: ActiveSet = {
    get attached() {
      return attached;
    },
    attach() {
      const name = activeSetName(db);
      if (name === attached || name === undefined) return;
      set.detach();
      db.prepare(`ATTACH ? AS ${ACTIVE}`).run(setPath(file, name));
      if (!db.readonly) db.pragma(`${ACTIVE}.synchronous = FULL`);
      // An attached file has a page cache of its own, of SQLite's default size (16 MiB as better-sqlite3 builds it) unless set.
      if (cacheMiB !== undefined) db.pragma(`${ACTIVE}.cache_size = ${-Math.round(cacheMiB * 1024)}`);
      attached = name;
    },
    detach() {
      if (attached === undefined) return;
      db.exec(`DETACH ${ACTIVE}`);
      attached = undefined;
      onDetach();
    },
    read<T>(work: () => T): T {
      return translatingBusy(() => {
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          set.attach();
          const result = readTx(work) as { value: T } | undefined;
          if (result) return result.value;
        }
        throw replacedTooOften();
      });
    },
  };
  return set;
}

export const replacedTooOften = (): UnavailableError =>
  new UnavailableError('The search index was being replaced; try again', { retryAfterSeconds: 1 });

/**
 * Another process held the index longer than `busy_timeout`: a 503 the client may retry. Other
 * SQLite errors are faults (a 500, logged with the cause).
 */
export function translatingBusy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw busyAsUnavailable(error);
  }
}

export function busyAsUnavailable(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
    ? new UnavailableError('The search index is busy; try again', { retryAfterSeconds: 1, cause: error })
    : error;
}
