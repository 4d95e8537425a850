// Users, roles, their sessions and issued tokens, and the permissions of assets.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull().unique('users_email_unique'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
  roleId: text('role_id').notNull(),
  createdAt: integer('created_at').notNull(),
  modDate: integer('mod_date').notNull(),
});

/** `parent` is the id of the role above in the role tree; null for a root. */
export const roles = sqliteTable(
  'roles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    key: text('role_key').notNull().unique('roles_role_key_unique'),
    description: text('description').notNull(),
    system: integer('system', { mode: 'boolean' }).notNull(),
    personal: integer('personal', { mode: 'boolean' }).notNull(),
    parent: text('parent'),
  },
  (t) => [index('roles_parent').on(t.parent)],
);

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
);

export const issuedTokens = sqliteTable(
  'issued_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    issuedAt: integer('issued_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    notBefore: integer('not_before'),
    revokedAt: integer('revoked_at'),
    network: text('network'),
    label: text('label'),
    requestingUserId: text('requesting_user_id').notNull(),
    requestingIp: text('requesting_ip').notNull(),
  },
  (t) => [index('issued_tokens_user').on(t.userId, t.kind), index('issued_tokens_expires_at').on(t.expiresAt)],
);

/** Assets that have permissions of their own ("individual permissions"); the others inherit. */
export const permissionAssets = sqliteTable('permission_assets', {
  assetId: text('asset_id').primaryKey(),
  /** `site`, `contentType` or `content`. */
  assetKind: text('asset_kind').notNull(),
  modDate: integer('mod_date').notNull(),
});

/** What one role may do on an asset that has permissions of its own: a bit set (READ 1, WRITE 2, ...). */
export const permissionGrants = sqliteTable(
  'permission_grants',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => permissionAssets.assetId, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    bits: integer('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.roleId] })],
);
