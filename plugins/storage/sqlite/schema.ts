// SQLite tables. Same shape as ../mysql/schema.ts (a type-level test keeps them in step).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

export const roles = sqliteTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  key: text('role_key').notNull().unique('roles_role_key_unique'),
  description: text('description').notNull(),
  system: integer('system', { mode: 'boolean' }).notNull(),
  personal: integer('personal', { mode: 'boolean' }).notNull(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
    roleId: text('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull().references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
);

export const sites = sqliteTable(
  'sites',
  {
    identifier: text('identifier').primaryKey(),
    inode: text('inode').notNull(),
    siteName: text('site_name').notNull(),
    /** Lower-case site name: uniqueness and look-up ignore case on every dialect. */
    siteNameKey: text('site_name_key').notNull(),
    aliases: text('aliases').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
    system: integer('system', { mode: 'boolean' }).notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull(),
    live: integer('live', { mode: 'boolean' }).notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [uniqueIndex('sites_site_name_key_unique').on(t.siteNameKey)],
);

export const languages = sqliteTable(
  'languages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    languageCode: text('language_code').notNull(),
    countryCode: text('country_code').notNull(),
    language: text('language').notNull(),
    country: text('country').notNull(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.languageCode, t.countryCode)],
);

export const settings = sqliteTable('settings', {
  key: text('setting_key').primaryKey(),
  value: text('setting_value').notNull(),
});
