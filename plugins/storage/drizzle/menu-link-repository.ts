import { and, asc, count, countDistinct, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type {
  MenuLink,
  MenuLinkQuery,
  MenuLinkRepository,
  MenuLinkTarget,
  MenuLinkType,
  MenuLinkVariant,
} from '../../../core/plugin/kit.js';
import type { Db, Executor, Tables } from './context.js';
import { ignoringCase } from './sort-order.js';

type MenuLinkRow = Tables['menuLinks']['$inferSelect'];

/** Identifiers bound in one IN list: well below both drivers' limits on bound values. */
const IN_CHUNK = 500;

function toMenuLink({ variant: _variant, ...row }: MenuLinkRow): MenuLink {
  // The service writes only the values of the model's unions.
  return { ...row, linkType: row.linkType as MenuLinkType, target: row.target as MenuLinkTarget };
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(items.slice(i, i + IN_CHUNK));
  return out;
}

export function menuLinkRepository(exec: Executor, t: Tables): MenuLinkRepository {
  const l = t.menuLinks;
  const version = (identifier: string, variant: MenuLinkVariant) =>
    and(eq(l.identifier, identifier), eq(l.variant, variant));
  const findIn = async (db: Db, identifier: string, variant: MenuLinkVariant) =>
    (await db.select().from(l).where(version(identifier, variant)).limit(1)).map(toMenuLink)[0];
  const orderOf = (orderBy: MenuLinkQuery['orderBy']): SQL[] => {
    if (orderBy === 'title') return [asc(ignoringCase(l.title)), asc(l.sortOrder), asc(l.identifier)];
    if (orderBy === 'modDate') return [desc(l.modDate), asc(l.identifier)];
    return [asc(l.sortOrder), asc(ignoringCase(l.title)), asc(l.identifier)];
  };
  return {
    insert: (link) => exec.write(async (db) => void (await db.insert(l).values({ ...link, variant: 'working' }))),
    find: (identifier, variant) => exec.read((db) => findIn(db, identifier, variant)),
    update: ({ identifier, ...link }) =>
      exec.write(async (db) => void (await db.update(l).set(link).where(version(identifier, 'working')))),
    publish: (identifier) =>
      exec.write(async (db) => {
        const working = await findIn(db, identifier, 'working');
        if (!working) return;
        await db.delete(l).where(version(identifier, 'live'));
        await db.insert(l).values({ ...working, variant: 'live' });
      }),
    unpublish: (identifier) => exec.write(async (db) => void (await db.delete(l).where(version(identifier, 'live')))),
    delete: (identifier) => exec.write(async (db) => void (await db.delete(l).where(eq(l.identifier, identifier)))),
    list: (query) =>
      exec.read(async (db) => {
        const where = and(
          eq(l.hostId, query.hostId),
          query.folder === undefined ? undefined : eq(l.folder, query.folder),
          eq(l.variant, query.variant),
        );
        const rows = await db
          .select()
          .from(l)
          .where(where)
          .orderBy(...orderOf(query.orderBy))
          .limit(query.limit)
          .offset(query.offset);
        const total = (await db.select({ n: count() }).from(l).where(where))[0]?.n ?? 0;
        return { items: rows.map(toMenuLink), total };
      }),
    menuItems: (hostId, folders) =>
      exec.read(async (db) => {
        const found: MenuLink[] = [];
        for (const part of chunks(folders)) {
          const rows = await db
            .select()
            .from(l)
            .where(and(eq(l.hostId, hostId), inArray(l.folder, part), eq(l.variant, 'live'), eq(l.showOnMenu, true)))
            .orderBy(...orderOf('sortOrder'));
          found.push(...rows.map(toMenuLink));
        }
        // Chunks were each in order; merged, they need it again.
        return found.sort(
          (a, b) =>
            a.sortOrder - b.sortOrder ||
            compareText(a.title.toLowerCase(), b.title.toLowerCase()) ||
            compareText(a.identifier, b.identifier),
        );
      }),
    countInFolders: (folders) =>
      exec.read(async (db) => {
        let total = 0;
        for (const part of chunks(folders))
          total +=
            (
              await db
                .select({ n: countDistinct(l.identifier) })
                .from(l)
                .where(inArray(l.folder, part))
            )[0]?.n ?? 0;
        return total;
      }),
    deleteInFolders: (folders) =>
      exec.write(async (db) => {
        const gone = new Set<string>();
        for (const part of chunks(folders)) {
          const where = inArray(l.folder, part);
          for (const row of await db.selectDistinct({ identifier: l.identifier }).from(l).where(where))
            gone.add(row.identifier);
          await db.delete(l).where(where);
        }
        return [...gone];
      }),
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
