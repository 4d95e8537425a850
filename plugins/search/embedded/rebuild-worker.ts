import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchDocument } from '../../../core/plugin/kit.js';
import { setWriter } from './writer.js';

/**
 * The worker thread that owns a rebuild's set file (see `rebuild-writer.ts`): it writes the
 * batches it is sent, in order, one transaction each, and at `seal` builds the search structures,
 * switches the file to WAL, flushes it and ends. The answering thread meanwhile builds the next
 * documents, or answers requests.
 */
export type RebuildRequest =
  | { op: 'index'; documents: readonly SearchDocument[] }
  | { op: 'remove'; ids: readonly string[] }
  | { op: 'seal'; sql: string };

export type RebuildMessage = RebuildRequest & { id: number };

export interface RebuildReply {
  id: number;
  error?: { message: string; invalid: boolean; fieldName?: string };
}

const { path } = workerData as { path: string };
const db = new Database(path);
// Nothing reads the file until it is sealed, and a crash throws it away (see set-files.ts).
db.pragma('journal_mode = MEMORY');
db.pragma('synchronous = OFF');
db.pragma('cache_size = -131072');
const writer = setWriter(db, 'main');
const inTransaction = db.transaction((work: () => void) => work());

function fsyncPath(target: string, flags: string): void {
  const fd = openSync(target, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function handle(message: RebuildMessage): void {
  switch (message.op) {
    case 'index':
      inTransaction(() => writer.index(message.documents));
      return;
    case 'remove':
      inTransaction(() => writer.remove(message.ids));
      return;
    case 'seal':
      db.exec(message.sql);
      db.pragma('journal_mode = WAL');
      db.close();
      fsyncPath(path, 'r+');
      fsyncPath(dirname(path), 'r');
  }
}

parentPort!.on('message', (message: RebuildMessage) => {
  let reply: RebuildReply = { id: message.id };
  try {
    handle(message);
  } catch (error) {
    const { name, message: text, fieldName } = error as { name?: string; message?: string; fieldName?: string };
    reply = { id: message.id, error: { message: String(text), invalid: name === 'InvalidError', fieldName } };
  }
  parentPort!.postMessage(reply);
  if (message.op === 'seal') parentPort!.close();
});
