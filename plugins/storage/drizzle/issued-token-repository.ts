import { and, asc, desc, eq, gte, isNull, lt, lte } from 'drizzle-orm';
import type { IssuedToken, IssuedTokenKind, IssuedTokenRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';

type Row = Tables['issuedTokens']['$inferSelect'];

function fromRow(row: Row): IssuedToken {
  return { ...row, kind: row.kind as IssuedTokenKind };
}

export function issuedTokenRepository(exec: Executor, t: Tables): IssuedTokenRepository {
  const table = t.issuedTokens;
  return {
    insert: (token) => exec.write(async (db) => void (await db.insert(table).values(token))),
    find: (id) =>
      exec.read(async (db) => {
        const row = (await db.select().from(table).where(eq(table.id, id)).limit(1))[0];
        return row && fromRow(row);
      }),
    listByUser: (userId, kind) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(table)
            .where(and(eq(table.userId, userId), eq(table.kind, kind)))
            .orderBy(desc(table.issuedAt), asc(table.id))
        ).map(fromRow),
      ),
    listExpiring: (kind, from, to) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(table)
            .where(
              and(eq(table.kind, kind), isNull(table.revokedAt), gte(table.expiresAt, from), lte(table.expiresAt, to)),
            )
            .orderBy(asc(table.expiresAt), asc(table.id))
        ).map(fromRow),
      ),
    revoke: (id, at) =>
      exec.write(async (db) => {
        const live = await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, id), isNull(table.revokedAt)));
        if (live.length === 0) return false;
        await db.update(table).set({ revokedAt: at }).where(eq(table.id, id));
        return true;
      }),
    revokeByUser: (userId, at, kind) =>
      exec.write(async (db) => {
        const where = and(eq(table.userId, userId), isNull(table.revokedAt), kind ? eq(table.kind, kind) : undefined);
        const live = await db.select({ id: table.id }).from(table).where(where);
        if (live.length > 0) await db.update(table).set({ revokedAt: at }).where(where);
        return live.map((r) => r.id);
      }),
    delete: (id) =>
      exec.write(async (db) => {
        const found = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
        if (found.length === 0) return false;
        await db.delete(table).where(eq(table.id, id));
        return true;
      }),
    deleteExpired: (kind, now) =>
      exec.write(async (db) => {
        const where = and(eq(table.kind, kind), lt(table.expiresAt, now));
        const expired = await db.select({ id: table.id }).from(table).where(where);
        if (expired.length > 0) await db.delete(table).where(where);
        return expired.length;
      }),
  };
}
