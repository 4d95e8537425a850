import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { ANALYTICS_APP_KEY, AnalyticsAppSchema, analyticsAppView } from '../views/analytics-app-view.js';

/**
 * The original's form of app secrets: each parameter by name, with its value. Parameters other
 * than `siteAuth` (the original's app has display options) are accepted and ignored.
 */
const AnalyticsAppSecrets = Type.Object({
  siteAuth: Type.Object({ value: Type.String() }),
});

/**
 * The original's apps configuration (`AppsResource`), for the one app this service has: Content
 * Analytics, whose only secret is a site's ingest key. Same permission as generating a key.
 */
export default defineRoutes('apps', ['siteKeys'], ({ siteKeys }) => [
  route({
    method: 'GET',
    path: `/api/v1/apps/${ANALYTICS_APP_KEY}/:siteId`,
    access: 'user',
    summary: 'The Content Analytics app’s configuration of a site: its Site Auth, masked',
    answers: { 403: 'the caller may not edit the site', 404: 'no such site' },
    response: { schema: AnalyticsAppSchema },
    handler: async ({ params, principal }) => analyticsAppView(await siteKeys.current(principal, params.siteId)),
  }),
  route({
    method: 'POST',
    path: `/api/v1/apps/${ANALYTICS_APP_KEY}/:siteId`,
    access: 'user',
    summary: 'Sets a site’s Site Auth by hand (asterisks only keep the current one); the old key stops working at once',
    answers: {
      403: 'the caller may not edit the site',
      404: 'no such site',
      409: 'another site already uses this Site Auth',
    },
    body: AnalyticsAppSecrets,
    response: { schema: Type.Literal('Ok') },
    handler: async ({ params, body, principal }) => {
      await siteKeys.set(principal, params.siteId, body.siteAuth.value);
      return 'Ok' as const;
    },
  }),
]);
