import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ConflictError } from '../../../core/plugin/kit.js';
import { activeSetName, setActiveSetName } from './schema.js';
import { createDurableSetFile, createRebuildSetFile, newSetName, setPath, sweepSetFiles } from './set-files.js';

/**
 * A rebuild fills a new set file (see `schema.ts`). The row `rebuild` of `meta` records who runs it
 * (process id and start, and a token) and its file, so that a second rebuild, from this process or another one
 * on the same main file, is refused while the first one's process lives, and the file of a rebuild
 * whose process died (a crash) is deleted when the main file is next opened.
 *
 * Every step that creates or deletes set files runs inside a write transaction of the main file,
 * so a process sweeping leftovers never deletes a file another has just created but not yet named.
 */
interface RebuildOwner {
  pid: number;
  /** When the process started (epoch ms): a process id is reused, in a container restarted as PID 1 every time. */
  started: number;
  token: string;
  set: string;
}

/** The same in every thread of this process: the index is opened in worker threads too. */
const processStarted = (): number => Math.round(Date.now() - process.uptime() * 1000);

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

/**
 * A rebuild of this process (any of its threads) is running; one of an earlier process that had
 * this id is not; another process's is running while a process with its id lives.
 */
function isRunning(owner: RebuildOwner): boolean {
  if (owner.pid !== process.pid) return processAlive(owner.pid);
  return Math.abs((owner.started ?? 0) - processStarted()) < 1000;
}

/**
 * At open: makes sure an active set file exists (an empty one the first time, or if it was deleted
 * by hand), forgets a rebuild whose process is gone and deletes set files nobody uses.
 */
export function prepareSetFiles(db: Database.Database, mainFile: string): void {
  db.transaction(() => {
    let active = activeSetName(db);
    if (active === undefined || !existsSync(setPath(mainFile, active))) {
      active = newSetName(mainFile);
      createDurableSetFile(setPath(mainFile, active));
      setActiveSetName(db, active);
    }
    let owner = ownerOf(db);
    if (owner && !isRunning(owner)) {
      db.prepare("DELETE FROM meta WHERE key = 'rebuild'").run();
      owner = undefined;
    }
    sweepSetFiles(mainFile, new Set(owner ? [active, owner.set] : [active]));
  }).immediate();
}

export interface StartedRebuild {
  token: string;
  /** The new set file's name. */
  set: string;
}

/** Creates a new, empty set file and records the rebuild; `ConflictError` if one is running. */
export function startRebuild(db: Database.Database, mainFile: string): StartedRebuild {
  return db
    .transaction(() => {
      const owner = ownerOf(db);
      if (owner && isRunning(owner)) throw new ConflictError('A rebuild of the search index is already running');
      const set = newSetName(mainFile);
      const token = randomUUID();
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('rebuild', ?)").run(
        JSON.stringify({ pid: process.pid, started: processStarted(), token, set } satisfies RebuildOwner),
      );
      createRebuildSetFile(setPath(mainFile, set));
      return { token, set };
    })
    .immediate();
}

function endRebuild(db: Database.Database, token: string, work: () => void): void {
  db.transaction(() => {
    if (ownerOf(db)?.token !== token) throw new ConflictError('This rebuild of the search index is no longer running');
    work();
    db.prepare("DELETE FROM meta WHERE key = 'rebuild'").run();
  }).immediate();
}

/**
 * Points `active` at the rebuilt set (sealed by its writer) in one transaction. Answers the name of
 * the set it replaced, for the caller to delete once its own connection has let go of it.
 */
export function completeRebuild(db: Database.Database, started: StartedRebuild): string {
  let replaced = '';
  endRebuild(db, started.token, () => {
    replaced = activeSetName(db) ?? '';
    setActiveSetName(db, started.set);
  });
  return replaced;
}

/** Forgets the rebuild; the caller deletes its set file. */
export function abandonRebuild(db: Database.Database, started: StartedRebuild): void {
  endRebuild(db, started.token, () => undefined);
}
