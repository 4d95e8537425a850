import { Type } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { siteView } from '../views/site-view.js';

const NewSite = Type.Object({
  siteName: Type.String({ minLength: 1, maxLength: 255 }),
  aliases: Type.Optional(Type.String({ maxLength: 4000 })),
});

/**
 * The original lists sites by name and takes no sort; a client that sends one gets it applied
 * rather than ignored.
 */
const siteSort = sortable(
  { siteName: ['siteName', 'hostname', 'name'], modDate: ['modDate', 'mod_date'], identifier: ['identifier', 'id'] },
  'siteName',
);
const SiteListQuery = Type.Composite([PagingQuery, siteSort.query]);

/** Sites: created by administrators, read by signed-in users. */
export default defineRoutes('sites', ({ sites }) => [
  route({
    method: 'POST',
    path: '/api/v1/site',
    access: 'admin',
    summary: 'Creates a site',
    body: NewSite,
    handler: async ({ body, principal }) => siteView(await sites.createSite(body, principal.user.userId)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/site',
    access: 'user',
    summary: 'Lists sites a page at a time, by name unless orderby and direction say otherwise',
    query: SiteListQuery,
    handler: ({ query }) =>
      pagedReply(query, (page) => sites.listSites({ ...page, sort: siteSort.read(query) }), siteView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/site/:siteId',
    access: 'user',
    summary: 'One site, by identifier or name',
    answers: { 404: 'no such site' },
    handler: async ({ params }) => siteView(await sites.getSite(params.siteId)),
  }),
]);
