import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { visibleWorkflow } from '../route-helpers/workflow-visibility.js';
import { OkEntitySchema } from '../openapi/envelope-schema.js';
import {
  ActionletAssociationSchema,
  WorkflowActionSchema,
  WorkflowActionletSchema,
  WorkflowSchemeSchema,
  WorkflowStepSchema,
  actionView,
  actionletDefinitionView,
  associationView,
  schemeView,
  stepView,
} from '../views/workflow-view.js';

const Text = (max = 255) => Type.String({ maxLength: max });
const Flag = Type.Optional(Type.Boolean());
const Names = Type.Optional(Type.Array(Text(), { maxItems: 200 }));

const SchemeBody = Type.Object({
  schemeName: Type.Optional(Text()),
  schemeDescription: Type.Optional(Text(4000)),
  schemeArchived: Flag,
});
const StepBody = Type.Object({
  schemeId: Type.Optional(Text()),
  stepName: Type.Optional(Text()),
  escalationAction: Type.Optional(Type.Union([Text(), Type.Null()])),
  escalationTime: Type.Optional(
    Type.Union([Text(20), Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]),
  ),
  stepResolved: Flag,
  enableEscalation: Flag,
  stepOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
const ActionBody = Type.Object({
  actionName: Type.Optional(Text()),
  schemeId: Type.Optional(Text()),
  stepId: Type.Optional(Text()),
  actionCondition: Type.Optional(Text(65_535)),
  actionNextStep: Type.Optional(Text()),
  actionNextAssign: Type.Optional(Text()),
  actionIcon: Type.Optional(Text()),
  actionRoleHierarchyForAssign: Flag,
  actionAssignable: Flag,
  actionCommentable: Flag,
  whoCanUse: Names,
  showOn: Names,
});
const AttachBody = Type.Object({ actionId: Text() });
const ActionletBody = Type.Object({
  actionletClass: Text(),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  parameters: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Text(65_535))),
});

/** The original lists schemes without a sort; a client that sends one gets it applied rather than ignored. */
const schemeSort = sortable(
  {
    name: ['name'],
    modDate: ['modDate', 'mod_date'],
    creationDate: ['creationDate', 'creation_date'],
    id: ['id'],
  },
  'name',
);
const SchemeListQuery = Type.Composite([
  Type.Object({ showArchived: Type.Optional(Type.Boolean()) }),
  schemeSort.query,
]);
const base = '/api/v1/workflow';

/**
 * The workflow definition interface: the spec's endpoints plus the reads, updates and deletions a
 * client needs around them. Changing definitions, and reading what actionlets are set to do (their
 * parameters: recipients, messages, keys), is for administrators; signed-in users read the schemes
 * of the content types they may read, with their steps and actions.
 */
