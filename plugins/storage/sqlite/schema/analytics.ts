// Analytics: each site's ingest key (the events live in a database of their own: ../analytics-schema.ts).
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sites } from './site-tree.js';

/** Each site's current analytics ingest key: its hash (found by the ingest endpoint) and a masked form. */
export const analyticsSiteKeys = sqliteTable(
  'analytics_site_keys',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    masked: text('masked').notNull(),
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [uniqueIndex('analytics_site_keys_key_hash_unique').on(t.keyHash)],
);
