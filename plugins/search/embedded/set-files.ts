import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { basename, dirname, join } from 'node:path';
import { createBulkFillTables, createSetTables, FINISH_BULK_FILL } from './schema.js';

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
 * A set file for a rebuild, open for writing. Nothing reads it until the rebuild completes, and a
 * rebuild cut short by a crash is thrown away, so it is written with the journal in memory (a
 * failed batch still rolls back) and without waiting for the disk, and with a larger page cache for
 * the indexes it fills: much less writing than WAL's, whose every page is written twice.
 * `sealSetFile` makes it searchable and durable before it is swapped in.
 */
export function openRebuildSetFile(path: string): Database.Database {
  const setDb = new Database(path);
  try {
    setDb.pragma('journal_mode = MEMORY');
    setDb.pragma('synchronous = OFF');
    setDb.pragma('cache_size = -131072');
    createBulkFillTables(setDb);
    return setDb;
  } catch (error) {
    setDb.close();
    throw error;
  }
}

/**
 * Finishes a bulk-filled set file (`FINISH_BULK_FILL`), switches it to WAL and waits until its
 * contents and its name are on disk: in a worker thread, because at 100,000 items this is tens of
 * seconds of sorting and writing that must not stop the thread answering requests.
 */
export async function sealSetFile(setDb: Database.Database, path: string): Promise<void> {
  setDb.close();
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(SEAL_WORKER, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), path, sql: FINISH_BULK_FILL },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Finishing the rebuilt search index stopped with code ${code}`)),
    );
  });
}

const require = createRequire(import.meta.url);

/** The worker's code, CommonJS (an `eval` worker); the driver is resolved here, in the plugin's module. */
const SEAL_WORKER = `
const { workerData } = require('node:worker_threads');
const { closeSync, fsyncSync, openSync } = require('node:fs');
const { dirname } = require('node:path');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
try {
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -131072');
  db.exec(workerData.sql);
  db.pragma('journal_mode = WAL');
} finally {
  db.close();
}
for (const [path, flags] of [[workerData.path, 'r+'], [dirname(workerData.path), 'r']]) {
  const fd = openSync(path, flags);
  try { fsyncSync(fd); } finally { closeSync(fd); }
}
`;

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
