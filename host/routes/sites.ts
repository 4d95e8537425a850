import { Type } from '@sinclair/typebox';
import type { SiteService } from '../../core/site/site-service.js';
import { pagedReply } from '../http/paging.js';
import { route, type RouteDefinition } from '../http/route.js';
import { siteView } from '../views/site-view.js';

const NewSite = Type.Object({
  siteName: Type.String({ minLength: 1, maxLength: 255 }),
  aliases: Type.Optional(Type.String({ maxLength: 4000 })),
});

export function siteRoutes(sites: SiteService): RouteDefinition[] {
  return [
    route({
      method: 'POST',
      path: '/api/v1/site',
      access: 'admin',
      body: NewSite,
      handler: async ({ body, principal }) => siteView(await sites.createSite(body, principal.user.userId)),
    }),
    route({
      method: 'GET',
      path: '/api/v1/site',
      access: 'user',
      handler: ({ query }) => pagedReply(query, (page) => sites.listSites(page), siteView),
    }),
    route({
      method: 'GET',
      path: '/api/v1/site/:siteId',
      access: 'user',
      handler: async ({ params }) => siteView(await sites.getSite(params.siteId!)),
    }),
  ];
}
