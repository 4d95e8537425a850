import type { OfferedAction, ItemStatus } from '../../core/workflow/workflow-availability.js';
import type { WorkflowTask } from '../../core/model/workflow.js';
import { actionView, schemeView, stepView } from './workflow-view.js';

/** An action offered to new content, as the original's default-action view: the scheme and the action. */
export function offeredActionView({ scheme, action }: OfferedAction) {
  return { scheme: schemeView(scheme), action: actionView(action) };
}

/** A task under the original's names: the item is `webasset`, its step `status`. */
export function taskView(task: WorkflowTask) {
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

export function itemStatusView(status: ItemStatus) {
  return {
    scheme: status.scheme && schemeView(status.scheme),
    step: status.step && stepView(status.step),
    task: status.task && taskView(status.task),
  };
}
