import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../../core/plugin/kit.js';
import { activeSet, createSet, dropSet, otherSet, type TableSet } from './schema.js';

/**
 * A rebuild fills the set of tables that is not active (see `schema.ts`). The row `rebuild` of
 * `meta` records who runs it (process id and a token), so that a second rebuild, from this process
 * or another one on the same file, is refused while the first one's process lives, and a rebuild
 * whose process died (a crash) is dropped when the file is next opened.
 */
interface RebuildOwner {
  pid: number;
  token: string;
}

/** The tokens of the rebuilds this process runs: a row naming this process but none of them is a leftover. */
const runningHere = new Set<string>();

function ownerOf(db: Database.Database): RebuildOwner | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'rebuild'").get() as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as RebuildOwner) : undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

const isRunning = (owner: RebuildOwner): boolean =>
  owner.pid === process.pid ? runningHere.has(owner.token) : processAlive(owner.pid);

/** At open: the tables of a rebuild whose process is gone are dropped. */
export function dropLeftoverRebuild(db: Database.Database): void {
  db.transaction(() => {
    const owner = ownerOf(db);
    if (owner && isRunning(owner)) return;
    db.prepare("DELETE FROM meta WHERE key = 'rebuild'").run();
    dropSet(db, otherSet(activeSet(db)));
  }).immediate();
}

/** Creates the other set, empty, and records the rebuild; `ConflictError` if one is running. */
export function startRebuild(db: Database.Database): { set: TableSet; token: string } {
  return db
    .transaction(() => {
      const owner = ownerOf(db);
      if (owner && isRunning(owner)) throw new ConflictError('A rebuild of the search index is already running');
      const set = otherSet(activeSet(db));
      dropSet(db, set);
      createSet(db, set);
      const token = randomUUID();
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('rebuild', ?)").run(
        JSON.stringify({ pid: process.pid, token } satisfies RebuildOwner),
      );
      runningHere.add(token);
      return { set, token };
    })
    .immediate();
}

function endRebuild(db: Database.Database, token: string, keep: boolean): void {
  db.transaction(() => {
    if (ownerOf(db)?.token !== token) throw new ConflictError('This rebuild of the search index is no longer running');
    const active = activeSet(db);
    // Completing drops the old set and points `active` at the new one; abandoning drops the new one.
    dropSet(db, keep ? active : otherSet(active));
    if (keep) db.prepare("UPDATE meta SET value = ? WHERE key = 'active'").run(otherSet(active));
    db.prepare("DELETE FROM meta WHERE key = 'rebuild'").run();
  }).immediate();
  runningHere.delete(token);
}

/** Swaps the rebuilt set in, in one transaction. */
export const completeRebuild = (db: Database.Database, token: string): void => endRebuild(db, token, true);

/** Drops the rebuilt set; the active one stays. */
export const abandonRebuild = (db: Database.Database, token: string): void => endRebuild(db, token, false);