export default defineRoutes(
  'workflow definitions',
  ['workflows', 'actionlets', 'readRules'],
  ({ workflows, actionlets, readRules }) => {
    const visible = visibleWorkflow(workflows, readRules);
    return [
      route({
        method: 'POST',
        path: `${base}/schemes`,
        access: 'admin',
        summary: 'Creates a scheme',
        body: SchemeBody,
        response: { schema: WorkflowSchemeSchema },
        handler: async ({ body }) => schemeView(await workflows.createScheme(body)),
      }),
      route({
        method: 'GET',
        path: `${base}/schemes`,
        access: 'user',
        summary:
          'Lists the schemes (archived ones unless showArchived=false), by name unless orderby and direction say otherwise',
        query: SchemeListQuery,
        response: { schema: Type.Array(WorkflowSchemeSchema) },
        handler: async ({ query, principal }) =>
          (
            await visible.schemes(
              principal,
              await workflows.listSchemes(query.showArchived !== false, schemeSort.read(query)),
            )
          ).map(schemeView),
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/:schemeId`,
        access: 'user',
        summary: 'One scheme, by id or short id',
        answers: { 404: 'no such scheme, or one the caller may not see' },
        response: { schema: WorkflowSchemeSchema },
        handler: async ({ params, principal }) => schemeView(await visible.scheme(principal, params.schemeId)),
      }),
      route({
        method: 'PUT',
        path: `${base}/schemes/:schemeId`,
        access: 'admin',
        summary: 'Changes a scheme',
        answers: { 404: 'no such scheme' },
        body: SchemeBody,
        response: { schema: WorkflowSchemeSchema },
        handler: async ({ params, body }) => schemeView(await workflows.updateScheme(params.schemeId, body)),
      }),
      route({
        method: 'DELETE',
        path: `${base}/schemes/:schemeId`,
        access: 'admin',
        summary: 'Deletes an archived scheme with its steps and actions',
        answers: { 404: 'no such scheme' },
        response: { schema: WorkflowSchemeSchema },
        handler: async ({ params }) => schemeView(await workflows.deleteScheme(params.schemeId)),
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/:schemeId/steps`,
        access: 'user',
        summary: 'The steps of a scheme, in order',
        answers: { 404: 'no such scheme' },
        response: { schema: Type.Array(WorkflowStepSchema) },
        handler: async ({ params, principal }) => {
          await visible.scheme(principal, params.schemeId);
          return (await workflows.listSteps(params.schemeId)).map(stepView);
        },
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/:schemeId/actions`,
        access: 'user',
        summary: 'Every action of a scheme',
        answers: { 404: 'no such scheme' },
        response: { schema: Type.Array(WorkflowActionSchema) },
        handler: async ({ params, principal }) => {
          await visible.scheme(principal, params.schemeId);
          return (await workflows.listSchemeActions(params.schemeId)).map(actionView);
        },
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/schemescontenttypes/:contentTypeId`,
        access: 'user',
        summary: 'The schemes a content type is bound to',
        answers: { 404: 'no such content type' },
        response: { schema: Type.Array(WorkflowSchemeSchema) },
        handler: async ({ params, principal }) =>
          (await workflows.schemesOf(await readRules.requireTypeNamed(principal, params.contentTypeId))).map(
            schemeView,
          ),
      }),

      route({
        method: 'POST',
        path: `${base}/steps`,
        access: 'admin',
        summary: 'Creates a step at the end of its scheme',
        body: StepBody,
        response: { schema: WorkflowStepSchema },
        handler: async ({ body }) => stepView(await workflows.createStep(body)),
      }),
      route({
        method: 'GET',
        path: `${base}/steps/:stepId`,
        access: 'user',
        summary: 'One step',
        answers: { 404: 'no such step' },
        response: { schema: WorkflowStepSchema },
        handler: async ({ params, principal }) => stepView(await visible.step(principal, params.stepId)),
      }),
      route({
        method: 'PUT',
        path: `${base}/steps/:stepId`,
        access: 'admin',
        summary: 'Changes a step',
        answers: { 404: 'no such step' },
        body: StepBody,
        response: { schema: WorkflowStepSchema },
        handler: async ({ params, body }) => stepView(await workflows.updateStep(params.stepId, body)),
      }),
      route({
        method: 'DELETE',
        path: `${base}/steps/:stepId`,
        access: 'admin',
        summary: 'Deletes a step that holds no content',
        answers: { 404: 'no such step' },
        response: { schema: WorkflowStepSchema },
        handler: async ({ params }) => stepView(await workflows.deleteStep(params.stepId)),
      }),
      route({
        method: 'GET',
        path: `${base}/steps/:stepId/actions`,
        access: 'user',
        summary: 'The actions attached to a step, in order',
        answers: { 404: 'no such step' },
        response: { schema: Type.Array(WorkflowActionSchema) },
        handler: async ({ params, principal }) => {
          await visible.step(principal, params.stepId);
          return (await workflows.listStepActions(params.stepId)).map(actionView);
        },
      }),
      route({
        method: 'POST',
        path: `${base}/steps/:stepId/actions`,
        access: 'admin',
        summary: 'Attaches an action of the same scheme to a step; answers "Ok"',
        answers: { 404: 'no such step or action' },
        body: AttachBody,
        response: { schema: OkEntitySchema },
        handler: async ({ params, body }) => {
          await workflows.attachToStep(params.stepId, body.actionId);
          return 'Ok' as const;
        },
      }),
      route({
        method: 'GET',
        path: `${base}/steps/:stepId/actions/:actionId`,
        access: 'user',
        summary: 'One action, as attached to a step',
        answers: { 404: 'no such step, or the action is not attached to it' },
        response: { schema: WorkflowActionSchema },
        handler: async ({ params, principal }) => {
          await visible.step(principal, params.stepId);
          return actionView(await workflows.getStepAction(params.stepId, params.actionId));
        },
      }),
      route({
        method: 'DELETE',
        path: `${base}/steps/:stepId/actions/:actionId`,
        access: 'admin',
        summary: 'Detaches an action from a step; answers "Ok"',
        answers: { 404: 'no such step or action' },
        response: { schema: OkEntitySchema },
        handler: async ({ params }) => {
          await workflows.detachFromStep(params.stepId, params.actionId);
          return 'Ok' as const;
        },
      }),

      route({
        method: 'POST',
        path: `${base}/actions`,
        access: 'admin',
        summary: 'Creates an action (with the Notify Assignee actionlet), attached to stepId when given',
        body: ActionBody,
        response: { schema: WorkflowActionSchema },
        handler: async ({ body, principal }) => actionView(await workflows.createAction(body, principal.user.userId)),
      }),
      route({
        method: 'GET',
        path: `${base}/actions/:actionId`,
        access: 'user',
        summary: 'One action',
        answers: { 404: 'no such action' },
        response: { schema: WorkflowActionSchema },
        handler: async ({ params, principal }) => actionView(await visible.action(principal, params.actionId)),
      }),
      route({
        method: 'PUT',
        path: `${base}/actions/:actionId`,
        access: 'admin',
        summary: 'Changes an action',
        answers: { 404: 'no such action' },
        body: ActionBody,
        response: { schema: WorkflowActionSchema },
        handler: async ({ params, body }) => actionView(await workflows.updateAction(params.actionId, body)),
      }),
      route({
        method: 'DELETE',
        path: `${base}/actions/:actionId`,
        access: 'admin',
        summary: 'Deletes an action from its scheme and every step',
        answers: { 404: 'no such action' },
        response: { schema: WorkflowActionSchema },
        handler: async ({ params }) => actionView(await workflows.deleteAction(params.actionId)),
      }),
      route({
        method: 'GET',
        path: `${base}/actions/:actionId/actionlets`,
        access: 'admin',
        summary:
          'The actionlets an action runs, in order, with their parameters (administrators: they hold recipients, messages and keys)',
        answers: { 404: 'no such action' },
        response: { schema: Type.Array(ActionletAssociationSchema) },
        handler: async ({ params }) =>
          (await workflows.listActionlets(params.actionId)).map((a) =>
            associationView(a, actionlets.get(a.actionClass)),
          ),
      }),
      route({
        method: 'POST',
        path: `${base}/actions/:actionId/actionlets`,
        access: 'admin',
        summary: 'Adds an actionlet of the catalogue to an action, with its parameters; answers "Ok"',
        answers: { 404: 'no such action' },
        body: ActionletBody,
        response: { schema: OkEntitySchema },
        handler: async ({ params, body }) => {
          const { actionletClass: actionClass, ...rest } = body;
          await workflows.addActionlet(params.actionId, { actionClass, ...rest });
          return 'Ok' as const;
        },
      }),
      route({
        method: 'DELETE',
        path: `${base}/actionlets/:actionletId`,
        access: 'admin',
        summary: 'Removes an actionlet from its action; answers "Ok"',
        answers: { 404: 'no such association' },
        response: { schema: OkEntitySchema },
        handler: async ({ params }) => {
          await workflows.removeActionlet(params.actionletId);
          return 'Ok' as const;
        },
      }),
      route({
        method: 'GET',
        path: `${base}/actionlets`,
        access: 'user',
        summary: 'The actionlet catalogue',
        response: { schema: Type.Array(WorkflowActionletSchema) },
        handler: () => actionlets.listed().map((a) => actionletDefinitionView(a)),
      }),
    ];
  },
);
