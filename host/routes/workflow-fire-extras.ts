import { Type } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import { CmsError } from '../../core/errors/index.js';
import type { FireEngine, FireRequest } from '../../core/workflow/fire-engine.js';
import { parseLuceneQuery } from '../../core/search/lucene-query.js';
import { createSeparator, SEPARATOR } from '../../core/workflow/action-separator.js';
import { parseSystemAction, type SystemActionService } from '../../core/workflow/system-actions.js';
import { jsonOrMultipartBody } from '../http/json-or-multipart-body.js';
import { reply, route } from '../http/route.js';
import { actionView } from '../views/workflow-view.js';
import { historyEntryView } from '../views/workflow-status-view.js';
import { HistoryEntrySchema, SeparatorAnswerSchema } from '../views/workflow-answer-schemas.js';
import { defineRoutes } from './route-module.js';
import {
  FIRE_BODY_TYPES,
  FIRE_RESPONSE,
  fireAnswerBody,
  FireBody,
  FireQuery,
  fireRequestOf,
  FormData,
  indexPolicyOf,
  multipartAlias,
  submissionOf,
} from '../route-helpers/workflow-fire-form.js';

/** The fire body with the action named in it, for `PUT /api/v1/workflow/actions/fire`. */
const ByNameBody = Type.Composite([
  FireBody,
  Type.Object({ actionName: Type.Optional(Type.String({ maxLength: 255 })) }),
]);
const BY_NAME_BODY_TYPES = {
  ...FIRE_BODY_TYPES,
  'application/json': ByNameBody,
};

/** Several items for one system action: each member of `contentlets` is the form of one item. */
const ManyBody = Type.Object({
  contentlets: Type.Array(FormData, { maxItems: 1000 }),
  comments: Type.Optional(Type.String({ maxLength: 65_535 })),
  assign: Type.Optional(Type.String({ maxLength: 255 })),
});

/** The answer of the fires on several items, as the original gives it: one entry per item, and counts. */
const RESULTS_RESPONSE = {
  schema: Type.Object({
    results: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      description: 'One object per item: its identifier (or inode) → the fired version, or {inode, errorMessage}',
    }),
    summary: Type.Object({
      time: Type.Integer(),
      affected: Type.Integer(),
      successCount: Type.Integer(),
      failCount: Type.Integer(),
    }),
  }),
};

/** The PATCH body: the fire body, or a Lucene query naming the items the sent fields are merged into. */
const PatchBody = Type.Composite([
  FireBody,
  Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })) }),
]);
const PATCH_BODY_TYPES = { ...FIRE_BODY_TYPES, 'application/json': PatchBody };
const PatchQuery = Type.Composite([
  FireQuery,
  Type.Object({
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Skip this many matches of `query`' }),
    ),
  }),
]);
/** How many items one PATCH by query fires on; the next ones are reached with `offset`. */
const PATCH_QUERY_LIMIT = 500;

const SeparatorBody = Type.Object({
  schemeId: Type.String({ maxLength: 255 }),
  stepId: Type.String({ maxLength: 255 }),
});

const CommentBody = Type.Object({ comment: Type.String({ minLength: 1, maxLength: 65_535 }) });
const CommentQuery = Type.Object({ language: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })) });

/** One item of a fire on several: where it is, and what was sent for it. */
interface ItemFire {
  /** The key of its entry in the answer until the fire names the item. */
  key: string | undefined;
  inode: string | undefined;
  request: Omit<FireRequest, 'actionId' | 'principal'>;
}

/**
 * Fires a system action on each item in turn, each in its own transaction, the way the original
 * answers such fires: a failure is that item's entry (`inode`, `errorMessage`), never the whole
 * answer's; the summary counts both.
 */
async function fireEach(
  items: readonly ItemFire[],
  verb: string,
  principal: Principal,
  services: { engine: FireEngine; systemActions: SystemActionService; typeOf: Parameters<typeof fireAnswerBody>[1] },
) {
  // An unknown verb refuses the whole request, as the original's path parameter does.
  parseSystemAction(verb);
  const started = Date.now();
  const results: Array<Record<string, unknown>> = [];
  let failCount = 0;
  for (const item of items) {
    try {
      await services.engine.requireReadable({ inode: item.inode, submission: item.request.submission }, principal);
      const actionId = await services.systemActions.resolve(verb, {
        inode: item.inode,
        submission: item.request.submission,
      });
      const result = await services.engine.fire({ ...item.request, actionId, principal });
      results.push({ [item.key ?? result.identifier]: fireAnswerBody(result, services.typeOf) });
    } catch (err) {
      // Only the catalogue's errors are the item's own; anything else is a fault of the service.
      if (!(err instanceof CmsError)) throw err;
      failCount++;
      const key = item.key ?? item.request.submission?.contentType ?? 'unknown';
      results.push({ [key]: { inode: item.inode ?? null, errorMessage: err.message } });
    }
  }
  const summary = {
    time: Date.now() - started,
    affected: items.length,
    successCount: items.length - failCount,
    failCount,
  };
  return { results, summary };
}

/**
 * The original's other ways to fire: by action name (`PUT /api/v1/workflow/actions/fire`), a system
 * action on one item merging the sent fields (`PATCH .../default/fire/{systemAction}`) or on several
 * items (`POST .../default/fire/{systemAction}`); and comments on an item's workflow.
 */
