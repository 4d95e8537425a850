import { count, eq } from 'drizzle-orm';
import type { Site } from '../../../core/model/site.js';
import type { SiteRepository } from '../../../core/plugin/storage-driver.js';
import type { SiteSortColumn } from '../../../core/model/sort.js';
import type { Executor, Tables } from './context.js';
import { orderTerms, type SortColumn } from './sort-order.js';

type SiteRow = Tables['sites']['$inferSelect'];

function toSite({ siteNameKey: _key, ...site }: SiteRow): Site {
  return site;
}

export function siteRepository(exec: Executor, t: Tables): SiteRepository {
  const sortColumns: Record<SiteSortColumn, SortColumn> = {
    siteName: { column: t.sites.siteNameKey },
    modDate: { column: t.sites.modDate },
    identifier: { column: t.sites.identifier },
  };
  return {
    insert: (site) =>
      exec.write(
        async (db) => void (await db.insert(t.sites).values({ ...site, siteNameKey: site.siteName.toLowerCase() })),
      ),
    findById: (identifier) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.sites).where(eq(t.sites.identifier, identifier)).limit(1)).map(toSite)[0],
      ),
    findByName: (siteName) =>
      exec.read(
        async (db) =>
          (await db.select().from(t.sites).where(eq(t.sites.siteNameKey, siteName.toLowerCase())).limit(1)).map(
            toSite,
          )[0],
      ),
    update: (site) =>
      exec.write(
        async (db) =>
          void (await db
            .update(t.sites)
            .set({
              archived: site.archived,
              live: site.live,
              isDefault: site.isDefault,
              modUser: site.modUser,
              modDate: site.modDate,
            })
            .where(eq(t.sites.identifier, site.identifier))),
      ),
    delete: (identifier) =>
      exec.write(async (db) => void (await db.delete(t.sites).where(eq(t.sites.identifier, identifier)))),
    list: (query) =>
      exec.read(async (db) => {
        const items = await db
          .select()
          .from(t.sites)
          .orderBy(
            ...orderTerms(query.sort ?? { column: 'siteName', descending: false }, sortColumns, t.sites.identifier),
          )
          .limit(query.limit)
          .offset(query.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.sites);
        return { items: items.map(toSite), total: Number(total) };
      }),
  };
}
