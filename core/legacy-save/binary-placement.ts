import { CmsError, Errors } from '../errors/index.js';
import type { Field } from '../model/field.js';
import { canonicalFieldClassName } from '../plugin/field-type.js';

const BINARY_CLASS = canonicalFieldClassName('BinaryField');

/** The type's Binary fields, in field order. */
export function binaryFieldsOf(fields: readonly Field[]): Field[] {
  return fields.filter((field) => field.clazz === BINARY_CLASS);
}

export interface BinaryPlacementInput<F extends { fileName: string }> {
  /** The content type's variable, for the messages. */
  type: string;
  /** The type's Binary fields, in field order. */
  binaryFields: readonly Field[];
  /** The files, in the order they were sent. */
  files: readonly F[];
  /** `binary_fields`: the Binary field of each file, in file order (absent when not sent). */
  listed: readonly string[] | undefined;
  /** `fileName`: the name of each file, in file order; a file without one keeps the name it was sent with. */
  names: readonly string[];
}

/**
 * Which Binary field each file goes to. One file without `binary_fields` goes to the first Binary
 * field; otherwise `binary_fields` must name exactly one Binary field per file (the original
 * silently dropped what did not fit, which lost files). Binary fields not listed get no file: a
 * required one is then reported by the content's validation with every other problem.
 */
export function placeBinaries<F extends { fileName: string }>(input: BinaryPlacementInput<F>): Record<string, F> {
  const { files, listed, binaryFields } = input;
  const named = files.map((file, index) => {
    const name = input.names[index]?.trim();
    return name ? { ...file, fileName: name } : file;
  });
  if (listed === undefined || listed.length === 0) {
    if (named.length === 0) return {};
    if (named.length > 1) throw new CmsError(Errors.LEGACY_BINARY_FIELDS_MISMATCH, { listed: 0, files: named.length });
    const first = binaryFields[0];
    if (!first) throw new CmsError(Errors.LEGACY_NO_BINARY_FIELD, { type: input.type });
    return { [first.variable]: named[0]! };
  }
  if (listed.length !== named.length) {
    throw new CmsError(Errors.LEGACY_BINARY_FIELDS_MISMATCH, { listed: listed.length, files: named.length });
  }
  const placed: Record<string, F> = {};
  listed.forEach((variable, index) => {
    if (!binaryFields.some((field) => field.variable === variable) || variable in placed) {
      throw new CmsError(
        Errors.LEGACY_BINARY_FIELD_UNKNOWN,
        { name: variable, type: input.type },
        { fieldName: 'binary_fields' },
      );
    }
    placed[variable] = named[index]!;
  });
  return placed;
}
