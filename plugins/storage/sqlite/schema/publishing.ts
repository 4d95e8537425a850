// Push publishing: environments, their endpoints, and what was pushed to each.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Push publishing environments: named groups of endpoints (other instances) content is pushed to. */
export const pushEnvironments = sqliteTable('push_environments', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique('push_environments_name_unique'),
  pushToAll: integer('push_to_all', { mode: 'boolean' }).notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * The receiving instances of an environment. `auth_key` holds the key the endpoint expects,
 * encrypted with the installation's key: it must be presented, so it cannot be kept as a hash.
 */
export const pushEndpoints = sqliteTable(
  'push_endpoints',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id').notNull(),
    serverName: text('server_name').notNull().unique('push_endpoints_server_name_unique'),
    protocol: text('protocol').notNull(),
    address: text('address').notNull(),
    port: integer('port').notNull(),
    authKey: text('auth_key').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    sending: integer('sending', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_endpoints_environment').on(t.environmentId)],
);

/** What was last pushed of an item to an endpoint, and how it went (the status per endpoint). */
export const pushRecords = sqliteTable(
  'push_records',
  {
    endpointId: text('endpoint_id').notNull(),
    identifier: text('identifier').notNull(),
    bundleId: text('bundle_id').notNull(),
    status: text('status').notNull(),
    sentHash: text('sent_hash'),
    lastError: text('last_error'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.identifier] }), index('push_records_identifier').on(t.identifier)],
);
