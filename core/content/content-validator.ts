import { createHash } from 'node:crypto';
import { detail, Errors, type ErrorDetail } from '../errors/index.js';
import type { Field } from '../model/field.js';
import { FieldValueError, type FieldParseContext, type FieldType } from '../plugin/field-type.js';

/** Members of a submission that are not field values; they are never reported as unknown. */
export const SUBMISSION_KEYS = new Set([
  'contentType',
  'contentTypeId',
  'stInode',
  'structureInode',
  'identifier',
  'inode',
  'languageId',
  'language',
  'host',
  'folder',
  'hostFolder',
  'owner',
  'modUser',
  'modDate',
  'sortOrder',
  'title',
  'baseType',
  'archived',
  'live',
  'working',
  'locked',
  'indexPolicy',
  'actionId',
  'comments',
  'assign',
]);

export interface FieldValues {
  /** The stored form per field variable (null: no value). */
  values: Record<string, unknown>;
  problems: ErrorDetail[];
  /** Unique-field claims to make once the item has an identifier. */
  uniqueClaims: Array<{ field: Field; valueHash: string }>;
  /** Submitted members that are neither a field nor a known member: ignored, and listed. */
  unknownKeys: string[];
}

/** No value: nothing, an empty string or list, or a relationship with no items. */
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    Array.isArray((value as { items?: unknown }).items) &&
    (value as { items: unknown[] }).items.length === 0);

/**
 * Turns a submission into stored values through each field's type, collecting every problem at
 * once: `required`, `badType`, `pattern`. Uniqueness is checked by the caller, against storage.
 * `current` holds the values of the version being replaced: a field not sent keeps its value
 * unless `replaceAll` (the legacy update semantics: anything not sent is removed). Relationships
 * not sent are kept even then: the legacy interface says an absent relationship is preserved and an
 * update by identifier leaves relationships alone; an empty value removes them.
 */
export interface FieldValuesInput {
  fields: readonly Field[];
  typeOf: (field: Field) => FieldType | undefined;
  submitted: Readonly<Record<string, unknown>>;
  current: Readonly<Record<string, unknown>> | undefined;
  replaceAll: boolean;
  context: FieldParseContext;
}

export async function parseFieldValues({
  fields,
  typeOf,
  submitted,
  current,
  replaceAll,
  context,
}: FieldValuesInput): Promise<FieldValues> {
  const result: FieldValues = { values: {}, problems: [], uniqueClaims: [], unknownKeys: [] };
  const known = new Set(fields.map((f) => f.variable));
  result.unknownKeys = Object.keys(submitted).filter((key) => !known.has(key) && !SUBMISSION_KEYS.has(key));

  for (const field of fields) {
    const fieldType = typeOf(field);
    if (!fieldType || fieldType.kind === 'layout') continue;
    let stored: unknown = null;
    try {
      if (fieldType.kind === 'fixed') {
        stored = await fieldType.parse(field.values ?? '', field, context);
      } else if (!(field.variable in submitted)) {
        const kept = !replaceAll || Boolean(field.relationType);
        if (current && kept && field.variable in current) stored = current[field.variable];
        else if (!current && field.defaultValue) stored = await fieldType.parse(field.defaultValue, field, context);
      } else if (!isEmpty(submitted[field.variable])) {
        stored = await fieldType.parse(submitted[field.variable], field, context);
      }
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      result.problems.push(detail(Errors.badType, { field: field.name, problem: error.message }, field.variable));
      continue;
    }
    if (isEmpty(stored)) stored = null;
    if (stored === null && field.required) {
      result.problems.push(detail(Errors.required, { field: field.name }, field.variable));
      continue;
    }
    if (
      stored !== null &&
      field.regexCheck &&
      !new RegExp(field.regexCheck).test(typeof stored === 'string' ? stored : JSON.stringify(stored))
    ) {
      result.problems.push(detail(Errors.pattern, { field: field.name, pattern: field.regexCheck }, field.variable));
      continue;
    }
    if (stored !== null && field.unique) result.uniqueClaims.push({ field, valueHash: hashValue(stored) });
    result.values[field.variable] = stored;
  }
  return result;
}

/** Unique values are compared by their stored form, ignoring case for text. */
function hashValue(stored: unknown): string {
  const canonical = typeof stored === 'string' ? stored.trim().toLowerCase() : JSON.stringify(stored);
  return createHash('sha256').update(canonical).digest('hex');
}
