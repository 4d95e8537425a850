/**
 * A field type of content types (Text, Date, Binary, ...). Each is a plugin contribution keyed by its
 * class name. Clients send class names with and without the `Immutable` prefix; answers use the
 * `Immutable…` form, which is what `className` holds.
 *
 * The value life cycle: a submitted value (JSON, or the legacy string format) is `parse`d into the
 * stored form, which must be JSON-serialisable; `toContentMap` turns the stored form into what the
 * contentlet's map shows; `toIndex` into what the search index holds.
 */
export interface FieldType {
  /** `com.cms.contenttype.model.field.ImmutableTextField` */
  className: string;
  /** The data type the field answers (`TEXT`, `LONG_TEXT`, `DATE`, `SYSTEM`, ...). */
  dataType: string;
  /** Layout fields (Row, Column) hold no value. */
  holdsValue: boolean;
  /**
   * Turns a submitted value into the stored form. Throws `FieldValueError` with a message a user can
   * act on when the value is not acceptable.
   */
  parse(value: unknown, field: FieldDefinitionView): unknown;
  /** What the contentlet's map holds for the stored value. */
  toContentMap(stored: unknown, field: FieldDefinitionView): unknown;
  /** What the search index holds for the stored value (text for full-text, or a keyword). */
  toIndex(stored: unknown, field: FieldDefinitionView): unknown;
}

/** The parts of a field definition a field type needs. */
export interface FieldDefinitionView {
  variable: string;
  name: string;
  /** Options (`Label|value` lines) or a constant's value. */
  values: string | null;
  defaultValue: string | null;
  required: boolean;
}

/** A rejected value: the content service reports it as `badType` on the field. */
export class FieldValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldValueError';
  }
}

const FIELD_PACKAGE = 'com.cms.contenttype.model.field.';

/** `TextField`, `ImmutableTextField` and their fully qualified forms all become the qualified Immutable form. */
export function canonicalFieldClassName(className: string): string {
  const simple = className.startsWith(FIELD_PACKAGE) ? className.slice(FIELD_PACKAGE.length) : className;
  if (simple.includes('.')) return className;
  return FIELD_PACKAGE + (simple.startsWith('Immutable') ? simple : `Immutable${simple}`);
}
