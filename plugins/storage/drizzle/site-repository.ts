import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Site, SiteQuery, SiteRepository, SiteSortColumn, SiteVariable } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { orderTerms, type SortColumn } from './sort-order.js';

type SiteRow = Tables['sites']['$inferSelect'];

function toSite({ siteNameKey: _key, ...site }: SiteRow): Site {
  return site;
}

function toVariable({ createdAt: _created, ...variable }: Tables['siteVariables']['$inferSelect']): SiteVariable {
  return variable;
}

/** The conditions of a listing's filters; instr() gives no meaning to `%` or `_` in the name filter. */
function listFilter(t: Tables, query: SiteQuery) {
  const needle = query.filter?.toLowerCase();
  return and(
    needle ? sql`instr(${t.sites.siteNameKey}, ${needle}) > 0` : undefined,
    query.archived === undefined ? undefined : eq(t.sites.archived, query.archived),
    query.live === undefined ? undefined : eq(t.sites.live, query.live),
    query.system === false ? eq(t.sites.system, false) : undefined,
  );
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
              siteName: site.siteName,
              siteNameKey: site.siteName.toLowerCase(),
              aliases: site.aliases,
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
    listVariables: (siteId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(t.siteVariables)
            .where(eq(t.siteVariables.siteId, siteId))
            .orderBy(asc(t.siteVariables.createdAt), asc(t.siteVariables.id))
        ).map(toVariable),
      ),
    insertVariable: (variable) =>
      exec.write(
        async (db) => void (await db.insert(t.siteVariables).values({ ...variable, createdAt: variable.modDate })),
      ),
    updateVariable: (variable) =>
      exec.write(
        async (db) =>
          void (await db
            .update(t.siteVariables)
            .set({
              name: variable.name,
              key: variable.key,
              value: variable.value,
              modUser: variable.modUser,
              modDate: variable.modDate,
            })
            .where(and(eq(t.siteVariables.siteId, variable.siteId), eq(t.siteVariables.id, variable.id)))),
      ),
    deleteVariable: (siteId, variableId) =>
      exec.write(
        async (db) =>
          void (await db
            .delete(t.siteVariables)
            .where(and(eq(t.siteVariables.siteId, siteId), eq(t.siteVariables.id, variableId)))),
      ),
    list: (query) =>
      exec.read(async (db) => {
        const where = listFilter(t, query);
        const items = await db
          .select()
          .from(t.sites)
          .where(where)
          .orderBy(
            ...orderTerms(query.sort ?? { column: 'siteName', descending: false }, sortColumns, t.sites.identifier),
          )
          .limit(query.limit)
          .offset(query.offset);
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.sites).where(where);
        return { items: items.map(toSite), total: Number(total) };
      }),
  };
}