export default defineRoutes(
  'workflow fire extras',
  ['fireEngine', 'systemActions', 'taskHistory', 'fields', 'uploads', 'storage', 'workflows', 'contentSearch'],
  ({ fireEngine: engine, systemActions, taskHistory, fields, uploads, storage, workflows, contentSearch }) => {
    const typeOf = fields.typeOf.bind(fields);
    const byNameBody = jsonOrMultipartBody(ByNameBody, uploads);
    const patchBody = jsonOrMultipartBody(PatchBody, uploads);
    /**
     * The working versions a PATCH's query matches that the caller may search, in the engine's order:
     * for callers who are not back-end users (who search live versions only), those that are live too.
     */
    const matching = async (principal: Principal, lucene: string, offset: number) => {
      const { items } = await contentSearch.search(
        principal,
        {
          query: {
            bool: {
              must: [parseLuceneQuery(lucene)],
              filter: [{ term: { working: true } }],
              must_not: [{ term: { deleted: true } }],
            },
          },
          from: offset,
          size: PATCH_QUERY_LIMIT,
        },
        { live: false },
      );
      return items.map(({ contentlet }) => contentlet.version);
    };
    const fireByName = route({
      method: 'PUT',
      path: '/api/v1/workflow/actions/fire',
      access: 'user',
      summary:
        "Fires the action named by actionName: one of the item's current step, else of its scheme (the first steps' for new content)",
      query: FireQuery,
      accepts: 'stream',
      bodyTypes: BY_NAME_BODY_TYPES,
      response: FIRE_RESPONSE,
      answers: {
        400: 'no action of that name for the item',
        404: 'no such item or content type',
        413: 'a file or the body is larger than allowed',
      },
      handler: ({ request, query, principal }) =>
        byNameBody(request, async (body) => {
          const fire = fireRequestOf(body, query);
          const actionId = await engine.actionIdByName(body?.actionName, fire, principal);
          const result = await engine.fire({ ...fire, actionId, principal });
          return reply(fireAnswerBody(result, typeOf), { messages: result.messages });
        }),
    });
    return [
      fireByName,
      multipartAlias(fireByName, '/api/v1/workflow/actions/firemultipart'),
      route({
        method: 'POST',
        path: '/api/v1/workflow/actions/separator',
        access: 'admin',
        summary:
          'Adds a separator to a step: an action named SEPARATOR that only divides menus (no sub-actions; the item stays in its step)',
        body: SeparatorBody,
        response: { schema: SeparatorAnswerSchema },
        answers: { 400: 'the step belongs to another scheme', 404: 'no such scheme or step' },
        handler: async ({ body, principal }) => ({
          ...actionView(await createSeparator(storage, workflows, { ...body, ownerId: principal.user.userId })),
          metadata: { subtype: SEPARATOR },
        }),
      }),
      route({
        method: 'PATCH',
        path: '/api/v1/workflow/actions/default/fire/:systemAction',
        access: 'user',
        summary:
          'Fires a system action merging the sent fields into the current version (the others keep their values): of one item, of every item a Lucene `query` matches (up to 500, then `offset`), or of a new item without identifier or inode',
        query: PatchQuery,
        accepts: 'stream',
        bodyTypes: PATCH_BODY_TYPES,
        response: RESULTS_RESPONSE,
        answers: {
          400: 'unknown system action, or a query that does not parse',
          413: 'a file or the body is larger than allowed',
        },
        handler: ({ params, request, query, principal }) =>
          patchBody(request, async (body) => {
            const { inode, submission, ...common } = fireRequestOf(body, query);
            if (body?.query !== undefined) {
              // Each match gets the sent fields merged into its own working version, in its own language.
              const items = (await matching(principal, body.query, query.offset ?? 0)).map((version): ItemFire => ({
                key: version.identifier,
                inode: version.inode,
                request: {
                  inode: version.inode,
                  submission: submission && {
                    ...submission,
                    identifier: version.identifier,
                    languageId: version.languageId,
                  },
                  ...common,
                },
              }));
              return fireEach(items, params.systemAction, principal, { engine, systemActions, typeOf });
            }
            const item: ItemFire = {
              key: submission?.identifier ?? inode,
              inode,
              // A fire on an existing item keeps the fields it does not send: the merge the original's PATCH makes.
              request: { inode, submission, ...common },
            };
            return fireEach([item], params.systemAction, principal, { engine, systemActions, typeOf });
          }),
      }),
      route({
        method: 'POST',
        path: '/api/v1/workflow/actions/default/fire/:systemAction',
        access: 'user',
        summary:
          'Fires a system action on each item of contentlets (new ones, or existing ones by identifier or inode), one by one',
        body: ManyBody,
        response: RESULTS_RESPONSE,
        answers: { 400: 'unknown system action' },
        handler: ({ params, body, principal }) => {
          const items = body.contentlets.map((form): ItemFire => {
            const inode = typeof form.inode === 'string' && form.inode !== '' ? form.inode : undefined;
            const { inode: _inode, ...rest } = form;
            const submission = submissionOf({ contentletFormData: rest }, {});
            return {
              key: submission?.identifier ?? inode,
              inode,
              request: {
                inode,
                submission: inode && !submission?.identifier ? undefined : submission,
                comment: body.comments,
                assign: body.assign,
                indexPolicy: indexPolicyOf({ contentletFormData: rest }, {}),
              },
            };
          });
          return fireEach(items, params.systemAction, principal, { engine, systemActions, typeOf });
        },
      }),
      route({
        method: 'POST',
        path: '/api/v1/workflow/:identifier/comments',
        access: 'user',
        summary: "Adds a comment to an item's workflow history (in `language`, else the default language)",
        query: CommentQuery,
        body: CommentBody,
        response: { schema: HistoryEntrySchema },
        answers: { 404: 'no such item in that language, or one the caller may not read' },
        handler: async ({ params, query, body, principal }) =>
          historyEntryView(await taskHistory.commentItem(principal, params.identifier, body.comment, query.language)),
      }),
    ];
  },
);
