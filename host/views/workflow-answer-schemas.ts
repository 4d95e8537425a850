import { Type } from '@sinclair/typebox';
import { WorkflowActionSchema, WorkflowSchemeSchema, WorkflowStepSchema } from './workflow-view.js';
import { EpochMillis } from './schema-parts.js';

/*
 * The shapes the scheme, fire and status routes answer that are built from the scheme, step and
 * action views (workflow-view.ts, workflow-status-view.ts), for the OpenAPI document.
 */

const NullableId = Type.Union([Type.String(), Type.Null()]);

/** `offeredActionView`: an action offered to new content, with its scheme. */
export const OfferedActionSchema = Type.Object({ scheme: WorkflowSchemeSchema, action: WorkflowActionSchema });

/** `taskView`: the item is `webasset`, its step `status`. */
export const TaskAnswerSchema = Type.Object({
  id: Type.String({ description: '<identifier>:<languageId>' }),
  webasset: Type.String(),
  languageId: Type.Integer(),
  status: Type.String({ description: 'The step id' }),
  schemeId: Type.String(),
  assignedTo: Type.Union([Type.String(), Type.Null()], { description: 'A user id or a role id' }),
  createdBy: Type.String(),
  creationDate: EpochMillis,
  modDate: EpochMillis,
  new: Type.Literal(false),
});

/** `itemStatusView`: each null for an item outside any workflow. */
export const ItemStatusSchema = Type.Object({
  scheme: Type.Union([WorkflowSchemeSchema, Type.Null()]),
  step: Type.Union([WorkflowStepSchema, Type.Null()]),
  task: Type.Union([TaskAnswerSchema, Type.Null()]),
});

/** `historyEntryView`: an action fired (`history`) or a comment made. */
const NamedRefSchema = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]);

export const HistoryEntrySchema = Type.Object({
  type: Type.Union([Type.Literal('comment'), Type.Literal('history')]),
  commentDescription: Type.String({ description: "The action's name, or the comment's text" }),
  createdDate: EpochMillis,
  postedBy: Type.String({ description: 'The name of the user who posted it (its id when the user is gone)' }),
  roleId: Type.Union([Type.String(), Type.Null()], { description: "The poster's own role" }),
  taskId: Type.String({ description: "The item's task in that language (`identifier:languageId`)" }),
  step: NamedRefSchema,
  action: NamedRefSchema,
  actionId: NullableId,
  stepId: Type.Union([Type.String(), Type.Null()], { description: 'The step the item went to' }),
  languageId: Type.Integer(),
});

/** A separator as `POST /api/v1/workflow/actions/separator` answers it: the action, marked. */
export const SeparatorAnswerSchema = Type.Composite([
  WorkflowActionSchema,
  Type.Object({ metadata: Type.Object({ subtype: Type.Literal('SEPARATOR') }) }),
]);
