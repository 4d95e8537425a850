// Versioned content: identifiers, versions, per-language states and unique values.
import {
  boolean,
  foreignKey,
  index,
  int,
  longtext,
  mysqlTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/mysql-core';
import { epochMs } from './columns.js';

export const contentIdentifiers = mysqlTable(
  'content_identifiers',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    contentTypeId: varchar('content_type_id', { length: 255 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    parentPath: varchar('parent_path', { length: 255 }).notNull(),
    assetName: varchar('asset_name', { length: 255 }),
    owner: varchar('owner', { length: 255 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [
    index('content_identifiers_type').on(t.contentTypeId),
    uniqueIndex('content_identifiers_path_unique').on(t.host, t.parentPath, t.assetName),
  ],
);

export const contentVersions = mysqlTable(
  'content_versions',
  {
    inode: varchar('inode', { length: 255 }).primaryKey(),
    identifier: varchar('identifier', { length: 255 })
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: int('language_id').notNull(),
    title: text('title').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
    sortOrder: int('sort_order').notNull(),
    values: longtext('field_values').notNull(),
  },
  (t) => [index('content_versions_identifier').on(t.identifier, t.languageId)],
);

export const contentStates = mysqlTable(
  'content_states',
  {
    identifier: varchar('identifier', { length: 255 })
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: int('language_id').notNull(),
    workingInode: varchar('working_inode', { length: 255 }).notNull(),
    liveInode: varchar('live_inode', { length: 255 }),
    archived: boolean('archived').notNull(),
    lockedBy: varchar('locked_by', { length: 255 }),
    lockedAt: epochMs('locked_at'),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] })],
);

export const contentUniqueValues = mysqlTable(
  'content_unique_values',
  {
    fieldId: varchar('field_id', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    valueHash: varchar('value_hash', { length: 64 }).notNull(),
    identifier: varchar('identifier', { length: 255 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.languageId, t.valueHash] }),
    index('content_unique_values_identifier').on(t.identifier),
    // Named by hand: the generated name is longer than MySQL's 64-character limit.
    foreignKey({
      name: 'content_unique_values_identifier_fk',
      columns: [t.identifier],
      foreignColumns: [contentIdentifiers.identifier],
    }).onDelete('cascade'),
  ],
);
