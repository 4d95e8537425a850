// Sites, their folders and the menu links in them.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

/**
 * Variables of a site (name, key, value), listed in the order they were added. Keys are unique per
 * site; a site's variables go with it.
 */
export const siteVariables = sqliteTable(
  'site_variables',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('variable_key').notNull(),
    value: text('variable_value').notNull(),
    modUser: text('mod_user').notNull(),
    createdAt: integer('created_at').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [uniqueIndex('site_variables_site_key_unique').on(t.siteId, t.key)],
);

/**
 * Folders of sites. `path` (lower-case, slash at both ends) is unique per site; `parent_path` is the
 * path of the folder it sits in (`/` at the root), for listing children without a LIKE.
 */
export const folders = sqliteTable(
  'folders',
  {
    identifier: text('identifier').primaryKey(),
    inode: text('inode').notNull(),
    hostId: text('host_id').notNull(),
    path: text('path').notNull(),
    parentPath: text('parent_path').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    showOnMenu: integer('show_on_menu', { mode: 'boolean' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    defaultFileType: text('default_file_type'),
    filesMasks: text('files_masks').notNull(),
    owner: text('owner').notNull(),
    iDate: integer('i_date').notNull(),
    modDate: integer('mod_date').notNull(),
    modUser: text('mod_user').notNull(),
  },
  (t) => [
    uniqueIndex('folders_path_unique').on(t.hostId, t.path),
    index('folders_children').on(t.hostId, t.parentPath, t.sortOrder),
  ],
);

/** Menu links: one row per version (`working`, and `live` once published) of each link. */
export const menuLinks = sqliteTable(
  'menu_links',
  {
    identifier: text('identifier').notNull(),
    variant: text('variant').notNull(),
    inode: text('inode').notNull(),
    hostId: text('host_id').notNull(),
    folder: text('folder').notNull(),
    title: text('title').notNull(),
    friendlyName: text('friendly_name').notNull(),
    linkType: text('link_type').notNull(),
    protocol: text('protocol').notNull(),
    url: text('url').notNull(),
    internalLinkIdentifier: text('internal_link_identifier').notNull(),
    linkCode: text('link_code').notNull(),
    target: text('target').notNull(),
    showOnMenu: integer('show_on_menu', { mode: 'boolean' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    owner: text('owner').notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.identifier, t.variant] }),
    index('menu_links_folder').on(t.hostId, t.folder, t.variant, t.sortOrder),
  ],
);
