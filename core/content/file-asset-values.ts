import { Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import { canonicalFieldClassName, type FieldType } from '../plugin/field-type.js';
import { isStoredAsset } from '../model/stored-asset.js';
import type { Placement } from './content-placement.js';
import type { ContentSubmission } from './content-service.js';
import type { FieldValues } from './content-validator.js';
import { isImageName, mimeTypeOf } from './mime-type.js';

/**
 * What a file's save fills in, as the original's file API does: the title and the file name from
 * the file when they are not sent, and the metadata (read-only) from the stored file.
 */
export function completeFileAsset(
  type: ContentType,
  fields: readonly Field[],
  parsed: FieldValues,
  placement: Placement,
): void {
  if (type.baseType !== 'FILEASSET') return;
  const has = (variable: string) => fields.some((f) => f.variable === variable);
  const name = placement.assetName;
  const filled = new Set<string>();
  if (name !== null && has('fileName') && parsed.values.fileName == null) parsed.values.fileName = name;
  if (name !== null && has('title') && parsed.values.title == null) {
    parsed.values.title = name;
    filled.add('title');
  }
  if (has('metaData')) {
    const file = parsed.values.fileAsset;
    parsed.values.metaData = isStoredAsset(file)
      ? {
          name: file.name,
          contentType: mimeTypeOf(file.name),
          fileSize: String(file.size),
          length: String(file.size),
          isImage: String(isImageName(file.name)),
        }
      : null;
    filled.add('metaData');
  }
  // A value filled here answers a `required` (title) and replaces what a client sent (metaData).
  parsed.problems = parsed.problems.filter(
    (p) =>
      !(
        p.fieldName !== null &&
        filled.has(p.fieldName) &&
        (p.fieldName === 'metaData' || p.errorCode === Errors.required.code)
      ),
  );
}

const BINARY_CLASS = canonicalFieldClassName('BinaryField');

/**
 * The submitted values with the files sent without a field name placed, in order, in the Binary
 * fields that were given no value (as the original fills a file type's `fileAsset` from a plain
 * upload). Files left over have no field to go to and are ignored.
 */
export function withUploads(
  fields: readonly Field[],
  typeOf: (field: Field) => FieldType | undefined,
  submission: ContentSubmission,
): Record<string, unknown> {
  if (!submission.uploads?.length) return submission.values;
  const values = { ...submission.values };
  const free = fields.filter((f) => typeOf(f)?.className === BINARY_CLASS && values[f.variable] === undefined);
  submission.uploads.forEach((upload, index) => {
    const field = free[index];
    if (field) values[field.variable] = upload;
  });
  return values;
}
