import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { WorkflowTaskSearchSchema, workflowTaskView } from '../views/workflow-task-view.js';
import { defineRoutes } from './route-module.js';

const Id = Type.String({ maxLength: 255 });

/** The original's workflow searcher form; every member optional. */
const TaskSearchBody = Type.Object({
  keywords: Type.Optional(Type.String({ maxLength: 255, description: "Text in the item's title" })),
  assignedTo: Type.Optional(
    Type.String({
      maxLength: 255,
      description: "A user id, or a role id or key; by default the caller and the caller's roles",
    }),
  ),
  daysOld: Type.Optional(
    Type.Integer({
      minimum: -1,
      maximum: 36_500,
      description: '-1: any age; else tasks changed within that many days',
    }),
  ),
  schemeId: Type.Optional(Id),
  stepId: Type.Optional(Id),
  open: Type.Optional(Type.Boolean({ description: 'Tasks in a step that is not resolved' })),
  closed: Type.Optional(Type.Boolean({ description: 'Tasks in a resolved step; neither or both: all tasks' })),
  createdBy: Type.Optional(Id),
  show4all: Type.Optional(
    Type.Boolean({ description: 'Administrators only: every task, not only those assigned to them' }),
  ),
  orderBy: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'A column (modDate, creationDate, title, status, assignedTo, createdBy, languageId, belongsTo; or as mod_date...) and asc or desc; modDate desc by default',
    }),
  ),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Tasks per page, 20 by default' })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'From 0' })),
});

/**
 * The workflow task search. The original's path could not be confirmed; this one sits beside the
 * other workflow endpoints.
 */
export default defineRoutes('workflow tasks', ['taskSearch'], ({ taskSearch }) => [
  route({
    method: 'POST',
    path: '/api/v1/workflow/search',
    access: 'user',
    summary:
      "Searches workflow tasks: by default those assigned to the caller or the caller's roles, only on items the caller may read",
    body: TaskSearchBody,
    // Every member is optional: no body at all searches with the defaults.
    optionalBody: true,
    answers: { 400: 'a member of the wrong type or out of bounds, or an unknown orderBy column' },
    response: { schema: WorkflowTaskSearchSchema },
    handler: async ({ body, principal }) => {
      const found = await taskSearch.search(principal, body ?? {});
      return { totalCount: found.total, workflowTasks: found.tasks.map(workflowTaskView) };
    },
  }),
]);
