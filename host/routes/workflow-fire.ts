import { Type } from '@sinclair/typebox';
import { isSeparator } from '../../core/workflow/action-separator.js';
import type { FireResult } from '../../core/workflow/fire-engine.js';
import { jsonOrMultipartBody } from '../http/json-or-multipart-body.js';
import { reply, route } from '../http/route.js';
import { actionView, WorkflowActionSchema } from '../views/workflow-view.js';
import { historyEntryView } from '../views/workflow-status-view.js';
import { HistoryEntrySchema } from '../views/workflow-answer-schemas.js';
import { defineRoutes } from './route-module.js';
import {
  FIRE_BODY_TYPES,
  FIRE_RESPONSE,
  fireAnswerBody,
  FireBody,
  FireQuery,
  fireRequestOf,
  multipartAlias,
} from '../route-helpers/workflow-fire-form.js';

/** `language`: that language's entries only; -1 or absent: every language's. */
const HistoryQuery = Type.Object({
  language: Type.Optional(Type.Integer({ minimum: -1, maximum: 999_999_999 })),
});
const languageOf = (query: { language?: number }) =>
  query.language === undefined || query.language <= 0 ? undefined : query.language;

const ActionsQuery = Type.Object({
  includeSeparator: Type.Optional(Type.Boolean({ description: 'List the separators too (default false)' })),
});

/**
 * Firing actions (`PUT /api/v1/workflow/actions/{id}/fire`, the system-action form
 * `PUT /api/v1/workflow/actions/default/fire/{SYSTEM_ACTION}`), a task's history and comments, and
 * the actions available on an item.
 */
export default defineRoutes(
  'workflow fire',
  ['fireEngine', 'systemActions', 'taskHistory', 'fields', 'uploads'],
  ({ fireEngine: engine, systemActions, taskHistory, fields, uploads }) => {
    const typeOf = fields.typeOf.bind(fields);
    // JSON, or multipart with the JSON in a `json` part and the files beside it (how clients upload):
    // read by the handler, so that files go to disk as they arrive and are removed after the fire.
    const withBody = jsonOrMultipartBody(FireBody, uploads);
    const answer = (result: FireResult) => reply(fireAnswerBody(result, typeOf), { messages: result.messages });
    const fireDefault = route({
      method: 'PUT',
      path: '/api/v1/workflow/actions/default/fire/:systemAction',
      access: 'user',
      summary: "Fires the action a system action (NEW, EDIT, PUBLISH, ...) is mapped to for the item's type",
      query: FireQuery,
      accepts: 'stream',
      bodyTypes: FIRE_BODY_TYPES,
      response: FIRE_RESPONSE,
      answers: { 404: 'no such item or content type', 413: 'a file or the body is larger than allowed' },
      handler: ({ params, request, query, principal }) =>
        withBody(request, async (body) => {
          const fire = fireRequestOf(body, query);
          await engine.requireReadable(fire, principal);
          const actionId = await systemActions.resolve(params.systemAction, fire);
          return answer(await engine.fire({ ...fire, actionId, principal }));
        }),
    });
    const fireById = route({
      method: 'PUT',
      path: '/api/v1/workflow/actions/:actionId/fire',
      access: 'user',
      summary: 'Fires an action on new content (contentletFormData) or on the version named by inode',
      query: FireQuery,
      // A fire by inode needs no body at all.
      accepts: 'stream',
      bodyTypes: FIRE_BODY_TYPES,
      response: FIRE_RESPONSE,
      answers: { 404: 'no such action or item', 413: 'a file or the body is larger than allowed' },
      handler: ({ params, request, query, principal }) =>
        withBody(request, async (body) =>
          answer(await engine.fire({ ...fireRequestOf(body, query), actionId: params.actionId, principal })),
        ),
    });
    return [
      fireDefault,
      fireById,
      multipartAlias(fireDefault, '/api/v1/workflow/actions/default/firemultipart/:systemAction'),
      multipartAlias(fireById, '/api/v1/workflow/actions/:actionId/firemultipart'),
      route({
        method: 'GET',
        path: '/api/v1/workflow/tasks/history/comments/:identifier',
        access: 'user',
        summary: 'The actions fired on an item and the comments made, oldest first (in `language` when named)',
        query: HistoryQuery,
        response: { schema: Type.Array(HistoryEntrySchema) },
        handler: async ({ params, query, principal }) =>
          (await taskHistory.timeline(principal, params.identifier, languageOf(query))).map(historyEntryView),
      }),
      route({
        method: 'GET',
        path: '/api/v1/workflow/contentlet/:inode/actions',
        access: 'user',
        summary:
          'The actions the caller may fire on an item in its current step (separators only when includeSeparator)',
        query: ActionsQuery,
        response: { schema: Type.Array(WorkflowActionSchema) },
        answers: { 404: 'no such version' },
        handler: async ({ params, query, principal }) =>
          (await engine.availableActions(params.inode, principal))
            .filter((action) => query.includeSeparator === true || !isSeparator(action))
            .map(actionView),
      }),
    ];
  },
);
