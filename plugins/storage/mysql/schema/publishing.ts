// Push publishing: environments, their endpoints, and what was pushed to each.
import { boolean, index, int, mysqlTable, primaryKey, text, varchar } from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';

/** Push publishing; see ../../sqlite/schema/publishing.ts. */
export const pushEnvironments = mysqlTable('push_environments', {
  id: varchar('id', { length: 36 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull().unique('push_environments_name_unique'),
  pushToAll: boolean('push_to_all').notNull(),
  createdAt: epochMs('created_at').notNull(),
});

export const pushEndpoints = mysqlTable(
  'push_endpoints',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    environmentId: varchar('environment_id', { length: 36 }).notNull(),
    serverName: varchar('server_name', { length: 255 }).notNull().unique('push_endpoints_server_name_unique'),
    protocol: varchar('protocol', { length: 8 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    port: int('port').notNull(),
    authKey: text('auth_key').notNull(),
    enabled: boolean('enabled').notNull(),
    sending: boolean('sending').notNull(),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('push_endpoints_environment').on(t.environmentId)],
);

export const pushRecords = mysqlTable(
  'push_records',
  {
    endpointId: varchar('endpoint_id', { length: 36 }).notNull(),
    identifier: varchar('identifier', { length: 36 }).notNull(),
    bundleId: varchar('bundle_id', { length: 36 }).notNull(),
    status: varchar('status', { length: 40 }).notNull(),
    sentHash: varchar('sent_hash', { length: 64 }),
    lastError: text('last_error'),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.identifier] }), index('push_records_identifier').on(t.identifier)],
);
