import { Type, type Static } from '@sinclair/typebox';
import { MASKED_SECRET } from '../../core/workflow/actionlet-parameters.js';
import type { MappingDetails } from '../../core/workflow/system-actions.js';
import type { ActionletAssociation, WorkflowAction, WorkflowScheme, WorkflowStep } from '../../core/model/workflow.js';
import { CURRENT_STEP, SHOW_ON_VALUES, SYSTEM_ACTION_NAMES } from '../../core/model/workflow.js';
import type { Actionlet } from '../../core/plugin/actionlet.js';
import { EpochMillis } from './schema-parts.js';

const NullableText = Type.Union([Type.String(), Type.Null()]);

/** `schemeView`'s shape, for the OpenAPI document. */
export const WorkflowSchemeSchema = Type.Object({
  id: Type.String(),
  creationDate: EpochMillis,
  modDate: EpochMillis,
  name: Type.String(),
  description: Type.String(),
  archived: Type.Boolean(),
  mandatory: Type.Boolean(),
  defaultScheme: Type.Boolean(),
  entryActionId: Type.Union([Type.String(), Type.Null()], { description: 'The action new content enters through' }),
  system: Type.Boolean({ description: 'The built-in System Workflow' }),
});

export function schemeView(s: WorkflowScheme): Static<typeof WorkflowSchemeSchema> {
  return {
    id: s.id,
    creationDate: s.creationDate,
    modDate: s.modDate,
    name: s.name,
    description: s.description,
    archived: s.archived,
    mandatory: s.mandatory,
    defaultScheme: s.defaultScheme,
    entryActionId: s.entryActionId,
    system: s.system,
  };
}

/** `stepView`'s shape, for the OpenAPI document. */
export const WorkflowStepSchema = Type.Object({
  id: Type.String(),
  creationDate: EpochMillis,
  name: Type.String(),
  schemeId: Type.String(),
  myOrder: Type.Integer({ minimum: 0, description: '0-based position in the scheme' }),
  resolved: Type.Boolean(),
  enableEscalation: Type.Boolean(),
  escalationAction: NullableText,
  escalationTime: Type.Integer({ minimum: 0, description: 'Seconds; 0 when unused' }),
});

export function stepView(s: WorkflowStep): Static<typeof WorkflowStepSchema> {
  return {
    id: s.id,
    creationDate: s.creationDate,
    name: s.name,
    schemeId: s.schemeId,
    myOrder: s.myOrder,
    resolved: s.resolved,
    enableEscalation: s.enableEscalation,
    escalationAction: s.escalationAction,
    escalationTime: s.escalationTime,
  };
}

/** `actionView`'s shape, for the OpenAPI document. */
export const WorkflowActionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  schemeId: Type.String(),
  condition: Type.String(),
  nextStep: Type.String({ description: `A step id, or \`${CURRENT_STEP}\`: the item stays where it is` }),
  nextAssign: Type.String(),
  icon: Type.String(),
  roleHierarchyForAssign: Type.Boolean(),
  assignable: Type.Boolean(),
  commentable: Type.Boolean(),
  order: Type.Integer(),
  owner: NullableText,
  nextStepCurrentStep: Type.Boolean(),
  showOn: Type.Array(Type.Union(SHOW_ON_VALUES.map((v) => Type.Literal(v)))),
  whoCanUse: Type.Array(Type.String(), { description: 'User ids and role ids or keys; empty: no restriction stated' }),
});

export function actionView(a: WorkflowAction): Static<typeof WorkflowActionSchema> {
  return {
    id: a.id,
    name: a.name,
    schemeId: a.schemeId,
    condition: a.condition,
    nextStep: a.nextStep,
    nextAssign: a.nextAssign,
    icon: a.icon,
    roleHierarchyForAssign: a.roleHierarchyForAssign,
    assignable: a.assignable,
    commentable: a.commentable,
    order: a.order,
    owner: a.owner,
    nextStepCurrentStep: a.nextStep === CURRENT_STEP,
    showOn: a.showOn,
    whoCanUse: a.whoCanUse,
  };
}

