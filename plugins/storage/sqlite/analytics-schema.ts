// The SQLite tables of the analytics database (`<name>-analytics.db` beside the main file), kept out
// of schema/ so that the main migrations never create them. MySQL has them in
// ../mysql/schema/analytics.ts, and the schema-shape test compares the two dialects with schema/ and
// this file together.
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Analytics events, one row per ingested event. No foreign key to sites: the ingest checked the
 * site key already, a per-row look-up would slow multi-row inserts, and on SQLite the table lives
 * in a database file of its own (see open-analytics-sqlite.ts).
 *
 * Indexes (each one slows every insert, so only what the reads need with millions of rows):
 * - (site_id, received_at, id): every read is one site in a time range, newest first; the id makes
 *   the ORDER BY of `list` an index walk, and the summary's distinct counts scan only the range.
 * - (site_id, event_type, received_at): the type filter, and the summary's per-type figures (top
 *   pages, top content, conversions) read only the rows of their type.
 * - (site_id, session_id, received_at), (site_id, user_id, received_at): the session and visitor
 *   filters of `list`, already in order.
 * - (received_at, id): the retention sweep finds the oldest events of every site without a scan.
 */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    siteId: text('site_id').notNull(),
    eventType: text('event_type').notNull(),
    sessionId: text('session_id').notNull(),
    sessionKey: text('session_key').notNull(),
    userId: text('user_id').notNull(),
    /** Epoch milliseconds, like every instant here: range filters and ordering are integer comparisons. */
    receivedAt: integer('received_at').notNull(),
    localTime: text('local_time'),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    contentIdentifier: text('content_identifier'),
    contentInode: text('content_inode'),
    contentTitle: text('content_title'),
    contentType: text('content_type'),
    conversionName: text('conversion_name'),
    viewportOffsetPct: real('viewport_offset_pct'),
    domIndex: integer('dom_index'),
    screenResolution: text('screen_resolution'),
    language: text('language'),
    viewportWidth: text('viewport_width'),
    viewportHeight: text('viewport_height'),
    dataJson: text('data_json').notNull(),
  },
  (t) => [
    index('analytics_events_site_received').on(t.siteId, t.receivedAt, t.id),
    index('analytics_events_site_type_received').on(t.siteId, t.eventType, t.receivedAt),
    index('analytics_events_site_session_received').on(t.siteId, t.sessionId, t.receivedAt),
    index('analytics_events_site_user_received').on(t.siteId, t.userId, t.receivedAt),
    index('analytics_events_received').on(t.receivedAt, t.id),
  ],
);
