import { randomUUID } from 'node:crypto';
import type { WorkflowHistoryEntry } from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';

let historySequence = 0;

/** An entry of an item's workflow history, before it gets its id and time. */
export type HistoryInput = Omit<WorkflowHistoryEntry, 'id' | 'createdAt'>;

/** Writes one history entry (an action fired, or a comment) and answers it as written. */
export async function writeHistory(tx: Repositories, entry: HistoryInput, now: number): Promise<WorkflowHistoryEntry> {
  // History is read by (createdAt, id): a per-process sequence in the id keeps entries made in the same millisecond in order.
  const id = `${(++historySequence).toString(36).padStart(10, '0')}-${randomUUID()}`;
  const written = { ...entry, id, createdAt: now };
  await tx.tasks.addHistory(written);
  return written;
}
