import { Type } from '@sinclair/typebox';
import type { ContentTypeService } from '../../core/content/content-type-service.js';
import type { Actionlet } from '../../core/plugin/actionlet.js';
import type { Repositories } from '../../core/plugin/storage-driver.js';
import type { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';
import { route, type RouteDefinition } from '../http/route.js';
import { actionView, actionletDefinitionView, associationView, schemeView, stepView } from '../views/workflow-view.js';

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

/**
 * The workflow definition interface: the spec's endpoints plus the reads, updates and deletions a
 * client needs around them. Changing definitions is for administrators; reading for signed-in users.
 */
export function workflowDefinitionRoutes(
  workflows: WorkflowDefinitionService,
  catalogue: () => readonly Actionlet[],
  actionletOf: (actionClass: string) => Actionlet | undefined,
  contentTypes: ContentTypeService,
  stepHoldsContent: (tx: Repositories, stepId: string) => Promise<boolean>,
): RouteDefinition[] {
  const base = '/api/v1/workflow';
  return [
    route({
      method: 'POST',
      path: `${base}/schemes`,
      access: 'admin',
      body: SchemeBody,
      handler: async ({ body }) => schemeView(await workflows.createScheme(body)),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes`,
      access: 'user',
      handler: async ({ query }) =>
        (await workflows.listSchemes(query.get('showArchived') !== 'false')).map(schemeView),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes/:schemeId`,
      access: 'user',
      handler: async ({ params }) => schemeView(await workflows.getScheme(params.schemeId!)),
    }),
    route({
      method: 'PUT',
      path: `${base}/schemes/:schemeId`,
      access: 'admin',
      body: SchemeBody,
      handler: async ({ params, body }) => schemeView(await workflows.updateScheme(params.schemeId!, body)),
    }),
    route({
      method: 'DELETE',
      path: `${base}/schemes/:schemeId`,
      access: 'admin',
      handler: async ({ params }) => schemeView(await workflows.deleteScheme(params.schemeId!)),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes/:schemeId/steps`,
      access: 'user',
      handler: async ({ params }) => (await workflows.listSteps(params.schemeId!)).map(stepView),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes/:schemeId/actions`,
      access: 'user',
      handler: async ({ params }) => (await workflows.listSchemeActions(params.schemeId!)).map(actionView),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes/schemescontenttypes/:contentTypeId`,
      access: 'user',
      handler: async ({ params }) => {
        const type = await contentTypes.find(params.contentTypeId!);
        const schemes = await Promise.all(type.workflows.map((id) => workflows.getScheme(id).catch(() => undefined)));
        return schemes.filter((s) => s !== undefined).map(schemeView);
      },
    }),

    route({
      method: 'POST',
      path: `${base}/steps`,
      access: 'admin',
      body: StepBody,
      handler: async ({ body }) => stepView(await workflows.createStep(body)),
    }),
    route({
      method: 'GET',
      path: `${base}/steps/:stepId`,
      access: 'user',
      handler: async ({ params }) => stepView(await workflows.getStep(params.stepId!)),
    }),
    route({
      method: 'PUT',
      path: `${base}/steps/:stepId`,
      access: 'admin',
      body: StepBody,
      handler: async ({ params, body }) => stepView(await workflows.updateStep(params.stepId!, body)),
    }),
    route({
      method: 'DELETE',
      path: `${base}/steps/:stepId`,
      access: 'admin',
      handler: async ({ params }) => stepView(await workflows.deleteStep(params.stepId!, stepHoldsContent)),
    }),
    route({
      method: 'GET',
      path: `${base}/steps/:stepId/actions`,
      access: 'user',
      handler: async ({ params }) => (await workflows.listStepActions(params.stepId!)).map(actionView),
    }),
    route({
      method: 'POST',
      path: `${base}/steps/:stepId/actions`,
      access: 'admin',
      body: AttachBody,
      handler: async ({ params, body }) => {
        await workflows.attachToStep(params.stepId!, body.actionId);
        return 'Ok';
      },
    }),
    route({
      method: 'GET',
      path: `${base}/steps/:stepId/actions/:actionId`,
      access: 'user',
      handler: async ({ params }) => actionView(await workflows.getStepAction(params.stepId!, params.actionId!)),
    }),
    route({
      method: 'DELETE',
      path: `${base}/steps/:stepId/actions/:actionId`,
      access: 'admin',
      handler: async ({ params }) => {
        await workflows.detachFromStep(params.stepId!, params.actionId!);
        return 'Ok';
      },
    }),

    route({
      method: 'POST',
      path: `${base}/actions`,
      access: 'admin',
      body: ActionBody,
      handler: async ({ body, principal }) => actionView(await workflows.createAction(body, principal.user.userId)),
    }),
    route({
      method: 'GET',
      path: `${base}/actions/:actionId`,
      access: 'user',
      handler: async ({ params }) => actionView(await workflows.getAction(params.actionId!)),
    }),
    route({
      method: 'PUT',
      path: `${base}/actions/:actionId`,
      access: 'admin',
      body: ActionBody,
      handler: async ({ params, body }) => actionView(await workflows.updateAction(params.actionId!, body)),
    }),
    route({
      method: 'DELETE',
      path: `${base}/actions/:actionId`,
      access: 'admin',
      handler: async ({ params }) => actionView(await workflows.deleteAction(params.actionId!)),
    }),
    route({
      method: 'GET',
      path: `${base}/actions/:actionId/actionlets`,
      access: 'user',
      handler: async ({ params }) =>
        (await workflows.listActionlets(params.actionId!)).map((a) => associationView(a, actionletOf(a.clazz))),
    }),
    route({
      method: 'POST',
      path: `${base}/actions/:actionId/actionlets`,
      access: 'admin',
      body: ActionletBody,
      handler: async ({ params, body }) => {
        await workflows.addActionlet(params.actionId!, body);
        return 'Ok';
      },
    }),
    route({
      method: 'DELETE',
      path: `${base}/actionlets/:actionletId`,
      access: 'admin',
      handler: async ({ params }) => {
        await workflows.removeActionlet(params.actionletId!);
        return 'Ok';
      },
    }),
    route({
      method: 'GET',
      path: `${base}/actionlets`,
      access: 'user',
      handler: () =>
        catalogue()
          .filter((a) => a.listed !== false)
          .map((a) => actionletDefinitionView(a)),
    }),
  ];
}
