import { and, asc, count, eq, inArray, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Page, ReassignedContent, User, UserRepository, UserSortColumn } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { runPrepared } from './prepared.js';
import { orderTerms, type SortColumn } from './sort-order.js';

/** `definitionsExec` renews the definitions token: a reassignment changes folders and content types. */
export function userRepository(exec: Executor, t: Tables, definitionsExec: Executor = exec): UserRepository {
  const sortColumns: Record<UserSortColumn, SortColumn> = {
    email: { column: t.users.email },
    firstName: { column: t.users.firstName, text: true },
    lastName: { column: t.users.lastName, text: true },
    userId: { column: t.users.userId },
    createdAt: { column: t.users.createdAt },
    modDate: { column: t.users.modDate },
  };
  return {
    insert: (user) =>
      exec.write(async (db) => void (await db.insert(t.users).values({ ...user, email: user.email.toLowerCase() }))),
    // Prepared: a fire that notifies someone looks its recipients up (see findUsers).
    findById: (userId) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<User[]>(
              db,
              'users.findById',
              () =>
                db
                  .select()
                  .from(t.users)
                  .where(eq(t.users.userId, sql.placeholder('userId')))
                  .limit(1),
              { userId },
            )
          )[0],
      ),
    findByEmail: (email) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<User[]>(
              db,
              'users.findByEmail',
              () =>
                db
                  .select()
                  .from(t.users)
                  .where(eq(t.users.email, sql.placeholder('email')))
                  .limit(1),
              { email: email.trim().toLowerCase() },
            )
          )[0],
      ),
    list: (query) =>
      exec.read(async (db): Promise<Page<User>> => {
        const holding = query.holdingAnyRole;
        const where = and(
          query.search ? containing(query.search, [t.users.email, t.users.firstName, t.users.lastName]) : undefined,
          query.active === undefined ? undefined : eq(t.users.active, query.active),
          query.exceptUserId === undefined ? undefined : ne(t.users.userId, query.exceptUserId),
          holding === undefined
            ? undefined
            : holding.length === 0
              ? sql`1 = 0`
              : or(
                  inArray(t.users.roleId, [...holding]),
                  inArray(
                    t.users.userId,
                    db
                      .select({ userId: t.userRoles.userId })
                      .from(t.userRoles)
                      .where(inArray(t.userRoles.roleId, [...holding])),
                  ),
                ),
        );
        const items = await db
          .select()
          .from(t.users)
          .where(where)
          .orderBy(...orderTerms(query.sort ?? { column: 'email', descending: false }, sortColumns, t.users.userId))
          .limit(query.limit)
          .offset(query.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.users).where(where);
        return { items: items as User[], total: Number(total) };
      }),
    update: (userId, changes) =>
      exec.write(async (db) => {
        const values = changes.email === undefined ? changes : { ...changes, email: changes.email.toLowerCase() };
        if (Object.keys(values).length > 0) await db.update(t.users).set(values).where(eq(t.users.userId, userId));
      }),
    roleIdsOf: (userId) =>
      exec.read(async (db) =>
        (
          await db
            .select({ roleId: t.userRoles.roleId })
            .from(t.userRoles)
            .where(eq(t.userRoles.userId, userId))
            .orderBy(asc(t.userRoles.roleId))
        ).map((r) => r.roleId),
      ),
    grantRoles: (userId, roleIds) =>
      exec.write(async (db) => {
        if (roleIds.length === 0) return;
        const existing = await db
          .select({ roleId: t.userRoles.roleId })
          .from(t.userRoles)
          .where(and(eq(t.userRoles.userId, userId), inArray(t.userRoles.roleId, [...roleIds])));
        const have = new Set(existing.map((r) => r.roleId));
        const missing = [...new Set(roleIds)].filter((id) => !have.has(id));
        if (missing.length > 0) await db.insert(t.userRoles).values(missing.map((roleId) => ({ userId, roleId })));
      }),
    replaceRoles: (userId, roleIds) =>
      exec.write(async (db) => {
        const kept = [...new Set(roleIds)];
        await db
          .delete(t.userRoles)
          .where(
            kept.length > 0
              ? and(eq(t.userRoles.userId, userId), notInArray(t.userRoles.roleId, kept))
              : eq(t.userRoles.userId, userId),
          );
        const existing = await db
          .select({ roleId: t.userRoles.roleId })
          .from(t.userRoles)
          .where(eq(t.userRoles.userId, userId));
        const have = new Set(existing.map((r) => r.roleId));
        const missing = kept.filter((id) => !have.has(id));
        if (missing.length > 0) await db.insert(t.userRoles).values(missing.map((roleId) => ({ userId, roleId })));
      }),
    listByRole: (roleId) =>
      exec.read(async (db) => {
        const granted = db
          .select({ userId: t.userRoles.userId })
          .from(t.userRoles)
          .where(eq(t.userRoles.roleId, roleId));
        return (await db
          .select()
          .from(t.users)
          .where(or(eq(t.users.roleId, roleId), inArray(t.users.userId, granted)))
          .orderBy(asc(t.users.email))) as User[];
      }),
    delete: (userId) =>
      exec.write(async (db) => {
        const [found] = await db
          .select({ roleId: t.users.roleId })
          .from(t.users)
          .where(eq(t.users.userId, userId))
          .limit(1);
        if (!found) return false;
        // Each row that names the user is removed by name rather than left to ON DELETE CASCADE:
        // the same statements on both dialects, whatever a database's foreign-key setting.
        await db.delete(t.userRoles).where(eq(t.userRoles.userId, userId));
        await db.delete(t.sessions).where(eq(t.sessions.userId, userId));
        await db.delete(t.issuedTokens).where(eq(t.issuedTokens.userId, userId));
        await db.delete(t.userMessages).where(eq(t.userMessages.userId, userId));
        await db.delete(t.users).where(eq(t.users.userId, userId));
        // The personal role goes with its user; its permission grants cascade with it.
        await db.delete(t.permissionGrants).where(eq(t.permissionGrants.roleId, found.roleId));
        await db.delete(t.roles).where(and(eq(t.roles.id, found.roleId), eq(t.roles.personal, true)));
        return true;
      }),
    reassign: (fromUserId, toUserId) =>
      definitionsExec.write(async (db) => {
        const personal = await db
          .select({ userId: t.users.userId, roleId: t.users.roleId })
          .from(t.users)
          .where(inArray(t.users.userId, [fromUserId, toUserId]));
        const fromRole = personal.find((u) => u.userId === fromUserId)?.roleId;
        const toRole = personal.find((u) => u.userId === toUserId)?.roleId;
        // Item-languages read before the updates: afterwards nothing tells them apart.
        const owned = db
          .select({ identifier: t.contentIdentifiers.identifier })
          .from(t.contentIdentifiers)
          .where(eq(t.contentIdentifiers.owner, fromUserId));
        const versions = await db
          .selectDistinct({ identifier: t.contentVersions.identifier, languageId: t.contentVersions.languageId })
          .from(t.contentVersions)
          .where(or(eq(t.contentVersions.modUser, fromUserId), inArray(t.contentVersions.identifier, owned)));
        // A task is assigned to a user id, a role id or a role key (`TaskRepository`): the user's own two.
        const assignees = fromRole === undefined ? [fromUserId] : [fromUserId, fromRole];
        const tasks = await db
          .select({ identifier: t.workflowTasks.identifier, languageId: t.workflowTasks.languageId })
          .from(t.workflowTasks)
          .where(or(eq(t.workflowTasks.createdBy, fromUserId), inArray(t.workflowTasks.assignedTo, assignees)));
        const to = { owner: toUserId };
        await db.update(t.contentIdentifiers).set(to).where(eq(t.contentIdentifiers.owner, fromUserId));
        await db.update(t.contentVersions).set({ modUser: toUserId }).where(eq(t.contentVersions.modUser, fromUserId));
        for (const table of [t.folders, t.menuLinks]) {
          await db.update(table).set(to).where(eq(table.owner, fromUserId));
          await db.update(table).set({ modUser: toUserId }).where(eq(table.modUser, fromUserId));
        }
        await db.update(t.contentTypes).set(to).where(eq(t.contentTypes.owner, fromUserId));
        // Workflow: tasks they opened, tasks assigned to their personal role, what they did in history.
        await db.update(t.workflowTasks).set({ createdBy: toUserId }).where(eq(t.workflowTasks.createdBy, fromUserId));
        await db
          .update(t.workflowTasks)
          .set({ assignedTo: toUserId })
          .where(eq(t.workflowTasks.assignedTo, fromUserId));
        if (fromRole !== undefined && toRole !== undefined)
          await db.update(t.workflowTasks).set({ assignedTo: toRole }).where(eq(t.workflowTasks.assignedTo, fromRole));
        await db.update(t.workflowHistory).set({ userId: toUserId }).where(eq(t.workflowHistory.userId, fromUserId));
        return uniqueItemLanguages([...versions, ...tasks]);
      }),
  };
}

/** Item-languages once each, by identifier then language: the order the contract promises. */
function uniqueItemLanguages(rows: readonly ReassignedContent[]): ReassignedContent[] {
  const byKey = new Map(rows.map((row) => [`${row.identifier}\0${row.languageId}`, row]));
  return [...byKey.values()].sort((a, b) =>
    a.identifier === b.identifier ? a.languageId - b.languageId : a.identifier < b.identifier ? -1 : 1,
  );
}

/**
 * Rows where any of the columns contains the text, ignoring case, with `%` and `_` taken literally.
 * NOTE: `!` is the escape character because a backslash is itself an escape in MySQL string
 * literals but not in SQLite's, so `ESCAPE '\\'` cannot be written once for both.
 */
function containing(text: string, columns: readonly AnyColumn[]): SQL | undefined {
  const pattern = `%${escapedLike(text)}%`;
  const terms = columns.map((column) => sql`lower(${column}) like ${pattern} escape '!'`);
  return or(...terms);
}

/** The text trimmed, lower-cased, with `!`, `%` and `_` escaped by `!` (see `containing`). */
export function escapedLike(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[!%_]/g, (c) => `!${c}`);
}
