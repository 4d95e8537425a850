import { Type } from '@sinclair/typebox';
import type { SystemActionService } from '../../core/workflow/system-actions.js';
import { route, type RouteDefinition } from '../http/route.js';
import { systemActionMappingView } from '../views/workflow-view.js';

const Id = Type.String({ maxLength: 255 });
const MappingBody = Type.Object({
  systemAction: Type.String({ maxLength: 32 }),
  actionId: Id,
  schemeId: Type.Optional(Type.Union([Id, Type.Null()])),
  contentTypeVariable: Type.Optional(Type.Union([Id, Type.Null()])),
});

/**
 * System-action mappings: which action NEW, EDIT, PUBLISH, ... fire, per scheme and per content
 * type. Changing them is for administrators; reading for signed-in users.
 */
export function workflowSystemActionRoutes(systemActions: SystemActionService): RouteDefinition[] {
  const base = '/api/v1/workflow';
  const views = (list: Awaited<ReturnType<SystemActionService['listForAction']>>) => list.map(systemActionMappingView);
  return [
    route({
      method: 'PUT',
      path: `${base}/system/actions`,
      access: 'admin',
      body: MappingBody,
      handler: async ({ body }) => systemActionMappingView(await systemActions.map(body)),
    }),
    route({
      method: 'GET',
      path: `${base}/system/actions/:actionId`,
      access: 'user',
      handler: async ({ params }) => views(await systemActions.listForAction(params.actionId!)),
    }),
    route({
      method: 'DELETE',
      path: `${base}/system/actions/:mappingId`,
      access: 'admin',
      handler: async ({ params }) => systemActionMappingView(await systemActions.delete(params.mappingId!)),
    }),
    route({
      method: 'GET',
      path: `${base}/schemes/:schemeId/system/actions`,
      access: 'user',
      handler: async ({ params }) => views(await systemActions.listForScheme(params.schemeId!)),
    }),
    route({
      method: 'GET',
      path: `${base}/contenttypes/:contentType/system/actions`,
      access: 'user',
      handler: async ({ params }) => views(await systemActions.listForContentType(params.contentType!)),
    }),
  ];
}
