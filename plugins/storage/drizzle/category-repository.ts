import { asc, eq, isNull } from 'drizzle-orm';
import type { CategoryRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

export function categoryRepository(exec: Executor, t: Tables): CategoryRepository {
  const one = (
    column: Tables['categories']['inode'] | Tables['categories']['key'] | Tables['categories']['variable'],
    value: string,
  ) => exec.read(async (db) => (await db.select().from(t.categories).where(eq(column, value)).limit(1))[0]);
  return {
    insert: (category) => exec.write(async (db) => void (await db.insert(t.categories).values(category))),
    findByInode: (inode) => one(t.categories.inode, inode),
    findByKey: (key) => one(t.categories.key, key),
    findByVariable: (variable) => one(t.categories.variable, variable),
    update: ({ inode, ...columns }) =>
      exec.write(async (db) => void (await db.update(t.categories).set(columns).where(eq(t.categories.inode, inode)))),
    delete: (inode) =>
      exec.write(async (db) => void (await db.delete(t.categories).where(eq(t.categories.inode, inode)))),
    listChildren: (parent) =>
      exec.read((db) =>
        db
          .select()
          .from(t.categories)
          .where(parent === null ? isNull(t.categories.parent) : eq(t.categories.parent, parent))
          .orderBy(asc(t.categories.sortOrder), asc(ignoringCase(t.categories.name)), asc(t.categories.inode)),
      ),
  };
}
