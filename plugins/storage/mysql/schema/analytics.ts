// Analytics: each site's ingest key, and the events.
import { bigint, double, index, int, longtext, mysqlTable, text, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';
import { sites } from './site-tree.js';

export const analyticsSiteKeys = mysqlTable(
  'analytics_site_keys',
  {
    siteId: varchar('site_id', { length: 255 })
      .primaryKey()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    masked: varchar('masked', { length: 300 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('analytics_site_keys_key_hash_unique').on(t.keyHash)],
);

/** Analytics events: see ../../sqlite/analytics-schema.ts for why there is no foreign key, and for the indexes. */
export const analyticsEvents = mysqlTable(
  'analytics_events',
  {
    // BIGINT: years of events can pass 2^31 ids.
    id: bigint('id', { mode: 'number' }).primaryKey().autoincrement(),
    siteId: varchar('site_id', { length: 255 }).notNull(),
    eventType: varchar('event_type', { length: 255 }).notNull(),
    sessionId: varchar('session_id', { length: 255 }).notNull(),
    // The session id and `:YYYY-MM-DD`.
    sessionKey: varchar('session_key', { length: 300 }).notNull(),
    userId: varchar('user_id', { length: 255 }).notNull(),
    receivedAt: epochMs('received_at').notNull(),
    localTime: varchar('local_time', { length: 255 }),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    contentIdentifier: varchar('content_identifier', { length: 255 }),
    contentInode: varchar('content_inode', { length: 255 }),
    contentTitle: text('content_title'),
    contentType: varchar('content_type', { length: 255 }),
    conversionName: varchar('conversion_name', { length: 255 }),
    viewportOffsetPct: double('viewport_offset_pct'),
    domIndex: int('dom_index'),
    screenResolution: varchar('screen_resolution', { length: 255 }),
    language: varchar('language', { length: 255 }),
    viewportWidth: varchar('viewport_width', { length: 255 }),
    viewportHeight: varchar('viewport_height', { length: 255 }),
    dataJson: longtext('data_json').notNull(),
  },
  (t) => [
    index('analytics_events_site_received').on(t.siteId, t.receivedAt, t.id),
    index('analytics_events_site_type_received').on(t.siteId, t.eventType, t.receivedAt),
    index('analytics_events_site_session_received').on(t.siteId, t.sessionId, t.receivedAt),
    index('analytics_events_site_user_received').on(t.siteId, t.userId, t.receivedAt),
    index('analytics_events_received').on(t.receivedAt, t.id),
  ],
);
