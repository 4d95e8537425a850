// What content is made of: languages, content types, fields and categories.
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

export const languages = mysqlTable(
  'languages',
  {
    id: int('id').autoincrement().primaryKey(),
    languageCode: varchar('language_code', { length: 16 }).notNull(),
    countryCode: varchar('country_code', { length: 16 }).notNull(),
    language: varchar('language', { length: 255 }).notNull(),
    country: varchar('country', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.languageCode, t.countryCode)],
);

export const contentTypes = mysqlTable(
  'content_types',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    clazz: varchar('clazz', { length: 255 }).notNull(),
    baseType: varchar('base_type', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    variable: varchar('variable', { length: 255 }).notNull(),
    variableKey: varchar('variable_key', { length: 255 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    defaultType: boolean('default_type').notNull(),
    fixed: boolean('fixed').notNull(),
    system: boolean('system').notNull(),
    versionable: boolean('versionable').notNull(),
    multilingualable: boolean('multilingualable').notNull(),
    icon: varchar('icon', { length: 255 }).notNull(),
    sortOrder: int('sort_order').notNull(),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [uniqueIndex('content_types_variable_key_unique').on(t.variableKey), index('content_types_name').on(t.name)],
);

export const contentTypeWorkflows = mysqlTable(
  'content_type_workflows',
  {
    contentTypeId: varchar('content_type_id', { length: 255 })
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    schemeId: varchar('scheme_id', { length: 255 }).notNull(),
    position: int('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentTypeId, t.schemeId] }),
    index('content_type_workflows_scheme').on(t.schemeId),
  ],
);

export const fields = mysqlTable(
  'fields',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    contentTypeId: varchar('content_type_id', { length: 255 })
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    clazz: varchar('clazz', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    variable: varchar('variable', { length: 255 }).notNull(),
    variableKey: varchar('variable_key', { length: 255 }).notNull(),
    dataType: varchar('data_type', { length: 32 }).notNull(),
    sortOrder: int('sort_order').notNull(),
    regexCheck: text('regex_check'),
    defaultValue: text('default_value'),
    hint: text('hint'),
    values: text('field_values'),
    required: boolean('required').notNull(),
    searchable: boolean('searchable').notNull(),
    indexed: boolean('indexed').notNull(),
    listed: boolean('listed').notNull(),
    unique: boolean('unique_value').notNull(),
    readOnly: boolean('read_only').notNull(),
    fixed: boolean('fixed').notNull(),
    relationType: varchar('relation_type', { length: 255 }),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [uniqueIndex('fields_type_variable_unique').on(t.contentTypeId, t.variableKey)],
);

export const fieldVariables = mysqlTable(
  'field_variables',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    fieldId: varchar('field_id', { length: 255 })
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    /** Bytes, so that keys compare exactly (the default collation ignores case), as SQLite compares them. */
    key: varbinary('variable_key', { length: 1020 }).notNull(),
    value: text('variable_value').notNull(),
    createdAt: epochMs('created_at').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [uniqueIndex('field_variables_field_key_unique').on(t.fieldId, t.key)],
);

export const categories = mysqlTable(
  'categories',
  {
    inode: varchar('inode', { length: 255 }).primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    key: varchar('category_key', { length: 255 }).unique('categories_key_unique'),
    variable: varchar('variable', { length: 255 }).notNull().unique('categories_variable_unique'),
    parent: varchar('parent', { length: 255 }),
    sortOrder: int('sort_order').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [index('categories_parent').on(t.parent)],
);
