import { Type } from '@sinclair/typebox';
import { IngestErrors, type IngestProblemCode } from '../../core/analytics/ingest-problem.js';
import { IsoInstant } from './schema-parts.js';

// The analytics routes answer what the ingest (host/analytics/ingest-answer.ts) and
// `AnalyticsReader` (core) return: these are the shapes of those answers, for the OpenAPI document.

const ProblemCodeSchema = Type.Union(
  (Object.keys(IngestErrors) as IngestProblemCode[]).map((code) => Type.Literal(code)),
);

/** The ingest's answer (`IngestAnswerBody`), outside the envelope as the original writes it. */
export const IngestAnswerSchema = Type.Object({
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PARTIAL_SUCCESS'), Type.Literal('ERROR')]),
  success: Type.Optional(Type.Integer({ minimum: 0, description: 'Events stored' })),
  failed: Type.Optional(Type.Integer({ minimum: 0, description: 'Events refused' })),
  errors: Type.Array(
    Type.Object({
      code: ProblemCodeSchema,
      field: Type.Union([Type.String(), Type.Null()], { description: 'The path from the batch root' }),
      message: Type.String(),
      eventIndex: Type.Optional(Type.Integer({ minimum: 0, description: 'The event refused; absent for the batch' })),
    }),
  ),
});

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** A stored event (`StoredAnalyticsEvent`): its searchable members, then its whole `data` as sent. */
const AnalyticsEventSchema = Type.Object({
  id: Type.Integer(),
  siteId: Type.String(),
  eventType: Type.String(),
  sessionId: Type.String(),
  sessionKey: Type.String({ description: '`session_id:YYYY-MM-DD`, the UTC date of receipt' }),
  userId: Type.String(),
  receivedAt: IsoInstant,
  localTime: Type.Union([Type.String(), Type.Null()], { description: "The visitor's local time, as sent" }),
  pageUrl: NullableString,
  pageTitle: NullableString,
  contentIdentifier: NullableString,
  contentInode: NullableString,
  contentTitle: NullableString,
  contentType: NullableString,
  conversionName: NullableString,
  viewportOffsetPct: NullableNumber,
  domIndex: Type.Union([Type.Integer(), Type.Null()]),
  screenResolution: NullableString,
  language: NullableString,
  viewportWidth: NullableString,
  viewportHeight: NullableString,
  data: Type.Object({}, { additionalProperties: true, description: "The event's `data` as the tracker sent it" }),
});

/** `AnalyticsEventsView`: a page of events, newest first. */
export const AnalyticsEventsSchema = Type.Object({
  events: Type.Array(AnalyticsEventSchema),
  total: Type.Integer({ minimum: 0, description: 'How many events match, all pages together' }),
  limit: Type.Integer({ minimum: 1 }),
  offset: Type.Integer({ minimum: 0 }),
});

const Count = Type.Integer({ minimum: 0 });
const ContentCounts = Type.Array(Type.Object({ identifier: Type.String(), title: NullableString, count: Count }));

/** `AnalyticsSummaryView`: the figures over a site's events in a range. */
export const AnalyticsSummarySchema = Type.Object({
  siteId: Type.String(),
  from: Type.Union([IsoInstant, Type.Null()], { description: 'Null: unbounded' }),
  to: Type.Union([IsoInstant, Type.Null()], { description: 'Null: unbounded' }),
  totals: Type.Record(Type.String(), Count, { description: 'Events per type' }),
  pageviewsByDay: Type.Array(Type.Object({ day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), count: Count })),
  topPages: Type.Array(Type.Object({ url: Type.String(), count: Count })),
  topContentByImpressions: ContentCounts,
  topContentByClicks: ContentCounts,
  conversions: Type.Array(Type.Object({ name: Type.String(), count: Count })),
  sessions: Count,
  uniqueVisitors: Count,
});
