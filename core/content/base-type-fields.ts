import type { BaseContentType } from '../model/content-type.js';
import type { FieldInput } from './field-service.js';

/** A name in a folder: no slash, backslash or control character, and not `.` or `..`. */
const FILE_NAME_PATTERN = '^(?!\\.\\.?$)[^/\\\\\\u0000-\\u001f\\u007f]+$';

/**
 * A Row and Column opening a part of the form at position `at`, named as the field service names
 * the implicit ones. Every field stands in a column, as the original's layout wants (a type whose
 * fields do not is mended when saved), so the fields after a Tab divider get a row of their own.
 */
const layoutAt = (at: number): FieldInput[] => [
  { clazz: 'RowField', name: `fields-${at}`, variable: `fields${at}` },
  { clazz: 'ColumnField', name: `fields-${at + 1}`, variable: `fields${at + 1}` },
];
const LAYOUT = layoutAt(0);

/** A checkbox that is either ticked (`true`) or not, as the original's menu and HTTPS flags are. */
const flag = (name: string, variable: string, more: Partial<FieldInput> = {}): FieldInput => ({
  clazz: 'CheckboxField',
  name,
  variable,
  values: '|true',
  defaultValue: 'false',
  ...more,
});

/** The menu position: a whole number, 0 unless given. */
const sortOrder = (more: Partial<FieldInput>): FieldInput => ({
  clazz: 'TextField',
  name: 'Sort Order',
  variable: 'sortOrder',
  dataType: 'INTEGER',
  defaultValue: '0',
  indexed: true,
  searchable: true,
  ...more,
});

/**
 * Fields a type of these base types always has, as in the original: files are placed by a site or
 * folder and named by their file; pages are placed and reached by their URL. The original's
 * `template` and `cachettl` are required; a headless service renders no template and caches no
 * page, so both are kept (clients send them) but optional. Only types created from now on get
 * these: an existing type keeps the fields it was made with.
 */
export const BASE_TYPE_FIELDS: Partial<Record<BaseContentType, readonly FieldInput[]>> = {
  FILEASSET: [
    ...LAYOUT,
    {
      clazz: 'HostFolderField',
      name: 'Site or Folder',
      variable: 'hostFolder',
      required: true,
      fixed: true,
      indexed: true,
      searchable: true,
    },
    {
      clazz: 'BinaryField',
      name: 'File Asset',
      variable: 'fileAsset',
      required: true,
      fixed: true,
      indexed: true,
      searchable: true,
    },
    // Required, and taken from the file's name when not sent (as the original's file API does).
    {
      clazz: 'TextField',
      name: 'Title',
      variable: 'title',
      required: true,
      fixed: true,
      indexed: true,
      searchable: true,
    },
    {
      clazz: 'TextField',
      name: 'File Name',
      variable: 'fileName',
      fixed: true,
      indexed: true,
      searchable: true,
      listed: true,
      // One path segment, as a page's url: the file's name in its folder, and part of its path.
      regexCheck: FILE_NAME_PATTERN,
    },
    { clazz: 'TabDividerField', name: 'Metadata', variable: 'metadataTab' },
    ...layoutAt(7),
    // Filled from the uploaded file on every save; what a client sends is not kept.
    {
      clazz: 'KeyValueField',
      name: 'Metadata',
      variable: 'metaData',
      fixed: true,
      readOnly: true,
      indexed: true,
      searchable: true,
    },
    flag('Show on Menu', 'showOnMenu', { fixed: true, indexed: true }),
    sortOrder({ fixed: true }),
    { clazz: 'TextAreaField', name: 'Description', variable: 'description', fixed: true, indexed: true },
  ],
  HTMLPAGE: [
    ...LAYOUT,
    {
      clazz: 'CustomField',
      name: 'Title',
      variable: 'title',
      dataType: 'TEXT',
      required: true,
      fixed: true,
      indexed: true,
      listed: true,
    },
    {
      clazz: 'TextField',
      name: 'Url',
      variable: 'url',
      required: true,
      fixed: true,
      indexed: true,
      searchable: true,
      listed: true,
      // One path segment: the page's name in its folder.
      regexCheck: '^[A-Za-z0-9._~-]+$',
    },
    {
      clazz: 'HostFolderField',
      name: 'Site or Folder',
      variable: 'hostFolder',
      required: true,
      fixed: true,
      indexed: true,
    },
    {
      clazz: 'CustomField',
      name: 'Template',
      variable: 'template',
      dataType: 'TEXT',
      fixed: true,
      indexed: true,
      searchable: true,
    },
    flag('Show on Menu', 'showOnMenu', { indexed: true }),
    sortOrder({ required: true }),
    {
      clazz: 'CustomField',
      name: 'Cache TTL (seconds)',
      variable: 'cachettl',
      dataType: 'TEXT',
      indexed: true,
      listed: true,
    },
    { clazz: 'TextField', name: 'Friendly Name', variable: 'friendlyName', indexed: true },
    { clazz: 'TabDividerField', name: 'Advanced Properties', variable: 'advancedtab' },
    ...layoutAt(11),
    { clazz: 'CustomField', name: 'Redirect URL', variable: 'redirecturl', dataType: 'TEXT', listed: true },
    flag('HTTPS Required', 'httpsreq'),
    { clazz: 'TextAreaField', name: 'SEO Description', variable: 'seodescription', indexed: true },
    { clazz: 'TextAreaField', name: 'SEO Keywords', variable: 'seokeywords', indexed: true },
    { clazz: 'TextAreaField', name: 'Page Metadata', variable: 'pagemetadata' },
  ],
};
