import { Type, type Static } from '@sinclair/typebox';
import type { FoundTask } from '../../core/workflow/task-search.js';

const Millis = Type.Integer({ description: 'Milliseconds since the epoch' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `workflowTaskView`'s shape, for the OpenAPI document. */
export const WorkflowTaskSchema = Type.Object({
  id: Type.String({ description: "The task's key: the item's identifier and the language id, joined by a colon" }),
  assignedTo: NullableString,
  assignedUserName: NullableString,
  createdBy: Type.String(),
  description: Type.Null({ description: 'Tasks carry no description of their own here' }),
  belongsTo: Type.String({ description: "The item's identifier" }),
  creationDate: Millis,
  dueDate: Type.Null({ description: 'Tasks have no due date here' }),
  languageId: Type.Integer(),
  modDate: Millis,
  title: Type.String({ description: "The title of the item's working version in the task's language" }),
  status: Type.String({ description: 'The id of the step the item stands in' }),
});

/** The answer of a task search: one page, and how many tasks match in all. */
export const WorkflowTaskSearchSchema = Type.Object({
  totalCount: Type.Integer(),
  workflowTasks: Type.Array(WorkflowTaskSchema),
});

/** A workflow task as the original's task search answers it. */
export function workflowTaskView(task: FoundTask): Static<typeof WorkflowTaskSchema> {
  return {
    id: `${task.identifier}:${task.languageId}`,
    assignedTo: task.assignedTo,
    assignedUserName: task.assignedName,
    createdBy: task.createdBy,
    description: null,
    belongsTo: task.identifier,
    creationDate: task.creationDate,
    dueDate: null,
    languageId: task.languageId,
    modDate: task.modDate,
    title: task.title,
    status: task.stepId,
  };
}
