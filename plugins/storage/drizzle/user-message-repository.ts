import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { UserMessageRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';

export function userMessageRepository(exec: Executor, t: Tables): UserMessageRepository {
  const table = t.userMessages;
  return {
    insert: (message) => exec.write(async (db) => void (await db.insert(table).values(message))),
    find: (id) => exec.read(async (db) => (await db.select().from(table).where(eq(table.id, id)).limit(1))[0]),
    listByUser: (userId, page) =>
      exec.read(async (db) => {
        const items = await db
          .select()
          .from(table)
          .where(eq(table.userId, userId))
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(page.limit)
          .offset(page.offset);
        const [total] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
        return { items, total: Number(total?.n ?? 0) };
      }),
    countUnread: (userId) =>
      exec.read(async (db) => {
        const [unread] = await db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.userId, userId), isNull(table.readAt)));
        return Number(unread?.n ?? 0);
      }),
    markRead: (id, at) =>
      exec.write(async (db) => void (await db.update(table).set({ readAt: at }).where(eq(table.id, id)))),
    delete: (id) => exec.write(async (db) => void (await db.delete(table).where(eq(table.id, id)))),
  };
}
