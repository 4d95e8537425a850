import { Type } from '@sinclair/typebox';
import type { ContentSubmission } from '../../core/content/content-service.js';
import { InvalidInputError } from '../../core/errors.js';
import type { Field } from '../../core/model/field.js';
import type { FieldType } from '../../core/plugin/field-type.js';
import type { Storage } from '../../core/plugin/storage-driver.js';
import type { FireEngine, FireResult } from '../../core/workflow/fire-engine.js';
import type { SystemActionService } from '../../core/workflow/system-actions.js';
import { reply, route, type RouteDefinition } from '../http/route.js';
import { contentletView } from '../views/contentlet-view.js';
import { actionView } from '../views/workflow-view.js';

const FormData = Type.Record(Type.String({ maxLength: 255 }), Type.Unknown(), { maxProperties: 1000 });
const FireBody = Type.Object({
  contentletFormData: Type.Optional(FormData),
  contentlet: Type.Optional(FormData),
  comments: Type.Optional(Type.String({ maxLength: 65_535 })),
  assign: Type.Optional(Type.String({ maxLength: 255 })),
});

/** `contentletFormData` (or `contentlet`) as a submission; `identifier`, `languageId` and `contentType` are members of it. */
function submissionOf(
  body: { contentletFormData?: Record<string, unknown>; contentlet?: Record<string, unknown> } | undefined,
  query: URLSearchParams,
): ContentSubmission | undefined {
  const form = body?.contentletFormData ?? body?.contentlet;
  if (!form) return undefined;
  const languageId = form.languageId ?? query.get('language') ?? undefined;
  if (languageId !== undefined && !/^\d{1,9}$/.test(String(languageId)))
    throw new InvalidInputError('LANGUAGE_NOT_FOUND', 'The provided languageId does not exist', {
      fieldName: 'languageId',
    });
  const { contentType, stInode, identifier, languageId: _lang, ...values } = form;
  return {
    contentType: typeof contentType === 'string' ? contentType : typeof stInode === 'string' ? stInode : undefined,
    identifier:
      typeof identifier === 'string' && identifier !== '' ? identifier : (query.get('identifier') ?? undefined),
    languageId: languageId === undefined ? undefined : Number(languageId),
    values,
  };
}

/**
 * Firing actions (`PUT /api/v1/workflow/actions/{id}/fire`, the system-action form
 * `PUT /api/v1/workflow/actions/default/fire/{SYSTEM_ACTION}`), a task's history and comments, and
 * the actions available on an item.
 */
export function workflowFireRoutes(
  engine: FireEngine,
  storage: Storage,
  systemActions: SystemActionService,
  typeOf: (field: Field) => FieldType | undefined,
): RouteDefinition[] {
  const answer = ({ identifier, contentlet, type, fields, messages }: FireResult) => {
    if (!contentlet) return reply({ identifier, deleted: true }, { messages });
    return reply(contentletView({ contentlet, type, fields }, typeOf), { messages });
  };
  return [
    route({
      method: 'PUT',
      path: '/api/v1/workflow/actions/default/fire/:systemAction',
      access: 'user',
      body: FireBody,
      optionalBody: true,
      handler: async ({ params, body, query, principal }) => {
        const submission = submissionOf(body ?? undefined, query);
        const inode = query.get('inode') ?? undefined;
        const actionId = await systemActions.resolve(params.systemAction!, { inode, submission });
        const result = await engine.fire({
          actionId,
          principal,
          inode,
          submission,
          comment: body?.comments,
          assign: body?.assign,
        });
        return answer(result);
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/workflow/actions/:actionId/fire',
      access: 'user',
      body: FireBody,
      // A fire by inode needs no body at all.
      optionalBody: true,
      handler: async ({ params, body, query, principal }) => {
        const submission = submissionOf(body ?? undefined, query);
        const result = await engine.fire({
          actionId: params.actionId!,
          principal,
          inode: query.get('inode') ?? undefined,
          submission,
          comment: body?.comments,
          assign: body?.assign,
        });
        return answer(result);
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/workflow/tasks/history/comments/:identifier',
      access: 'user',
      handler: async ({ params }) => {
        if (
          !(await storage.content.findIdentifier(params.identifier!)) &&
          (await storage.tasks.listHistory(params.identifier!)).length === 0
        ) {
          throw new InvalidInputError('CONTENT_NOT_FOUND', `Content ${params.identifier} not found`);
        }
        return (await storage.tasks.listHistory(params.identifier!)).map((h) => ({
          type: h.kind === 'comment' ? 'comment' : 'history',
          commentDescription: h.text,
          createdDate: h.createdAt,
          postedBy: h.userId,
          actionId: h.actionId,
          stepId: h.toStepId,
          languageId: h.languageId,
        }));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/workflow/contentlet/:inode/actions',
      access: 'user',
      handler: async ({ params, principal }) =>
        (await engine.availableActions(params.inode!, principal)).map(actionView),
    }),
  ];
}
