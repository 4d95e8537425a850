import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';

/**
 * Analytics: the ingest keys of sites. The key is answered as the original answers it: the bare
 * key as plain text, not in the envelope; it is shown only here, and must not be cached.
 */
export default defineRoutes('analytics', ({ siteKeys }) => [
  route({
    method: 'GET',
    path: '/api/v1/analytics/content/siteauth/generate/:siteId',
    access: 'user',
    changesState: true,
    summary:
      'Creates or replaces a site’s analytics ingest key (Site Auth) and answers it as plain text, shown only here; the old key stops working at once',
    answers: { 403: 'the caller may not edit the site', 404: 'no such site' },
    handler: async ({ params, principal }) =>
      reply(await siteKeys.generate(principal, params.siteId), {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
  }),
]);