/** An actionlet as an association shows it: a catalogue entry without its class. */
const ActionletDescriptionSchema = Type.Object({
  name: Type.String(),
  parameters: Type.Array(
    Type.Object({
      displayName: Type.String(),
      key: Type.String(),
      defaultValue: NullableText,
      required: Type.Boolean(),
    }),
  ),
  nextStep: Type.Null(),
  howTo: Type.String(),
  localizedName: Type.String(),
  localizedHowto: Type.String(),
});

/** An entry of the actionlet catalogue (`actionletDefinitionView`), for the OpenAPI document. */
export const WorkflowActionletSchema = Type.Composite([
  ActionletDescriptionSchema,
  Type.Object({ actionClass: Type.String() }),
]);

/** An actionlet as an association shows it: its catalogue entry without its class. */
function actionletDescriptionView(a: Actionlet): Static<typeof ActionletDescriptionSchema> {
  const parameters = a.parameters.map((p) => ({
    displayName: p.displayName,
    key: p.key,
    defaultValue: p.defaultValue,
    required: p.required,
  }));
  return {
    name: a.name,
    parameters,
    nextStep: null,
    howTo: a.howTo,
    localizedName: a.name,
    localizedHowto: a.howTo,
  };
}

/** An entry of the actionlet catalogue: the description and the class that names it. */
export function actionletDefinitionView(a: Actionlet): Static<typeof WorkflowActionletSchema> {
  return { ...actionletDescriptionView(a), actionClass: a.actionClass };
}

function maskSecrets(parameters: Readonly<Record<string, string>>, actionlet: Actionlet | undefined) {
  const secrets = new Set(actionlet?.parameters.filter((p) => p.secret).map((p) => p.key));
  return Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, secrets.has(k) ? MASKED_SECRET : v]));
}

/** `associationView`'s shape: an actionlet an action runs, with its parameter values (secrets masked). */
export const ActionletAssociationSchema = Type.Object({
  id: Type.String(),
  actionId: Type.String(),
  name: Type.String(),
  order: Type.Integer(),
  clazz: Type.String({ description: "The actionlet's class" }),
  parameters: Type.Record(Type.String(), Type.String()),
  actionlet: Type.Union([ActionletDescriptionSchema, Type.Null()], {
    description: 'Null when no installed plugin provides the class',
  }),
});

export function associationView(
  association: ActionletAssociation,
  actionlet: Actionlet | undefined,
): Static<typeof ActionletAssociationSchema> {
  return {
    id: association.id,
    actionId: association.actionId,
    name: association.name,
    order: association.order,
    clazz: association.actionClass,
    parameters: maskSecrets(association.parameters, actionlet),
    actionlet: actionlet ? actionletDescriptionView(actionlet) : null,
  };
}

/** `systemActionMappingView`'s shape, for the OpenAPI document. */
export const SystemActionMappingSchema = Type.Object({
  identifier: Type.String(),
  systemAction: Type.Union(SYSTEM_ACTION_NAMES.map((v) => Type.Literal(v))),
  workflowAction: WorkflowActionSchema,
  owner: Type.String({ description: 'The scheme id or the content type id' }),
  ownerScheme: Type.Boolean(),
  ownerContentType: Type.Boolean(),
});

/** A system action's mapping: the verb, the action it fires and whose mapping it is. */
export function systemActionMappingView({ mapping, action }: MappingDetails): Static<typeof SystemActionMappingSchema> {
  return {
    identifier: mapping.id,
    systemAction: mapping.systemAction,
    workflowAction: actionView(action),
    owner: mapping.ownerId,
    ownerScheme: mapping.ownerKind === 'scheme',
    ownerContentType: mapping.ownerKind === 'contentType',
  };
}
