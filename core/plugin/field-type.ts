import { InvalidError } from './plugin-errors.js';
import type { SpooledFile } from './spooled-file.js';
import { fromOriginalClassName } from './original-class-name.js';

/**
 * A field type of content types (Text, Date, Binary, ...). Each is a plugin contribution keyed by its
 * class name. The built-ins live in `com.cms.contenttype.model.field.`; clients send their class
 * names with and without the `Immutable` prefix, and answers use the `Immutable…` form, which is
 * what `className` holds. A third-party type uses a qualified name of its own package
 * (`com.acme.cms.SlugField`), taken as written.
 *
 * The value life cycle: a submitted value (a JSON value, or a string in the legacy format that
 * form posts and CSV imports send) is `parse`d into the stored form, which must be
 * JSON-serialisable and is kept with the version; `toContentMap` turns the stored form into what
 * the contentlet's map shows; `toIndex` into what the search index holds, mapped as
 * `searchMapping` says. Required, unique, regexCheck and defaultValue are enforced by the content
 * service for every type alike (a default value goes through `parse` too).
 *
 * @example
 * export const slugField: FieldType = {
 *   className: 'com.acme.cms.SlugField',
 *   dataType: 'TEXT',
 *   kind: 'value',
 *   parse: (value) => {
 *     if (typeof value !== 'string') throw new FieldValueError('must be text');
 *     const slug = value.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
 *     if (!slug) throw new FieldValueError('must contain a letter or a digit');
 *     return slug;
 *   },
 *   toContentMap: (stored) => stored,
 *   toIndex: (stored) => stored,
 *   searchMapping: () => ({ type: 'keyword' }),
 * };
 */
export interface FieldType {
  /** `com.cms.contenttype.model.field.ImmutableTextField` */
  className: string;
  /** The data type the field answers (`TEXT`, `LONG_TEXT`, `DATE`, `BOOL`, `INTEGER`, `FLOAT`, `SYSTEM`). */
  dataType: string;
  /**
   * The data types a field of this type may be declared with (its `dataType` member), when more
   * than `dataType`: Text takes `INTEGER` and `FLOAT` too. `parse` then reads `field.dataType` and
   * stores the value in that type. Any other data type is refused when the field is defined.
   */
  dataTypes?: readonly string[];
  /**
   * - `value`: holds a submitted value.
   * - `fixed`: holds the field's own `values` (Constant, Hidden); never submitted.
   * - `layout`: holds nothing (Row, Column, Tab divider).
   */
  kind: 'value' | 'fixed' | 'layout';
  /**
   * Turns a submitted value into the stored form. Never called with `undefined`, `null` or an empty
   * string (those mean "no value" and are handled by the content service). Throws `FieldValueError`
   * with a message a user can act on when the value is not acceptable.
   */
  parse(value: unknown, field: FieldDefinitionView, context: FieldParseContext): unknown | Promise<unknown>;
  /** What the contentlet's map holds for the stored value. */
  toContentMap(stored: unknown, field: FieldDefinitionView): unknown;
  /** What the search index holds for the stored value: text for full-text search, or a keyword. */
  toIndex(stored: unknown, field: FieldDefinitionView): unknown;
  /** Checks the field definition itself when a field is created (e.g. Select needs `values`). Answers a message, or undefined. */
  validateDefinition?(field: FieldDefinitionView): string | undefined;
  /**
   * How search drivers map the field's property in the index, for what `toIndex` answers.
   * Optional: `searchMappingOf` derives it from `dataType` otherwise. Say it when the data type
   * misleads: a TEXT field holding codes is searched by exact value (`keyword`), not by words.
   */
  searchMapping?(field: FieldDefinitionView): SearchFieldMapping;
}

/**
 * How a search engine indexes a field's values:
 * - `text`: analysed, searched by words (titles, bodies);
 * - `keyword`: exact values, for filters, sorting and facets (slugs, tags, identifiers);
 * - `date`: ISO-8601 text or epoch milliseconds; `long`, `double`, `boolean`: numbers and flags;
 * - `none`: kept out of the index.
 */
