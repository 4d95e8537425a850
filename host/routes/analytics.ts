import { unsupportedMediaTypeAnswer } from '../analytics/ingest-answer.js';
import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';

/** `application/json`, with or without parameters (`; charset=utf-8`). */
const isJson = (contentType: string | undefined): boolean =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Analytics: the ingest of tracking events, and the ingest keys of sites. The key is answered as the original answers it: the bare
 * key as plain text, not in the envelope; it is shown only here, and must not be cached.
 */
export default defineRoutes('analytics', ({ siteKeys, analyticsIngest }) => [
  route({
    method: 'POST',
    path: '/api/v1/analytics/content/event',
    access: 'public',
    // The tracker runs in visitors' browsers on the sites served; the body's site key decides.
    openToAllSites: true,
    accepts: 'raw',
    summary:
      'Takes one batch of tracking events for the site whose key (`context.site_auth`) it carries; parsed, checked and stored in a worker thread',
    answers: {
      207: 'some events were stored; the others are listed with their problems',
      413: 'more events than `analytics.max.batch.events`, or a body over the limit',
      415: 'the body is not JSON',
      503: 'too many batches are waiting (`Retry-After`)',
    },
    handler: async ({ request }) => {
      if (!isJson(request.headers['content-type'])) {
        const refused = unsupportedMediaTypeAnswer();
        return reply(refused.body, { status: refused.status, envelope: false });
      }
      // The body is read once, here: the worker may have it.
      const answer = await analyticsIngest.ingest(request.rawBody, new Date(), { handOver: true });
      return reply(answer.body, { status: answer.status, envelope: false });
    },
  }),
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
