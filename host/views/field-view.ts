import { Type, type Static } from '@sinclair/typebox';
import type { Field, FieldVariable } from '../../core/model/field.js';

/** The class the original names its field variables with. */
export const FIELD_VARIABLE_CLASS = 'com.cms.contenttype.model.field.ImmutableFieldVariable';

/** A field variable as the original shows it, inside a field and on its own. */
export function fieldVariableView(fieldId: string, v: FieldVariable): Static<typeof FieldVariableSchema> {
  return { clazz: FIELD_VARIABLE_CLASS, id: v.id, fieldId, key: v.key, value: v.value };
}

/** `fieldVariableView`'s shape, for the OpenAPI document. */
export const FieldVariableSchema = Type.Object({
  clazz: Type.String(),
  id: Type.String(),
  fieldId: Type.String(),
  key: Type.String(),
  value: Type.String(),
});

/** A field as the spec's "Content type field" table shows it. */
export function fieldView(field: Field): Static<typeof FieldSchema> {
  return {
    id: field.id,
    clazz: field.clazz,
    contentTypeId: field.contentTypeId,
    name: field.name,
    variable: field.variable,
    dataType: field.dataType,
    sortOrder: field.sortOrder,
    regexCheck: field.regexCheck,
    defaultValue: field.defaultValue,
    hint: field.hint,
    values: field.values,
    required: field.required,
    searchable: field.searchable,
    indexed: field.indexed,
    listed: field.listed,
    unique: field.unique,
    readOnly: field.readOnly,
    fixed: field.fixed,
    ...(field.relationType ? { relationType: field.relationType } : {}),
    fieldVariables: field.fieldVariables.map((v) => fieldVariableView(field.id, v)),
    modDate: field.modDate,
    iDate: field.iDate,
  };
}

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `fieldView`'s shape, for the OpenAPI document. */
export const FieldSchema = Type.Object({
  id: Type.String(),
  clazz: Type.String(),
  contentTypeId: Type.String(),
  name: Type.String(),
  variable: Type.String(),
  dataType: Type.String(),
  sortOrder: Type.Integer(),
  regexCheck: NullableString,
  defaultValue: NullableString,
  hint: NullableString,
  values: NullableString,
  required: Type.Boolean(),
  searchable: Type.Boolean(),
  indexed: Type.Boolean(),
  listed: Type.Boolean(),
  unique: Type.Boolean(),
  readOnly: Type.Boolean(),
  fixed: Type.Boolean(),
  relationType: Type.Optional(Type.String()),
  fieldVariables: Type.Array(FieldVariableSchema),
  modDate: Type.Integer(),
  iDate: Type.Integer(),
});
