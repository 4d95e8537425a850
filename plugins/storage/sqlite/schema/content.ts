// Versioned content: identifiers, versions, per-language states and unique values.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const contentIdentifiers = sqliteTable(
  'content_identifiers',
  {
    identifier: text('identifier').primaryKey(),
    contentTypeId: text('content_type_id').notNull(),
    host: text('host').notNull(),
    folder: text('folder').notNull(),
    parentPath: text('parent_path').notNull(),
    assetName: text('asset_name'),
    owner: text('owner').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('content_identifiers_type').on(t.contentTypeId),
    uniqueIndex('content_identifiers_path_unique').on(t.host, t.parentPath, t.assetName),
  ],
);

export const contentVersions = sqliteTable(
  'content_versions',
  {
    inode: text('inode').primaryKey(),
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    title: text('title').notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** JSON object: field variable -> stored value. */
    values: text('field_values').notNull(),
  },
  (t) => [index('content_versions_identifier').on(t.identifier, t.languageId)],
);

export const contentStates = sqliteTable(
  'content_states',
  {
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    workingInode: text('working_inode').notNull(),
    liveInode: text('live_inode'),
    archived: integer('archived', { mode: 'boolean' }).notNull(),
    lockedBy: text('locked_by'),
    lockedAt: integer('locked_at'),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] })],
);

/** One row per value of a unique field: the database itself refuses a duplicate. */
export const contentUniqueValues = sqliteTable(
  'content_unique_values',
  {
    fieldId: text('field_id').notNull(),
    languageId: integer('language_id').notNull(),
    valueHash: text('value_hash').notNull(),
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.languageId, t.valueHash] }),
    index('content_unique_values_identifier').on(t.identifier),
  ],
);
