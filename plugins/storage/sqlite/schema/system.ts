// What the service keeps for itself: settings, the system-event journal, the search index queue and the job queue.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const settings = sqliteTable('settings', {
  key: text('setting_key').primaryKey(),
  value: text('setting_value').notNull(),
});

/** The journal of system events, read by every process (see `SystemEventRepository`). */
export const systemEvents = sqliteTable(
  'system_events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    origin: text('origin').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('system_events_created_at').on(t.createdAt)],
);

/** Changes the search index has yet to take in (see `IndexQueueRepository`). */
export const searchIndexQueue = sqliteTable(
  'search_index_queue',
  {
    key: text('entry_key').primaryKey(),
    scope: text('scope').notNull(),
    target: text('target').notNull(),
    languageId: integer('language_id').notNull(),
    enqueuedAt: integer('enqueued_at').notNull(),
  },
  (t) => [index('search_index_queue_enqueued').on(t.enqueuedAt)],
);

/**
 * The job queue (durable jobs): side effects that leave the process, written in the transaction
 * that calls for them and run after its commit by the dispatcher (the transactional-outbox pattern).
 * `lease_owner` holds the token of the claim that runs the job; `idempotency_key` is unique, so a
 * job written twice under one key is one job.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('jobs_idempotency_key_unique'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    nextRunAt: integer('next_run_at').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('jobs_status_next_run').on(t.status, t.nextRunAt),
    index('jobs_status_lease').on(t.status, t.leaseUntil),
  ],
);
