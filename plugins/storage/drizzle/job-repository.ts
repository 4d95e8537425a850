import { and, asc, count, desc, eq, inArray, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Job, JobRepository, JobStatus } from '../../../core/plugin/kit.js';
import type { Db, Dialect, Executor, Tables } from './context.js';
import { columnPlaceholders, runPrepared } from './prepared.js';

/**
 * The job queue on both dialects. A claim picks candidates, then marks them running with one
 * UPDATE that checks again that each is still claimable: on MySQL that UPDATE reads the latest
 * committed rows under row locks, so when two processes pick the same candidates the second finds
 * them running and takes none of them; SQLite's single writer serialises claims anyway. The claimed
 * rows are then read back by the claim's own token, which needs no affected-row count (whose API
 * differs per driver).
 */
/** Rounds of one claim at most: each after another process took some of the candidates. */
const CLAIM_ROUNDS = 3;

export function jobRepository(exec: Executor, t: Tables, dialect: Dialect): JobRepository {
  const jobs = t.jobs;
  const claimable = (now: number) =>
    or(
      and(eq(jobs.status, 'pending'), lte(jobs.nextRunAt, now)),
      and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now)),
    );
  const find = async (db: Db, id: string) => {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    return row && toJob(row);
  };
  return {
    enqueue: (job) =>
      exec.write(async (db) => {
        // Prepared once: every fire that mails writes a job, and building the SQL costs more than running it.
        const row = { ...job, status: 'pending', attempts: 0, leaseOwner: null, leaseUntil: null, lastError: null };
        await runPrepared(
          db,
          'jobs.enqueue',
          () => dialect.insertJobIfAbsentQuery(db, jobs, columnPlaceholders(jobs)),
          {
            ...row,
            updatedAt: job.createdAt,
          },
        );
        // A random key (the job's own id) cannot be held by an earlier job.
        if (job.idempotencyKey === job.id) return job.id;
        const [held] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.idempotencyKey, job.idempotencyKey));
        return held!.id;
      }),
    claim: async ({ limit, now, owner, leaseUntil }) => {
      let claimed: Job[] = [];
      // Another process may take the candidates first; a few more rounds find the jobs still free.
      for (let round = 0; round < CLAIM_ROUNDS && claimed.length < limit; round++) {
        const taken = claimed.map((job) => job.id);
        // Candidates are read without a write lock: most polls find nothing, and take no writer's turn.
        const candidates = await exec.read((db) =>
          db
            .select({ id: jobs.id })
            .from(jobs)
            .where(taken.length > 0 ? and(claimable(now), notInArray(jobs.id, taken)) : claimable(now))
            .orderBy(asc(jobs.nextRunAt))
            .limit(limit - claimed.length),
        );
        if (candidates.length === 0) break;
        const ids = candidates.map((c) => c.id);
        claimed = await exec.write(async (db) => {
          await db
            .update(jobs)
            .set({
              status: 'running',
              leaseOwner: owner,
              leaseUntil,
              attempts: sql`${jobs.attempts} + 1`,
              updatedAt: now,
            })
            .where(and(inArray(jobs.id, ids), claimable(now)));
          return (await db.select().from(jobs).where(eq(jobs.leaseOwner, owner))).map(toJob);
        });
        if (claimed.length - taken.length === ids.length) break;
      }
      return claimed;
    },
    renew: (ids, owner, leaseUntil) =>
      ids.length === 0
        ? Promise.resolve()
        : exec.write(async (db) => {
            await db
              .update(jobs)
              .set({ leaseUntil })
              .where(and(inArray(jobs.id, [...ids]), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running')));
          }),
    complete: (id, owner, now) =>
      exec.write(async (db) => {
        await db
          .update(jobs)
          .set({ status: 'done', leaseOwner: null, leaseUntil: null, lastError: null, updatedAt: now })
          .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running')));
      }),
    fail: (id, owner, { status, nextRunAt, lastError, now }) =>
      exec.write(async (db) => {
        await db
          .update(jobs)
          .set({ status, nextRunAt, lastError, leaseOwner: null, leaseUntil: null, updatedAt: now })
          .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running')));
      }),
    find: (id) => exec.read((db) => find(db, id)),
    list: ({ status, offset, limit }) =>
      exec.read(async (db) => {
        const where = status ? eq(jobs.status, status) : undefined;
        const rows = await db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(desc(jobs.createdAt), asc(jobs.id))
          .limit(limit)
          .offset(offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(jobs).where(where);
        return { items: rows.map(toJob), total: Number(total) };
      }),
    retry: (id, now) =>
      exec.write(async (db) => {
        // The answer is what this retry made of the job, read before it: read after, on a server
        // database outside a transaction, a dispatcher may already have claimed the job it made due,
        // and a retry that worked would be answered as refused.
        const before = await find(db, id);
        if (!before || (before.status !== 'dead' && before.status !== 'pending')) return before;
        const retried = { status: 'pending' as const, attempts: 0, nextRunAt: now, leaseOwner: null, leaseUntil: null };
        await db
          .update(jobs)
          .set({ ...retried, updatedAt: now })
          .where(and(eq(jobs.id, id), inArray(jobs.status, ['dead', 'pending'])));
        return { ...before, ...retried, updatedAt: now };
      }),
    remove: (id) =>
      exec.write(async (db) => {
        const job = await find(db, id);
        if (!job || job.status === 'running') return false;
        await db.delete(jobs).where(and(eq(jobs.id, id), ne(jobs.status, 'running')));
        return true;
      }),
    purgeDone: (before) =>
      exec.write(async (db) => {
        const done = and(eq(jobs.status, 'done'), lt(jobs.updatedAt, before));
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(jobs).where(done);
        if (Number(total) > 0) await db.delete(jobs).where(done);
        return Number(total);
      }),
  };
}

function toJob(row: Tables['jobs']['$inferSelect']): Job {
  return { ...row, status: row.status as JobStatus };
}
