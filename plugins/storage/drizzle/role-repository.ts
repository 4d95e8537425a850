import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Page, Role, RoleRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { runPrepared } from './prepared.js';
import { ignoringCase } from './sort-order.js';
import { escapedLike } from './user-repository.js';

/** `definitionsExec` renews the definitions token: removing a role removes its permission grants. */
export function roleRepository(exec: Executor, t: Tables, definitionsExec: Executor = exec): RoleRepository {
  /** The roles a condition picks, by name ignoring case (ties by id). */
  const byName = (where: SQL) =>
    exec.read(
      async (db) =>
        (await db
          .select()
          .from(t.roles)
          .where(where)
          .orderBy(asc(ignoringCase(t.roles.name)), asc(t.roles.id))) as Role[],
    );
  return {
    insert: (role) => exec.write(async (db) => void (await db.insert(t.roles).values(role))),
    // Prepared: a fire that notifies a role looks it up by id, then by key (see findUsers).
    findById: (id) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<Role[]>(
              db,
              'roles.findById',
              () =>
                db
                  .select()
                  .from(t.roles)
                  .where(eq(t.roles.id, sql.placeholder('id')))
                  .limit(1),
              { id },
            )
          )[0],
      ),
    findByKey: (key) =>
      exec.read(
        async (db) =>
          (
            await runPrepared<Role[]>(
              db,
              'roles.findByKey',
              () =>
                db
                  .select()
                  .from(t.roles)
                  .where(eq(t.roles.key, sql.placeholder('key')))
                  .limit(1),
              { key },
            )
          )[0],
      ),
    list: () => byName(eq(t.roles.personal, false)),
    listPersonal: (query) =>
      exec.read(async (db): Promise<Page<Role>> => {
        const prefix = query.prefix;
        const column = prefix?.column === 'key' ? t.roles.key : t.roles.name;
        const where = and(
          eq(t.roles.personal, true),
          prefix ? sql`lower(${column}) like ${`${escapedLike(prefix.text)}%`} escape '!'` : undefined,
        );
        const items = await db
          .select()
          .from(t.roles)
          .where(where)
          .orderBy(asc(ignoringCase(t.roles.name)), asc(t.roles.id))
          .limit(query.limit)
          .offset(query.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.roles).where(where);
        return { items: items as Role[], total: Number(total) };
      }),
    listChildren: (parentId) => byName(eq(t.roles.parent, parentId)),
    delete: (id) =>
      definitionsExec.write(async (db) => {
        const found = await db.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.id, id));
        if (found.length === 0) return false;
        // Rows naming the role go by name rather than by ON DELETE CASCADE: the same statements on
        // both dialects, whatever a database's foreign-key setting.
        await db.delete(t.userRoles).where(eq(t.userRoles.roleId, id));
        await db.delete(t.permissionGrants).where(eq(t.permissionGrants.roleId, id));
        await db.delete(t.roles).where(eq(t.roles.id, id));
        return true;
      }),
  };
}
