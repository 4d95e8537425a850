// What the service keeps for itself: settings, the system-event journal, the search index queue and the job queue.
import { bigint, index, int, longtext, mysqlTable, text, varchar } from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';

export const settings = mysqlTable('settings', {
  key: varchar('setting_key', { length: 255 }).primaryKey(),
  value: text('setting_value').notNull(),
});

/** The journal of system events, read by every process (see `SystemEventRepository`). */
export const systemEvents = mysqlTable(
  'system_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().autoincrement(),
    origin: varchar('origin', { length: 64 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
    body: longtext('body').notNull(),
  },
  (t) => [index('system_events_created_at').on(t.createdAt)],
);

/** Changes the search index has yet to take in (see `IndexQueueRepository`). */
export const searchIndexQueue = mysqlTable(
  'search_index_queue',
  {
    key: varchar('entry_key', { length: 36 }).primaryKey(),
    scope: varchar('scope', { length: 8 }).notNull(),
    target: varchar('target', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    enqueuedAt: epochMs('enqueued_at').notNull(),
  },
  (t) => [index('search_index_queue_enqueued').on(t.enqueuedAt)],
);

/** The job queue (durable jobs); see ../../sqlite/schema/system.ts. */
export const jobs = mysqlTable(
  'jobs',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    kind: varchar('kind', { length: 255 }).notNull(),
    payload: longtext('payload').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique('jobs_idempotency_key_unique'),
    status: varchar('status', { length: 8 }).notNull(),
    attempts: int('attempts').notNull(),
    maxAttempts: int('max_attempts').notNull(),
    nextRunAt: epochMs('next_run_at').notNull(),
    leaseOwner: varchar('lease_owner', { length: 36 }),
    leaseUntil: epochMs('lease_until'),
    lastError: text('last_error'),
    createdAt: epochMs('created_at').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [
    index('jobs_status_next_run').on(t.status, t.nextRunAt),
    index('jobs_status_lease').on(t.status, t.leaseUntil),
  ],
);
