import type { AnalyticsEventRepository } from '../plugin/storage/index.js';

const DAY_MS = 86_400_000;

/** Events one statement deletes: a short hold of the write lock, and well under every driver's limit on bound values. */
export const RETENTION_CHUNK = 1000;

export interface RetentionSweepOptions {
  /** Events received more than this many days ago are deleted; 0 keeps everything. */
  retentionDays: number;
  /** The instant the age is counted from (epoch ms). */
  now: number;
  chunkSize?: number;
  /** Stops the sweep between chunks (shutdown); what was deleted stays deleted. */
  signal?: AbortSignal;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Deletes the events older than the retention period, of every site, oldest first, a chunk per
 * statement, and answers how many it deleted. After each chunk it waits as long as the chunk took:
 * the ingest writes the same table (on SQLite through the same single writer lock), and a sweep of
 * millions of rows must leave it at least half of the time rather than hold the lock for minutes.
 * Idempotent, so processes sharing one database may sweep at the same time.
 */
export async function sweepExpiredEvents(
  events: AnalyticsEventRepository,
  { retentionDays, now, chunkSize = RETENTION_CHUNK, signal }: RetentionSweepOptions,
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now - retentionDays * DAY_MS);
  let deleted = 0;
  while (!signal?.aborted) {
    const started = performance.now();
    const count = await events.deleteBefore(cutoff, chunkSize);
    deleted += count;
    if (count < chunkSize) break;
    await pause(performance.now() - started);
  }
  return deleted;
}
