import { Type, type Static } from '@sinclair/typebox';
import { BASE_CONTENT_TYPES, type ContentType } from '../../core/model/content-type.js';
import type { Field, FieldVariable } from '../../core/model/field.js';
import type { WorkflowScheme } from '../../core/model/workflow.js';
import { schemeVariableName } from '../../core/workflow/scheme-variable.js';
import type { MappingDetails } from '../../core/workflow/system-actions.js';
import {
  schemeView,
  SystemActionMappingSchema,
  systemActionMappingView,
  WorkflowSchemeSchema,
} from './workflow-view.js';

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

/**
 * What a content type's own answers add to it, as the original's do: its schemes in full (the bare
 * ids are shown where they are not given, as inside a contentlet), and its own system-action
 * mappings, by verb.
 */
export interface ContentTypeRelated {
  schemes?: readonly WorkflowScheme[];
  mappings?: readonly MappingDetails[];
}

/** A content type as the spec's "Content type" table shows it. */
export function contentTypeView(
  type: ContentType,
  fields: readonly Field[],
  related: ContentTypeRelated = {},
): Static<typeof ContentTypeSchema> {
  const schemes = new Map(related.schemes?.map((s) => [s.id, s]));
  return {
    id: type.id,
    clazz: type.clazz,
    baseType: type.baseType,
    name: type.name,
    description: type.description,
    variable: type.variable,
    host: type.host,
    folder: type.folder,
    owner: type.owner,
    defaultType: type.defaultType,
    fixed: type.fixed,
    system: type.system,
    versionable: type.versionable,
    multilingualable: type.multilingualable,
    icon: type.icon,
    sortOrder: type.sortOrder,
    fields: fields.map(fieldView),
    workflows: type.workflows.map((id) => {
      const scheme = schemes.get(id);
      return scheme ? { ...schemeView(scheme), variableName: schemeVariableName(scheme) } : { id };
    }),
    ...(related.mappings
      ? {
          systemActionMappings: Object.fromEntries(
            related.mappings.map((m) => [m.mapping.systemAction, systemActionMappingView(m)]),
          ),
        }
      : {}),
    modDate: type.modDate,
    iDate: type.iDate,
  };
}

/** A scheme a type is bound to: in full in the type's own answers, its id alone elsewhere. */
const TypeWorkflowSchema = Type.Composite([
  Type.Object({ id: Type.String() }),
  Type.Partial(Type.Omit(WorkflowSchemeSchema, ['id'])),
  Type.Object({
    variableName: Type.Optional(Type.String({ description: 'The name the original lets clients use for the scheme' })),
  }),
]);

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

/** `contentTypeView`'s shape, for the OpenAPI document. Listings answer `fields` empty. */
export const ContentTypeSchema = Type.Object({
  id: Type.String(),
  clazz: Type.String(),
  baseType: Type.Union(BASE_CONTENT_TYPES.map((t) => Type.Literal(t))),
  name: Type.String(),
  description: Type.String(),
  variable: Type.String(),
  host: Type.String(),
  folder: Type.String(),
  owner: Type.String(),
  defaultType: Type.Boolean(),
  fixed: Type.Boolean(),
  system: Type.Boolean(),
  versionable: Type.Boolean(),
  multilingualable: Type.Boolean(),
  icon: Type.String(),
  sortOrder: Type.Integer(),
  fields: Type.Array(FieldSchema),
  workflows: Type.Array(TypeWorkflowSchema),
  systemActionMappings: Type.Optional(
    Type.Record(Type.String(), SystemActionMappingSchema, {
      description: "The type's own system-action mappings, by verb (in the type's own answers)",
    }),
  ),
  modDate: Type.Integer(),
  iDate: Type.Integer(),
});
