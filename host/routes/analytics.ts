import { Type } from '@sinclair/typebox';
import { ANALYTICS_EVENTS_PAGE } from '../../core/analytics/analytics-reader.js';
import { instantInvalid } from '../../core/analytics/read-range.js';
import { unsupportedMediaTypeAnswer } from '../analytics/ingest-answer.js';
import { INVALID_AS } from '../http/request-reader.js';
import { reply, route } from '../http/route.js';
import { AnalyticsEventsSchema, AnalyticsSummarySchema, IngestAnswerSchema } from '../views/analytics-view.js';
import { defineRoutes } from './route-module.js';

/** `application/json`, with or without parameters (`; charset=utf-8`). */
const isJson = (contentType: string | undefined): boolean =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

const Name = Type.String({ minLength: 1, maxLength: 255 });
/** ISO 8601; the reader decides what it means (see parseRangeInstant), and refuses it the same way. */
const Instant = Type.Optional(Type.String({ maxLength: 64, [INVALID_AS]: instantInvalid }));

/** Which events of which site: by identifier or name, received from `from` (included) to `to` (excluded). */
const RangeMembers = { siteId: Name, from: Instant, to: Instant };
const SummaryQuery = Type.Object(RangeMembers);
const EventsQuery = Type.Object({
  ...RangeMembers,
  eventType: Type.Optional(Name),
  sessionId: Type.Optional(Name),
  userId: Type.Optional(Name),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_EVENTS_PAGE.max })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
});

const READ_ANSWERS = {
  400: 'a parameter is malformed (named in `fieldName`), or `from` is after `to`',
  403: 'a front-end user, or a back-end user without READ on the site',
  404: 'no such site',
};

/**
 * Analytics: the ingest of tracking events, their read side (in the envelope), and the ingest keys
 * of sites. The key is answered as the original answers it: the bare key as plain text, not in the
 * envelope; it is shown only here, and must not be cached.
 */
export default defineRoutes(
  'analytics',
  ['siteKeys', 'analyticsIngest', 'analyticsReader'],
  ({ siteKeys, analyticsIngest, analyticsReader }) => [
    route({
      method: 'POST',
      path: '/api/v1/analytics/content/event',
      access: 'public',
      // The tracker runs in visitors' browsers on the sites served; the body's site key decides.
      openToAllSites: true,
      accepts: 'raw',
      bodyTypes: {
        'application/json': Type.Object({}, { description: 'A batch of tracking events (docs/analytics.md)' }),
      },
      // Answered as the original answers it: the body outside the envelope.
      response: { envelope: false, schema: IngestAnswerSchema },
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
          return reply(refused.body, { status: refused.status });
        }
        // The body is read once, here: the worker may have it.
        const answer = await analyticsIngest.ingest(request.rawBody, new Date(), { handOver: true });
        return reply(answer.body, { status: answer.status });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/analytics/content/events',
      access: 'user',
      summary: `A site's events received in [from, to), newest first, a page at a time (limit 1–${ANALYTICS_EVENTS_PAGE.max}, default ${ANALYTICS_EVENTS_PAGE.default}; offset default 0), by event type, session or visitor, with the total that match; for back-end users with READ on the site`,
      answers: READ_ANSWERS,
      query: EventsQuery,
      response: { schema: AnalyticsEventsSchema },
      handler: ({ query, principal }) => analyticsReader.events(principal, query),
    }),
    route({
      method: 'GET',
      path: '/api/v1/analytics/content/summary',
      access: 'user',
      summary:
        "Figures over a site's events received in [from, to): totals per event type, pageviews per UTC day, top pages, top content by impressions and clicks, conversions, sessions and visitors; for back-end users with READ on the site",
      answers: READ_ANSWERS,
      query: SummaryQuery,
      response: { schema: AnalyticsSummarySchema },
      handler: ({ query, principal }) => analyticsReader.summary(principal, query),
    }),
    route({
      method: 'GET',
      path: '/api/v1/analytics/content/siteauth/generate/:siteId',
      access: 'user',
      changesState: true,
      response: { mediaType: 'text/plain', schema: Type.String({ description: 'The key' }) },
      summary:
        'Creates or replaces a site’s analytics ingest key (Site Auth) and answers it as plain text, shown only here; the old key stops working at once',
      answers: { 403: 'the caller may not edit the site', 404: 'no such site' },
      handler: async ({ params, principal }) =>
        reply(await siteKeys.generate(principal, params.siteId), {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        }),
    }),
  ],
);
