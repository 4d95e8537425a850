import { asc, eq } from 'drizzle-orm';
import type { Role } from '../../../core/model/role.js';
import type { RoleRepository } from '../../../core/plugin/storage-driver.js';
import type { Executor, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

export function roleRepository(exec: Executor, t: Tables): RoleRepository {
  return {
    insert: (role) => exec.write(async (db) => void (await db.insert(t.roles).values(role))),
    findById: (id) =>
      exec.read(
        async (db) => (await db.select().from(t.roles).where(eq(t.roles.id, id)).limit(1))[0] as Role | undefined,
      ),
    findByKey: (key) =>
      exec.read(
        async (db) => (await db.select().from(t.roles).where(eq(t.roles.key, key)).limit(1))[0] as Role | undefined,
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
