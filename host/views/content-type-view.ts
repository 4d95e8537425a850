import { Type, type Static } from '@sinclair/typebox';
import { BASE_CONTENT_TYPES, type ContentType } from '../../core/model/content-type.js';
import type { Field } from '../../core/model/field.js';
import type { TypeWhereabouts } from '../../core/content/content-type-whereabouts.js';
import { layoutRows } from '../../core/content/field-layout.js';
import { FieldSchema, fieldView } from './field-view.js';
import { LayoutSchema, layoutView } from './field-layout-view.js';
import type { WorkflowScheme } from '../../core/model/workflow.js';
import { schemeVariableName } from '../../core/workflow/scheme-variable.js';
import type { MappingDetails } from '../../core/workflow/system-actions.js';
import {
  schemeView,
  SystemActionMappingSchema,
  systemActionMappingView,
  WorkflowSchemeSchema,
} from './workflow-view.js';

export { FIELD_VARIABLE_CLASS, FieldSchema, FieldVariableSchema, fieldVariableView, fieldView } from './field-view.js';

/**
 * What a content type's own answers add to it, as the original's do: its schemes in full (the bare
 * ids are shown where they are not given, as inside a contentlet), and its own system-action
 * mappings, by verb; where it lives; its fields as the edit form's rows (`layout`, in a type's own
 * answers) and how many items it has (`nEntries`, in listings), as the original's do there.
 */
export interface ContentTypeRelated {
  schemes?: readonly WorkflowScheme[];
  mappings?: readonly MappingDetails[];
  whereabouts?: TypeWhereabouts;
  layout?: boolean;
  nEntries?: number;
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
    // The original keeps free-form metadata on a type; none is stored here, so it is always empty.
    metadata: {},
    ...(related.whereabouts ?? {}),
    ...(related.layout ? { layout: layoutView(layoutRows(fields)) } : {}),
    ...(related.nEntries === undefined ? {} : { nEntries: related.nEntries }),
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
  metadata: Type.Record(Type.String(), Type.Unknown(), { description: 'Always empty: no metadata is kept' }),
  siteName: Type.Optional(Type.String({ description: "The name of the type's site" })),
  folderPath: Type.Optional(Type.String({ description: "The path of the type's folder; / for the system folder" })),
  /** The type's fields as rows of columns (in the type's own answers). */
  layout: Type.Optional(LayoutSchema),
  nEntries: Type.Optional(Type.Integer({ description: 'How many items the type has (in listings)' })),
  modDate: Type.Integer(),
  iDate: Type.Integer(),
});
