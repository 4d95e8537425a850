import { Type } from '@sinclair/typebox';
import { SHOW_ON_VALUES } from '../../core/model/workflow.js';

/*
 * The shapes of the workflow views (workflow-view.ts, workflow-status-view.ts) that the scheme,
 * fire and status routes answer, for the OpenAPI document.
 * TODO(merge): the scheme, step and action shapes here duplicate WorkflowSchemeSchema,
 * WorkflowStepSchema and WorkflowActionSchema declared beside the views in workflow-view.ts on
 * another branch; keep one of each.
 */

const Millis = Type.Integer({ description: 'Milliseconds since the epoch' });
const NullableId = Type.Union([Type.String(), Type.Null()]);

/** `schemeView`. */
export const SchemeAnswerSchema = Type.Object({
  id: Type.String(),
  creationDate: Millis,
  modDate: Millis,
  name: Type.String(),
  description: Type.String(),
  archived: Type.Boolean(),
  mandatory: Type.Boolean(),
  defaultScheme: Type.Boolean(),
  entryActionId: NullableId,
  system: Type.Boolean(),
});

/** `stepView`. */
export const StepAnswerSchema = Type.Object({
  id: Type.String(),
  creationDate: Millis,
  name: Type.String(),
  schemeId: Type.String(),
  myOrder: Type.Integer({ minimum: 0, description: '0-based place in the scheme' }),
  resolved: Type.Boolean(),
  enableEscalation: Type.Boolean(),
  escalationAction: NullableId,
  escalationTime: Type.Integer({ minimum: 0, description: 'Seconds; 0 when unused' }),
});

/** `actionView`. */
export const ActionAnswerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  schemeId: Type.String(),
  condition: Type.String(),
  nextStep: Type.String({ description: 'A step id, or `currentstep` (the item stays where it is)' }),
  nextAssign: Type.String(),
  icon: Type.String(),
  roleHierarchyForAssign: Type.Boolean(),
  assignable: Type.Boolean(),
  commentable: Type.Boolean(),
  order: Type.Integer(),
  owner: NullableId,
  nextStepCurrentStep: Type.Boolean(),
  showOn: Type.Array(Type.Union(SHOW_ON_VALUES.map((value) => Type.Literal(value)))),
  whoCanUse: Type.Array(Type.String(), { description: 'User ids and role ids or keys; empty: no restriction' }),
});

/** `offeredActionView`: an action offered to new content, with its scheme. */
export const OfferedActionSchema = Type.Object({ scheme: SchemeAnswerSchema, action: ActionAnswerSchema });

/** `taskView`: the item is `webasset`, its step `status`. */
const TaskAnswerSchema = Type.Object({
  id: Type.String({ description: '<identifier>:<languageId>' }),
  webasset: Type.String(),
  languageId: Type.Integer(),
  status: Type.String({ description: 'The step id' }),
  schemeId: Type.String(),
  assignedTo: Type.Union([Type.String(), Type.Null()], { description: 'A user id or a role id' }),
  createdBy: Type.String(),
  creationDate: Millis,
  modDate: Millis,
  new: Type.Literal(false),
});

/** `itemStatusView`: each null for an item outside any workflow. */
export const ItemStatusSchema = Type.Object({
  scheme: Type.Union([SchemeAnswerSchema, Type.Null()]),
  step: Type.Union([StepAnswerSchema, Type.Null()]),
  task: Type.Union([TaskAnswerSchema, Type.Null()]),
});

/** `historyEntryView`: an action fired (`history`) or a comment made. */
export const HistoryEntrySchema = Type.Object({
  type: Type.Union([Type.Literal('comment'), Type.Literal('history')]),
  commentDescription: Type.String({ description: "The action's name, or the comment's text" }),
  createdDate: Millis,
  postedBy: Type.String({ description: 'A user id' }),
  actionId: NullableId,
  stepId: Type.Union([Type.String(), Type.Null()], { description: 'The step the item went to' }),
  languageId: Type.Integer(),
});

/** A separator as `POST /api/v1/workflow/actions/separator` answers it: the action, marked. */
export const SeparatorAnswerSchema = Type.Composite([
  ActionAnswerSchema,
  Type.Object({ metadata: Type.Object({ subtype: Type.Literal('SEPARATOR') }) }),
]);
