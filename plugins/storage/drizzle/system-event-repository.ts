import { asc, gt, inArray, lt, max } from 'drizzle-orm';
import type { SystemEventRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';

export function systemEventRepository(exec: Executor, t: Tables): SystemEventRepository {
  const table = t.systemEvents;
  return {
    append: (event) => exec.write(async (db) => void (await db.insert(table).values({ ...event }))),
    listAfter: (seq, limit) =>
      exec.read((db) => db.select().from(table).where(gt(table.seq, seq)).orderBy(asc(table.seq)).limit(limit)),
    listSeqs: (seqs) =>
      seqs.length === 0
        ? Promise.resolve([])
        : exec.read((db) =>
            db
              .select()
              .from(table)
              .where(inArray(table.seq, [...seqs]))
              .orderBy(asc(table.seq)),
          ),
    latestSeq: () =>
      exec.read(async (db) => Number((await db.select({ seq: max(table.seq) }).from(table))[0]?.seq ?? 0)),
    deleteBefore: (createdAt) =>
      exec.write(async (db) => void (await db.delete(table).where(lt(table.createdAt, createdAt)))),
  };
}
