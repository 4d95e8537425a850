import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createBulkFillTables, createSetTables } from './schema.js';

/**
 * Set files (see `schema.ts`) live beside the main file and are named after it:
 * `index.db.<12 hex digits>.set`. `meta` records names, not paths, so the directory may move.
 */
export const newSetName = (mainFile: string): string => `${basename(mainFile)}.${randomBytes(6).toString('hex')}.set`;

export const setPath = (mainFile: string, name: string): string => join(dirname(mainFile), name);

/** A set file that searches will read: WAL and durable commits, as the main file. */
export function createDurableSetFile(path: string): void {
  const setDb = new Database(path);
  try {
    setDb.pragma('journal_mode = WAL');
    createSetTables(setDb);
  } finally {
    setDb.close();
  }
}

/**
 * A set file for a rebuild, with the tables writes need (`createBulkFillTables`). Nothing reads it
 * until the rebuild completes, and a rebuild cut short by a crash is thrown away, so its writer
 * (`rebuild-worker.ts`) keeps the journal in memory (a failed batch still rolls back) and does not
 * wait for the disk, with a larger page cache for the indexes it fills: much less writing than
 * WAL's, whose every page is written twice. Sealing it makes it searchable and durable before it
 * is swapped in.
 */
export function createRebuildSetFile(path: string): void {
  const setDb = new Database(path);
  try {
    createBulkFillTables(setDb);
  } finally {
    setDb.close();
  }
}

const SET_FILE = /\.set(-wal|-shm|-journal)?$/;

/**
 * Deletes a set file and its journals. A process that still reads it keeps its open file (POSIX);
 * where the system refuses to delete an open file, it stays until a later sweep.
 */
export function removeSetFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    try {
      rmSync(path + suffix, { force: true });
    } catch {
      // Left for the next sweep.
    }
  }
}

/** Deletes every set file of `mainFile` but those named in `keep` (the active one, a running rebuild's). */
export function sweepSetFiles(mainFile: string, keep: ReadonlySet<string>): void {
  const prefix = `${basename(mainFile)}.`;
  for (const entry of readdirSync(dirname(mainFile))) {
    if (!entry.startsWith(prefix) || !SET_FILE.test(entry)) continue;
    const name = entry.replace(SET_FILE, '.set');
    if (!keep.has(name) && name === entry) removeSetFile(setPath(mainFile, name));
  }
}
