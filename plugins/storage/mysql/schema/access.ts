// Users, roles, their sessions and issued tokens, and the permissions of assets.
import { boolean, index, int, mysqlTable, primaryKey, text, varchar } from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';

export const users = mysqlTable('users', {
  userId: varchar('user_id', { length: 255 }).primaryKey(),
  email: varchar('email', { length: 255 }).notNull().unique('users_email_unique'),
  firstName: varchar('first_name', { length: 255 }).notNull(),
  lastName: varchar('last_name', { length: 255 }).notNull(),
  passwordHash: varchar('password_hash', { length: 255 }).notNull(),
  active: boolean('active').notNull(),
  roleId: varchar('role_id', { length: 255 }).notNull(),
  createdAt: epochMs('created_at').notNull(),
  modDate: epochMs('mod_date').notNull(),
});

/** `parent` is the id of the role above in the role tree; null for a root. */
export const roles = mysqlTable(
  'roles',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    key: varchar('role_key', { length: 255 }).notNull().unique('roles_role_key_unique'),
    description: text('description').notNull(),
    system: boolean('system').notNull(),
    personal: boolean('personal').notNull(),
    parent: varchar('parent', { length: 255 }),
  },
  (t) => [index('roles_parent').on(t.parent)],
);

export const userRoles = mysqlTable(
  'user_roles',
  {
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 255 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = mysqlTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: epochMs('created_at').notNull(),
    lastSeenAt: epochMs('last_seen_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
);

export const issuedTokens = mysqlTable(
  'issued_tokens',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    issuedAt: epochMs('issued_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
    notBefore: epochMs('not_before'),
    revokedAt: epochMs('revoked_at'),
    network: varchar('network', { length: 64 }),
    label: varchar('label', { length: 255 }),
    requestingUserId: varchar('requesting_user_id', { length: 255 }).notNull(),
    requestingIp: varchar('requesting_ip', { length: 64 }).notNull(),
  },
  (t) => [index('issued_tokens_user').on(t.userId, t.kind), index('issued_tokens_expires_at').on(t.expiresAt)],
);

/** Assets that have permissions of their own ("individual permissions"); the others inherit. */
export const permissionAssets = mysqlTable('permission_assets', {
  assetId: varchar('asset_id', { length: 255 }).primaryKey(),
  /** `site`, `contentType` or `content`. */
  assetKind: varchar('asset_kind', { length: 32 }).notNull(),
  modDate: epochMs('mod_date').notNull(),
});

/** What one role may do on an asset that has permissions of its own: a bit set (READ 1, WRITE 2, ...). */
export const permissionGrants = mysqlTable(
  'permission_grants',
  {
    assetId: varchar('asset_id', { length: 255 })
      .notNull()
      .references(() => permissionAssets.assetId, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 255 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    bits: int('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.roleId] })],
);
