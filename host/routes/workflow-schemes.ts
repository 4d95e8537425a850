import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { visibleWorkflow } from '../route-helpers/workflow-visibility.js';
import { schemeView, WorkflowSchemeSchema } from '../views/workflow-view.js';
import { itemStatusView, offeredActionView } from '../views/workflow-status-view.js';
import { SchemeImportBody } from '../route-helpers/workflow-scheme-import-body.js';
import { ItemStatusSchema, OfferedActionSchema } from '../views/workflow-answer-schemas.js';
import { SchemeExportSchema } from '../views/workflow-export-view.js';

const base = '/api/v1/workflow';
const Id = Type.String({ maxLength: 255 });
const Name = Type.Optional(Type.String({ maxLength: 255 }));
const OfferedActions = { schema: Type.Array(OfferedActionSchema) };
const Done = (word: 'OK' | 'Ok') => ({ schema: Type.Literal(word) });

/**
 * Whole-scheme operations the original offers beside the definition endpoints: copy, export and
 * import, reordering, the actions offered to new content, and where an item stands.
 */
export default defineRoutes(
  'workflow schemes',
  ['schemeTransfer', 'workflowOrdering', 'workflowAvailability', 'workflows', 'readRules'],
  ({ schemeTransfer, workflowOrdering, workflowAvailability, workflows, readRules }) => {
    const visible = visibleWorkflow(workflows, readRules);
    return [
      route({
        method: 'POST',
        path: `${base}/schemes/:schemeId/copy`,
        access: 'admin',
        summary:
          'Copies a scheme with new ids (named by `name` in the body or query), its steps, actions and actionlets',
        answers: { 404: 'no such scheme' },
        query: Type.Object({ name: Name }),
        body: Type.Object({ name: Name }),
        optionalBody: true,
        response: { schema: WorkflowSchemeSchema },
        handler: async ({ params, query, body }) =>
          schemeView(await schemeTransfer.copy(params.schemeId, body?.name ?? query.name)),
      }),
      route({
        method: 'GET',
        path: `${base}/schemes/:schemeId/export`,
        access: 'admin',
        summary: 'Exports a scheme in the interchange format (secret parameters masked)',
        answers: { 404: 'no such scheme' },
        response: { schema: SchemeExportSchema },
        handler: async ({ params }) => schemeTransfer.export(params.schemeId),
      }),
      route({
        method: 'POST',
        path: `${base}/schemes/import`,
        access: 'admin',
        summary: 'Imports the schemes of an export under their own ids; answers "OK"',
        body: SchemeImportBody,
        response: Done('OK'),
        handler: async ({ body, principal }) => {
          await schemeTransfer.import(body, principal.user.userId);
          return 'OK' as const;
        },
      }),
      route({
        method: 'PUT',
        path: `${base}/reorder/step/:stepId/order/:order`,
        access: 'admin',
        summary: 'Moves a step to a 0-based place in its scheme; answers "Ok"',
        answers: { 404: 'no such step' },
        params: Type.Object({ stepId: Id, order: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
        response: Done('Ok'),
        handler: async ({ params }) => {
          await workflowOrdering.reorderStep(params.stepId, params.order);
          return 'Ok' as const;
        },
      }),
      route({
        method: 'PUT',
        path: `${base}/reorder/steps/:stepId/actions/:actionId`,
        access: 'admin',
        summary: 'Moves an action to a 0-based place in a step it is attached to; answers "Ok"',
        answers: { 404: 'no such step or action, or the action is not attached to the step' },
        body: Type.Object({ order: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
        response: Done('Ok'),
        handler: async ({ params, body }) => {
          await workflowOrdering.reorderAction(params.stepId, params.actionId, body.order);
          return 'Ok' as const;
        },
      }),
      route({
        method: 'GET',
        path: `${base}/defaultactions/contenttype/:contentTypeId`,
        access: 'user',
        summary: "The actions of the first step of a content type's schemes that the caller may use",
        answers: { 404: 'no such content type' },
        response: OfferedActions,
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.contentTypeId);
          return (await workflowAvailability.defaultActionsOfType(principal, params.contentTypeId)).map(
            offeredActionView,
          );
        },
      }),
      route({
        method: 'GET',
        path: `${base}/defaultactions/schemes`,
        access: 'user',
        summary: 'The actions of the first step of the schemes ids=<id>,<id> that the caller may use',
        answers: { 404: 'no such scheme' },
        query: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 10_000 })) }),
        response: OfferedActions,
        handler: async ({ query, principal }) => {
          const ids = (query.ids ?? '').split(',');
          for (const id of ids) if (id.trim()) await visible.scheme(principal, id.trim());
          return (await workflowAvailability.defaultActionsOfSchemes(principal, ids)).map(offeredActionView);
        },
      }),
      route({
        method: 'GET',
        path: `${base}/initialactions/contenttype/:contentType`,
        access: 'user',
        summary: 'The default actions of a content type (by id or variable) shown on NEW and in the editing screen',
        answers: { 404: 'no such content type' },
        response: OfferedActions,
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.contentType);
          return (await workflowAvailability.initialActionsOfType(principal, params.contentType)).map(
            offeredActionView,
          );
        },
      }),
      route({
        method: 'GET',
        path: `${base}/status/:identifier`,
        access: 'user',
        summary: 'The scheme, step and task of an item, by identifier (in `language`) or inode',
        answers: { 404: 'no such item' },
        query: Type.Object({ language: Type.Optional(Type.Integer({ minimum: 1 })) }),
        response: { schema: ItemStatusSchema },
        handler: async ({ params, query, principal }) =>
          itemStatusView(await workflowAvailability.status(principal, params.identifier, query.language)),
      }),
    ];
  },
);
