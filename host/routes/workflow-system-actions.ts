import { Type } from '@sinclair/typebox';
import type { SystemActionService } from '../../core/workflow/system-actions.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { visibleWorkflow } from '../route-helpers/workflow-visibility.js';
import { SystemActionMappingSchema, systemActionMappingView } from '../views/workflow-view.js';

const Id = Type.String({ maxLength: 255 });
const MappingBody = Type.Object({
  systemAction: Type.String({ maxLength: 32 }),
  actionId: Id,
  schemeId: Type.Optional(Type.Union([Id, Type.Null()])),
  contentTypeVariable: Type.Optional(Type.Union([Id, Type.Null()])),
});

/**
 * System-action mappings: which action NEW, EDIT, PUBLISH, ... fire, per scheme and per content
 * type. Changing them is for administrators; reading for signed-in users who may see the scheme or
 * content type.
 */
const base = '/api/v1/workflow';
const views = (list: Awaited<ReturnType<SystemActionService['listForAction']>>) => list.map(systemActionMappingView);

export default defineRoutes(
  'workflow system actions',
  ['systemActions', 'workflows', 'readRules'],
  ({ systemActions, workflows, readRules }) => {
    const visible = visibleWorkflow(workflows, readRules);
    return [
      route({
        method: 'PUT',
        path: `${base}/system/actions`,
        access: 'admin',
        summary: 'Maps a system action (NEW, EDIT, PUBLISH, ...) to an action, for a scheme or a content type',
        answers: { 404: 'no such action, scheme or content type' },
        body: MappingBody,
        response: { schema: SystemActionMappingSchema },
        handler: async ({ body }) => systemActionMappingView(await systemActions.map(body)),
      }),
      route({
        method: 'GET',
        path: `${base}/system/actions/:actionId`,
        access: 'user',
        summary: 'The mappings that fire an action',
        answers: { 404: 'no such action' },
        response: { schema: Type.Array(SystemActionMappingSchema) },
        handler: async ({ params, principal }) => {
          await visible.action(principal, params.actionId);
          return views(await systemActions.listForAction(params.actionId));
        },
      }),
      route({
        method: 'DELETE',
        path: `${base}/system/actions/:mappingId`,
        access: 'admin',
        summary: 'Removes a mapping',
        answers: { 404: 'no such mapping' },
        response: { schema: SystemActionMappingSchema },
        handler: async ({ params }) => systemActionMappingView(await systemActions.delete(params.mappingId)),
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/:schemeId/system/actions`,
        access: 'user',
        summary: 'The mappings of a scheme',
        answers: { 404: 'no such scheme' },
        response: { schema: Type.Array(SystemActionMappingSchema) },
        handler: async ({ params, principal }) => {
          await visible.scheme(principal, params.schemeId);
          return views(await systemActions.listForScheme(params.schemeId));
        },
      }),
      route({
        method: 'GET',
        path: `${base}/contenttypes/:contentType/system/actions`,
        access: 'user',
        summary: "The mappings in effect for a content type: its own, then its schemes'",
        answers: { 404: 'no such content type' },
        response: { schema: Type.Array(SystemActionMappingSchema) },
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.contentType);
          return views(await systemActions.listForContentType(params.contentType));
        },
      }),
    ];
  },
);