export interface SearchFieldMapping {
  type: 'text' | 'keyword' | 'date' | 'long' | 'double' | 'boolean' | 'none';
}

const MAPPING_OF_DATA_TYPE: Readonly<Record<string, SearchFieldMapping['type']>> = {
  TEXT: 'text',
  LONG_TEXT: 'text',
  DATE: 'date',
  INTEGER: 'long',
  FLOAT: 'double',
  BOOL: 'boolean',
};

/**
 * The mapping of a field's property: the field type's own, or one that follows the data type the
 * field was declared with (a Text field may hold INTEGER values), `keyword` when unknown.
 */
export function searchMappingOf(fieldType: FieldType, field: FieldDefinitionView): SearchFieldMapping {
  if (fieldType.kind === 'layout') return { type: 'none' };
  return fieldType.searchMapping?.(field) ?? { type: MAPPING_OF_DATA_TYPE[field.dataType] ?? 'keyword' };
}

/** Identity function that exists for type inference and editor help. */
export function defineFieldType(fieldType: FieldType): FieldType {
  return fieldType;
}

/** The parts of a field definition a field type needs. */
export interface FieldDefinitionView {
  variable: string;
  name: string;
  /** One of the field type's `dataTypes` (its `dataType` unless the definition chose another). */
  dataType: string;
  /** Options (`Label|value` lines) or a constant's value. */
  values: string | null;
  defaultValue: string | null;
  required: boolean;
  /** Relationship fields: `{ cardinality, relatedType }`; other types: empty. */
  fieldVariables: ReadonlyArray<{ key: string; value: string }>;
  /** For relationship fields: the related type's variable and the cardinality. */
  relationType?: string | null;
}

/**
 * Look-ups a field type may need while parsing. Each answers undefined when nothing matches, so the
 * field type can phrase the error.
 */
export interface FieldParseContext {
  /** A category by inode, then key, then variable name. */
  findCategory(item: string): Promise<{ inode: string; key: string; variable: string; name: string } | undefined>;
  /** A site by identifier or name. */
  findSite(idOrName: string): Promise<{ identifier: string; siteName: string } | undefined>;
  /** A file asset by `//host/path/to/file` or `host/path`; answers its identifier. */
  findFileAsset(hostPath: string): Promise<{ identifier: string; path: string } | undefined>;
  /**
   * Stores an uploaded file in the asset store (name sanitised); answers the stored reference. The
   * content is the bytes, or a file the host spooled to disk (`isSpooledFile`), which is copied
   * into the store without being read into memory when the store can (`AssetStorage.writeFile`).
   */
  storeBinary(fileName: string, content: Buffer | SpooledFile): Promise<{ path: string; name: string; size: number }>;
}

/**
 * A rejected value, thrown by `parse`: the content service reports it as `badType` on the field,
 * with the other problems of the submission. Thrown anywhere else, it is a 400 with its message.
 * Word the message to follow the field's name: `Slug: must contain a letter or a digit`.
 */
export class FieldValueError extends InvalidError {
  constructor(message: string) {
    super(message);
    this.name = 'FieldValueError';
  }
}

export const FIELD_CLASS_PACKAGE = 'com.cms.contenttype.model.field.';

/**
 * The form in which the service names a field class, answers it and looks field types up by:
 * `TextField`, `ImmutableTextField` and their fully qualified forms (ours, or the original's
 * `com.dotcms.` ones) all become the qualified Immutable form. A name in another package is kept
 * as it is. Compare an `ItemField`'s `className` with this, never with a hand-made string.
 *
 * @example
 * canonicalFieldClassName('TextField'); // → 'com.cms.contenttype.model.field.ImmutableTextField'
 */
export function canonicalFieldClassName(original: string): string {
  const className = fromOriginalClassName(original);
  const simple = className.startsWith(FIELD_CLASS_PACKAGE) ? className.slice(FIELD_CLASS_PACKAGE.length) : className;
  if (simple.includes('.')) return className;
  return FIELD_CLASS_PACKAGE + (simple.startsWith('Immutable') ? simple : `Immutable${simple}`);
}
