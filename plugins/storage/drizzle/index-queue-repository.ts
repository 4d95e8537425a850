import { asc, inArray, lt } from 'drizzle-orm';
import type { IndexQueueEntry, IndexQueueRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { insertRow } from './prepared.js';

export function indexQueueRepository(exec: Executor, t: Tables): IndexQueueRepository {
  return {
    enqueue: (entries) =>
      entries.length === 0
        ? Promise.resolve()
        : exec.write(async (db) => {
            // One entry (a save or a fire) by a prepared insert; more in one statement.
            if (entries.length === 1) await insertRow(db, t.searchIndexQueue, { ...entries[0] });
            else await db.insert(t.searchIndexQueue).values(entries.map((entry) => ({ ...entry })));
          }),
    oldest: (limit, before) =>
      exec.read(async (db) => {
        const rows = await db
          .select()
          .from(t.searchIndexQueue)
          .where(lt(t.searchIndexQueue.enqueuedAt, before))
          .orderBy(asc(t.searchIndexQueue.enqueuedAt))
          .limit(limit);
        return rows.map((row) => ({ ...row, scope: row.scope as IndexQueueEntry['scope'] }));
      }),
    remove: (keys) =>
      keys.length === 0
        ? Promise.resolve()
        : exec.write(async (db) => {
            await db.delete(t.searchIndexQueue).where(inArray(t.searchIndexQueue.key, [...keys]));
          }),
  };
}
