import { Type, type Static } from '@sinclair/typebox';
import type { SiteQuery } from '../../core/plugin/storage/index.js';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { SiteSchema, siteView } from '../views/site-view.js';
import { SiteForm } from '../route-helpers/site-form.js';

/**
 * The original lists sites by name and takes no sort; a client that sends one gets it applied
 * rather than ignored.
 */
const siteSort = sortable(
  { siteName: ['siteName', 'hostname', 'name'], modDate: ['modDate', 'mod_date'], identifier: ['identifier', 'id'] },
  'siteName',
);
/** The original's site list filters, under its names (`archived` is taken for `archive` too). */
const SiteFilterQuery = Type.Object({
  filter: Type.Optional(
    Type.String({ maxLength: 255, description: 'Part of the site name; `*` and `all` match every site' }),
  ),
  archive: Type.Optional(Type.Boolean({ description: 'Only archived sites (true) or only the others (false)' })),
  archived: Type.Optional(Type.Boolean({ description: 'Same as archive' })),
  live: Type.Optional(Type.Boolean({ description: 'Only live sites (true) or only stopped ones (false)' })),
  system: Type.Optional(Type.Boolean({ description: 'Lists the system site too; left out unless true' })),
});
const SiteListQuery = Type.Composite([PagingQuery, siteSort.query, SiteFilterQuery]);

/**
 * The filters as the original reads them: a `*` at either end of the text is a wildcard (the text
 * is matched anywhere in the name anyway), and `all` means no filter; the system site is left out
 * unless `system=true`.
 */
function siteFilters(query: Static<typeof SiteFilterQuery>): Omit<SiteQuery, 'offset' | 'limit'> {
  const text = query.filter?.replace(/^\*+|\*+$/g, '');
  return {
    filter: text && text.toLowerCase() !== 'all' ? text : undefined,
    archived: query.archive ?? query.archived,
    live: query.live,
    system: query.system === true,
  };
}

/** Sites: created by administrators, read by signed-in users who hold READ on them. */
export default defineRoutes('sites', ['sites', 'siteVariables', 'readRules'], ({ sites, siteVariables, readRules }) => [
  route({
    method: 'POST',
    path: '/api/v1/site',
    access: 'admin',
    summary: 'Creates a site, with its variables when sent',
    body: SiteForm,
    answers: { 409: 'another site has the name' },
    response: { schema: SiteSchema },
    handler: async ({ body, principal }) => {
      const site = await sites.createSite(body, principal.user.userId);
      return siteView(site, await siteVariables.list(site.identifier));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/site',
    access: 'user',
    summary:
      'Lists the sites the caller may read a page at a time, by name unless orderby and direction say otherwise; filter, archive, live and system narrow the list as in the original',
    query: SiteListQuery,
    response: { schema: Type.Array(SiteSchema) },
    handler: async ({ query, principal }) => {
      const keep = await readRules.siteFilter(principal);
      return pagedReply(
        query,
        (page) =>
          readRules.filteredPage(
            page,
            (batch) => sites.listSites({ ...batch, ...siteFilters(query), sort: siteSort.read(query) }),
            keep,
          ),
        (site) => siteView(site),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/site/currentSite',
    access: 'user',
    summary:
      "The caller's current site: the one last switched to, else the default site, else the first the caller may read",
    response: { schema: SiteSchema },
    handler: async ({ principal }) => siteView(await sites.current(principal)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/site/switch/:siteId',
    access: 'user',
    summary: "Makes a site the caller's current one (kept per user, for every session of the user)",
    answers: { 404: 'no such site' },
    response: { schema: Type.Object({ hostSwitched: Type.Literal(true) }) },
    handler: async ({ params, principal }) => {
      await sites.switchTo(principal, params.siteId);
      return { hostSwitched: true } as const;
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/site/switch',
    access: 'user',
    summary: "Makes the default site the caller's current one, and answers it",
    response: { schema: SiteSchema },
    handler: async ({ principal }) => siteView(await sites.switchToDefault(principal)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/site/:siteId/_archive',
    access: 'admin',
    summary: 'Archives a site: it stops answering its host names (never the default or the system site)',
    answers: { 404: 'no such site', 409: 'the default or the system site' },
    response: { schema: SiteSchema },
    handler: async ({ params, principal }) => siteView(await sites.archive(params.siteId, principal.user.userId)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/site/:siteId/_unarchive',
    access: 'admin',
    summary: 'Unarchives a site; as in the original, it stays stopped until it is published (`_publish`)',
    answers: { 404: 'no such site', 409: 'the system site' },
    response: { schema: SiteSchema },
    handler: async ({ params, principal }) => siteView(await sites.unarchive(params.siteId, principal.user.userId)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/site/:siteId',
    access: 'admin',
    summary: 'Deletes an archived site with its folders, content, menu links and content types, in one transaction',
    answers: { 404: 'no such site', 409: 'not archived, or the default or the system site' },
    response: { schema: Type.Literal(true) },
    handler: async ({ params }) => {
      await sites.delete(params.siteId);
      return true as const;
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/site/:siteId',
    access: 'user',
    summary: 'One site, by identifier or name, with its variables',
    answers: { 404: 'no such site, or one the caller may not read' },
    response: { schema: SiteSchema },
    handler: async ({ params, principal }) => {
      const site = await readRules.requireSite(principal, await sites.getSite(params.siteId), params.siteId);
      return siteView(site, await siteVariables.list(site.identifier));
    },
  }),
]);
