import type { Static } from '@sinclair/typebox';
import type { OfferedAction, ItemStatus } from '../../core/workflow/workflow-availability.js';
import type { WorkflowTask } from '../../core/model/workflow.js';
import type { TimelineItem } from '../../core/workflow/timeline.js';
import type {
  HistoryEntrySchema,
  ItemStatusSchema,
  OfferedActionSchema,
  TaskAnswerSchema,
} from './workflow-answer-schemas.js';
import { actionView, schemeView, stepView } from './workflow-view.js';

/** An action offered to new content, as the original's default-action view: the scheme and the action. */
export function offeredActionView({ scheme, action }: OfferedAction): Static<typeof OfferedActionSchema> {
  return { scheme: schemeView(scheme), action: actionView(action) };
}

/** A task under the original's names: the item is `webasset`, its step `status`. */
export function taskView(task: WorkflowTask): Static<typeof TaskAnswerSchema> {
  return {
    id: `${task.identifier}:${task.languageId}`,
    webasset: task.identifier,
    languageId: task.languageId,
    status: task.stepId,
    schemeId: task.schemeId,
    assignedTo: task.assignedTo,
    createdBy: task.createdBy,
    creationDate: task.creationDate,
    modDate: task.modDate,
    new: false,
  };
}

/** Where an item stands in its workflow: each null for an item outside any workflow. */
export function itemStatusView(status: ItemStatus): Static<typeof ItemStatusSchema> {
  return {
    scheme: status.scheme && schemeView(status.scheme),
    step: status.step && stepView(status.step),
    task: status.task && taskView(status.task),
  };
}

/** An entry of an item's workflow timeline, as the task-history and comment endpoints show it. */
export function historyEntryView({
  entry: h,
  postedBy,
  roleId,
  step,
  action,
}: TimelineItem): Static<typeof HistoryEntrySchema> {
  return {
    type: h.kind === 'comment' ? 'comment' : 'history',
    commentDescription: h.text,
    createdDate: h.createdAt,
    postedBy,
    roleId,
    taskId: `${h.identifier}:${h.languageId}`,
    step,
    action,
    actionId: h.actionId,
    stepId: h.toStepId,
    languageId: h.languageId,
  };
}
