import { asc, eq, sql } from 'drizzle-orm';
import type { Role, RoleRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { runPrepared } from './prepared.js';
import { ignoringCase } from './sort-order.js';

export function roleRepository(exec: Executor, t: Tables): RoleRepository {
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
    list: () =>
      exec.read(
        async (db) =>
          (await db
            .select()
            .from(t.roles)
            .where(eq(t.roles.personal, false))
            .orderBy(asc(ignoringCase(t.roles.name)), asc(t.roles.id))) as Role[],
      ),
  };
}
