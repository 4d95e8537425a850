import { asc, count, eq } from 'drizzle-orm';
import type { Site } from '../../../core/model/site.js';
import type { SiteRepository } from '../../../core/plugin/storage-driver.js';
import type { Executor, Tables } from './context.js';

type SiteRow = Tables['sites']['$inferSelect'];

function toSite({ siteNameKey: _key, ...site }: SiteRow): Site {
  return site;
}

export function siteRepository(exec: Executor, t: Tables): SiteRepository {
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
    list: (page) =>
      exec.read(async (db) => {
        const items = await db
          .select()
          .from(t.sites)
          .orderBy(asc(t.sites.siteNameKey))
          .limit(page.limit)
          .offset(page.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.sites);
        return { items: items.map(toSite), total: Number(total) };
      }),
  };
}
