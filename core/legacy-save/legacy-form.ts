import type { ContentSubmission } from '../content/content-service.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import { binaryFieldsOf, placeBinaries } from './binary-placement.js';

/**
 * The members of a legacy save as the body formats read them: one entry per key, a string (or, for
 * a key repeated in a form or an array in JSON, a list of them; JSON may also nest objects).
 */
export type LegacyForm = Readonly<Record<string, unknown>>;

/** A relationship keyed by its relationship name: each query must match exactly one item. */
export interface RelationshipQueries {
  field: Field;
  /** The key as sent, for the messages. */
  key: string;
  queries: string[];
}

export interface LegacySubmission<F> {
  submission: ContentSubmission & { values: Record<string, unknown | F> };
  relationshipQueries: RelationshipQueries[];
  /** `wfActionComments` / `wfActionAssign` sent in the body (the URL's win). */
  comment?: string;
  assign?: string;
}

/** Keys that say what to save rather than a field value. */
const CONTROL_KEYS = new Set([
  'contentType',
  'stName',
  'stInode',
  'languageId',
  'identifier',
  'binary_fields',
  'wfActionComments',
  'wfActionAssign',
]);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The last of a repeated key: a form field sent twice means its last value, as the original reads it. */
const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(text) : (text(value) ?? '').split(','))
    .map((item) => item?.trim() ?? '')
    .filter(Boolean);

/** The content type (`contentType`, or the original's `stName`/`stInode`) and the item an update names. */
export function formTarget(form: LegacyForm): { contentType?: string; identifier?: string } {
  const contentType = [form.contentType, form.stName, form.stInode].map(single).map(text).find(Boolean);
  const identifier = text(single(form.identifier))?.trim() || undefined;
  return { contentType, identifier };
}

/**
 * The name a relationship field answers to in the deprecated form: `<Type>.<field>` (the original's
 * relationship name for field relationships) or `<Type>-<RelatedType>` (its parent-child name).
 */
function relationshipNames(type: ContentType, field: Field): string[] {
  return [`${type.variable}.${field.variable}`, `${type.variable}-${field.relationType}`].map((n) => n.toLowerCase());
}

/**
 * A legacy save's members as a submission of the type: the language checked, binaries placed in
 * their fields, deprecated relationship keys set apart for their queries, everything else a field
 * value (field types read the legacy string formats; unknown keys are reported as ignored).
 */
export function legacySubmission<F extends { fileName: string }>(input: {
  form: LegacyForm;
  type: ContentType;
  fields: readonly Field[];
  files: readonly F[];
}): LegacySubmission<F> {
  const { form, type, fields } = input;
  const target = formTarget(form);
  const values: Record<string, unknown> = {};
  const relationshipQueries: RelationshipQueries[] = [];
  // Looked up once per key sent: maps, so that the work grows with the keys plus the fields, not their product.
  const byVariable = new Map(fields.map((field) => [field.variable, field]));
  const byRelationshipName = new Map<string, Field>();
  for (const field of fields.filter((f) => f.relationType)) {
    for (const name of relationshipNames(type, field))
      if (!byRelationshipName.has(name)) byRelationshipName.set(name, field);
  }
  for (const [key, value] of Object.entries(form)) {
    if (CONTROL_KEYS.has(key)) continue;
    const field = byVariable.get(key);
    const related = !field && byRelationshipName.get(key.toLowerCase());
    if (related) relationshipQueries.push({ field: related, key, queries: listQueries(value) });
    else
      // Defined, not assigned: a `__proto__` key is then a member like any other (reported as unknown),
      // never the prototype of the values.
      Object.defineProperty(values, key, {
        value: Array.isArray(value) && !isListField(field) ? single(value) : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  const placed = placeBinaries({
    type: type.variable,
    binaryFields: binaryFieldsOf(fields),
    files: input.files,
    listed: form.binary_fields === undefined ? undefined : listOf(form.binary_fields),
    names: form.fileName === undefined ? [] : listOf(form.fileName),
  });
  Object.assign(values, placed);
  return {
    submission: {
      contentType: target.contentType,
      identifier: target.identifier,
      languageId: languageOf(form.languageId),
      values,
    },
    relationshipQueries,
    comment: text(single(form.wfActionComments)),
    assign: text(single(form.wfActionAssign)),
  };
}

/** Each entry is one query (a query may hold commas, so a string is never split). */
function listQueries(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((item) => text(item)?.trim() ?? '').filter(Boolean);
}

/** Fields whose value may be a list: a JSON array or a repeated form key is kept whole for them. */
function isListField(field: Field | undefined): boolean {
  return field !== undefined && /(Category|Checkbox|MultiSelect|Tag|Relationship|KeyValue)Field$/.test(field.clazz);
}

function languageOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const sent = text(single(value))?.trim() ?? '';
  if (!/^\d{1,9}$/.test(sent)) throw new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: 'languageId' });
  return Number(sent);
}
