import { asc, gt, inArray, lt, max } from 'drizzle-orm';
import type { SystemEventRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { insertRow } from './prepared.js';

export function systemEventRepository(exec: Executor, t: Tables): SystemEventRepository {
  const table = t.systemEvents;
  return {
    // Prepared: every save and state change appends one. A null `seq` is given the next number.
    append: (event) => exec.write((db) => insertRow(db, table, { seq: null, ...event })),
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
