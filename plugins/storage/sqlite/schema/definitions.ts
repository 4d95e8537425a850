// What content is made of: languages, content types, fields and categories.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

export const contentTypes = sqliteTable(
  'content_types',
  {
    id: text('id').primaryKey(),
    clazz: text('clazz').notNull(),
    baseType: text('base_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    variable: text('variable').notNull(),
    /** Lower-case variable: unique and looked up ignoring case on every dialect. */
    variableKey: text('variable_key').notNull(),
    host: text('host').notNull(),
    folder: text('folder').notNull(),
    owner: text('owner').notNull(),
    defaultType: integer('default_type', { mode: 'boolean' }).notNull(),
    fixed: integer('fixed', { mode: 'boolean' }).notNull(),
    system: integer('system', { mode: 'boolean' }).notNull(),
    versionable: integer('versionable', { mode: 'boolean' }).notNull(),
    multilingualable: integer('multilingualable', { mode: 'boolean' }).notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull(),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [uniqueIndex('content_types_variable_key_unique').on(t.variableKey), index('content_types_name').on(t.name)],
);

export const contentTypeWorkflows = sqliteTable(
  'content_type_workflows',
  {
    contentTypeId: text('content_type_id')
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    schemeId: text('scheme_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentTypeId, t.schemeId] }),
    index('content_type_workflows_scheme').on(t.schemeId),
  ],
);

export const fields = sqliteTable(
  'fields',
  {
    id: text('id').primaryKey(),
    contentTypeId: text('content_type_id')
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    clazz: text('clazz').notNull(),
    name: text('name').notNull(),
    variable: text('variable').notNull(),
    variableKey: text('variable_key').notNull(),
    dataType: text('data_type').notNull(),
    sortOrder: integer('sort_order').notNull(),
    regexCheck: text('regex_check'),
    defaultValue: text('default_value'),
    hint: text('hint'),
    values: text('field_values'),
    required: integer('required', { mode: 'boolean' }).notNull(),
    searchable: integer('searchable', { mode: 'boolean' }).notNull(),
    indexed: integer('indexed', { mode: 'boolean' }).notNull(),
    listed: integer('listed', { mode: 'boolean' }).notNull(),
    unique: integer('unique_value', { mode: 'boolean' }).notNull(),
    readOnly: integer('read_only', { mode: 'boolean' }).notNull(),
    fixed: integer('fixed', { mode: 'boolean' }).notNull(),
    relationType: text('relation_type'),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [uniqueIndex('fields_type_variable_unique').on(t.contentTypeId, t.variableKey)],
);

/**
 * The key/value variables of fields, a row each: two writes to different variables of one field
 * touch different rows, so neither loses the other. Keys are unique per field, compared exactly.
 */
export const fieldVariables = sqliteTable(
  'field_variables',
  {
    id: text('id').primaryKey(),
    fieldId: text('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    key: text('variable_key').notNull(),
    value: text('variable_value').notNull(),
    /** Variables are listed in the order they were added. */
    createdAt: integer('created_at').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [uniqueIndex('field_variables_field_key_unique').on(t.fieldId, t.key)],
);

export const categories = sqliteTable(
  'categories',
  {
    inode: text('inode').primaryKey(),
    name: text('name').notNull(),
    key: text('category_key').unique('categories_key_unique'),
    variable: text('variable').notNull().unique('categories_variable_unique'),
    parent: text('parent'),
    sortOrder: integer('sort_order').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [index('categories_parent').on(t.parent)],
);
