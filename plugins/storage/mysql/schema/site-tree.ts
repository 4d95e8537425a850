// Sites, their folders and the menu links in them.
import {
  boolean,
  index,
  int,
  mysqlTable,
  primaryKey,
  text,
  uniqueIndex,
  varbinary,
  varchar,
} from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';

export const sites = mysqlTable(
  'sites',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    inode: varchar('inode', { length: 255 }).notNull(),
    siteName: varchar('site_name', { length: 255 }).notNull(),
    siteNameKey: varchar('site_name_key', { length: 255 }).notNull(),
    aliases: text('aliases').notNull(),
    isDefault: boolean('is_default').notNull(),
    system: boolean('system').notNull(),
    archived: boolean('archived').notNull(),
    live: boolean('live').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [uniqueIndex('sites_site_name_key_unique').on(t.siteNameKey)],
);

/**
 * Variables of a site (name, key, value), listed in the order they were added. Keys are unique per
 * site; a site's variables go with it.
 */
export const siteVariables = mysqlTable(
  'site_variables',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    siteId: varchar('site_id', { length: 255 })
      .notNull()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    /** Bytes, so that keys compare exactly (the default collation ignores case), as SQLite compares them. */
    key: varbinary('variable_key', { length: 1020 }).notNull(),
    value: text('variable_value').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [uniqueIndex('site_variables_site_key_unique').on(t.siteId, t.key)],
);

/**
 * Folders of sites. `path` (lower-case, slash at both ends) is unique per site; `parent_path` is the
 * path of the folder it sits in (`/` at the root), for listing children without a LIKE.
 */
export const folders = mysqlTable(
  'folders',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    inode: varchar('inode', { length: 255 }).notNull(),
    hostId: varchar('host_id', { length: 255 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    parentPath: varchar('parent_path', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    showOnMenu: boolean('show_on_menu').notNull(),
    sortOrder: int('sort_order').notNull(),
    defaultFileType: varchar('default_file_type', { length: 255 }),
    filesMasks: text('files_masks').notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    iDate: epochMs('i_date').notNull(),
    modDate: epochMs('mod_date').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
  },
  (t) => [
    uniqueIndex('folders_path_unique').on(t.hostId, t.path),
    index('folders_children').on(t.hostId, t.parentPath, t.sortOrder),
  ],
);

/** Menu links: one row per version (`working`, and `live` once published) of each link. */
export const menuLinks = mysqlTable(
  'menu_links',
  {
    identifier: varchar('identifier', { length: 255 }).notNull(),
    variant: varchar('variant', { length: 16 }).notNull(),
    inode: varchar('inode', { length: 255 }).notNull(),
    hostId: varchar('host_id', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    friendlyName: varchar('friendly_name', { length: 255 }).notNull(),
    linkType: varchar('link_type', { length: 16 }).notNull(),
    protocol: varchar('protocol', { length: 32 }).notNull(),
    url: text('url').notNull(),
    internalLinkIdentifier: varchar('internal_link_identifier', { length: 255 }).notNull(),
    linkCode: text('link_code').notNull(),
    target: varchar('target', { length: 16 }).notNull(),
    showOnMenu: boolean('show_on_menu').notNull(),
    sortOrder: int('sort_order').notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.identifier, t.variant] }),
    index('menu_links_folder').on(t.hostId, t.folder, t.variant, t.sortOrder),
  ],
);
