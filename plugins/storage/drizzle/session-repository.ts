import { asc, eq, lt } from 'drizzle-orm';
import type { Session, SessionRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';

export function sessionRepository(exec: Executor, t: Tables): SessionRepository {
  return {
    insert: (session) => exec.write(async (db) => void (await db.insert(t.sessions).values(session))),
    find: (tokenHash) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.sessions).where(eq(t.sessions.tokenHash, tokenHash)).limit(1))[0] as
            Session | undefined,
      ),
    touch: (tokenHash, lastSeenAt, expiresAt) =>
      exec.write(
        async (db) =>
          void (await db.update(t.sessions).set({ lastSeenAt, expiresAt }).where(eq(t.sessions.tokenHash, tokenHash))),
      ),
    listByUser: (userId) =>
      exec.read(
        async (db) =>
          (await db
            .select()
            .from(t.sessions)
            .where(eq(t.sessions.userId, userId))
            .orderBy(asc(t.sessions.createdAt), asc(t.sessions.tokenHash))) as Session[],
      ),
    delete: (tokenHash) =>
      exec.write(async (db) => void (await db.delete(t.sessions).where(eq(t.sessions.tokenHash, tokenHash)))),
    deleteExpired: (now) =>
      exec.write(async (db) => {
        const expired = await db
          .select({ tokenHash: t.sessions.tokenHash })
          .from(t.sessions)
          .where(lt(t.sessions.expiresAt, now));
        if (expired.length > 0) await db.delete(t.sessions).where(lt(t.sessions.expiresAt, now));
        return expired.length;
      }),
  };
}
