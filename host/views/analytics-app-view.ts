import { Type, type Static } from '@sinclair/typebox';
import type { SiteKeyView } from '../../core/analytics/site-key-service.js';

/** The original's key of the Content Analytics app, with the neutral word in place of the product name. */
export const ANALYTICS_APP_KEY = 'cmsContentAnalytics-config';

/** `analyticsAppView`'s shape, for the OpenAPI document. */
export const AnalyticsAppSchema = Type.Object({
  key: Type.Literal(ANALYTICS_APP_KEY),
  name: Type.String(),
  description: Type.String(),
  iconUrl: Type.String(),
  allowExtraParams: Type.Boolean(),
  configurationsCount: Type.Integer({ minimum: 0, description: 'How many sites have a Site Auth' }),
  sites: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      configured: Type.Boolean({ description: 'Whether the site has a Site Auth' }),
      secrets: Type.Array(
        Type.Object({
          name: Type.Literal('siteAuth'),
          dynamic: Type.Boolean(),
          type: Type.Literal('GENERATED_STRING'),
          hidden: Type.Boolean(),
          value: Type.String({ description: 'The Site Auth, masked; empty when there is none' }),
          label: Type.String(),
          hint: Type.String(),
        }),
      ),
    }),
    { description: 'The one site asked about' },
  ),
});

/**
 * The original's detailed app view (`AppView` with one `SiteView`) of the Content Analytics app
 * for one site. Its one parameter, `siteAuth`, is shown masked: only a hash of the key is stored.
 */
export function analyticsAppView({ site, key, configuredSites }: SiteKeyView): Static<typeof AnalyticsAppSchema> {
  return {
    key: ANALYTICS_APP_KEY,
    name: 'Content Analytics',
    description: 'Content Analytics lets developers and marketers track visitor interactions on chosen sites.',
    iconUrl: '',
    allowExtraParams: false,
    configurationsCount: configuredSites,
    sites: [
      {
        id: site.identifier,
        name: site.siteName,
        configured: key !== undefined,
        secrets: [
          {
            name: 'siteAuth',
            dynamic: false,
            type: 'GENERATED_STRING',
            hidden: true,
            value: key?.masked ?? '',
            label: 'Site Auth',
            hint: 'The Site Auth is required in every request that sends events to the analytics ingest endpoint. Enter your own, or have one generated.',
          },
        ],
      },
    ],
  };
}
