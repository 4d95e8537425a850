import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { parseLegacyReadPath } from '../legacy-content/legacy-read-path.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route, type IncomingRequest } from '../http/route.js';
import { ContentletSchema, contentletView } from '../views/contentlet-view.js';
import { EpochMillis } from '../views/schema-parts.js';
import { defineRoutes } from './route-module.js';

/** `language`: the item's language when named by identifier; the default language when left out. */
const LockQuery = Type.Object({
  language: Type.Optional(
    Type.Integer({
      minimum: -1,
      maximum: 999_999_999,
      description: 'The language of the item named by identifier; -1 or absent: the default language',
      [INVALID_AS]: (name: string) => new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: name }),
    }),
  ),
});

const languageOf = (query: { language?: number }) =>
  query.language === undefined || query.language <= 0 ? undefined : query.language;

const LockStatusSchema = Type.Object({
  canLock: Type.Boolean({ description: 'Whether the caller may take the lock now' }),
  locked: Type.Boolean(),
  lockedBy: Type.Optional(Type.String({ description: 'While locked: the user id of the holder' })),
  lockedOn: Type.Optional(EpochMillis),
  lockedByName: Type.Optional(Type.String({ description: "While locked: the holder's name" })),
  inode: Type.String(),
  id: Type.String({ description: 'The identifier' }),
});

/** The legacy lock answers: the item's ids, what was done, and the status again (`return`). */
const LegacyLockSchema = Type.Object({
  inode: Type.String(),
  id: Type.String(),
  message: Type.Union([Type.Literal('locked'), Type.Literal('unlocked')]),
  return: Type.Literal(200),
});
const LegacyCanLockSchema = Type.Composite([LockStatusSchema, Type.Object({ return: Type.Literal(200) })]);

/** The item a legacy lock path names: `/id/{identifier}` (with `/language/{n}`) or `/inode/{inode}`. */
function legacyTarget(request: IncomingRequest, base: string) {
  const path = parseLegacyReadPath(request.path.slice(base.length));
  const id = path.inode ?? path.id;
  if (!id) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: '' });
  return { id, languageId: path.inode ? undefined : path.languageId };
}

const ANSWERS = {
  403: 'the caller may read the item but not change it',
  404: 'no such item (or version) in that language, or one the caller may not read',
  409: 'another user holds the lock (administrators take it over)',
};

/**
 * Locks by hand, as the original's v1 content endpoints offer them: `_canlock`, `_lock` and
 * `_unlock`, each naming the item by identifier (`language` picks the version) or inode; and the
 * legacy `PUT /api/content/{lock|unlock|canLock}/id/{identifier}` forms. These are declared before
 * the legacy save, whose path would otherwise take `lock` for the name of an action.
 */
export default defineRoutes('content locks', ['contentLocks', 'fields'], ({ contentLocks, fields }) => {
  const typeOf = fields.typeOf.bind(fields);
  return [
    route({
      method: 'GET',
      path: '/api/v1/content/_canlock/:id',
      access: 'user',
      summary: 'Whether the caller may lock an item, and who holds its lock',
      query: LockQuery,
      answers: { 404: ANSWERS[404] },
      response: { schema: LockStatusSchema },
      handler: ({ params, query, principal }) => contentLocks.status(principal, params.id, languageOf(query)),
    }),
    route({
      method: 'PUT',
      path: '/api/v1/content/_lock/:id',
      access: 'user',
      summary: 'Locks an item for the caller; answers the item',
      query: LockQuery,
      answers: ANSWERS,
      response: { schema: ContentletSchema },
      handler: async ({ params, query, principal }) =>
        contentletView(await contentLocks.lock(principal, params.id, languageOf(query)), typeOf),
    }),
    ...(['lock', 'unlock'] as const).map((verb) =>
      route({
        method: 'PUT',
        path: `/api/content/${verb}/*params`,
        access: 'user',
        summary: `${verb === 'lock' ? 'Locks' : 'Unlocks'} an item named by /id/{identifier} (with /language/{n}) or /inode/{inode} (legacy answer)`,
        answers: ANSWERS,
        response: { schema: LegacyLockSchema },
        handler: async ({ request, principal }) => {
          const { id, languageId } = legacyTarget(request, `/api/content/${verb}`);
          const { contentlet } = await contentLocks[verb](principal, id, languageId);
          const message = verb === 'lock' ? ('locked' as const) : ('unlocked' as const);
          return {
            inode: contentlet.version.inode,
            id: contentlet.identifier.identifier,
            message,
            return: 200 as const,
          };
        },
      }),
    ),
    route({
      method: 'PUT',
      path: '/api/content/canLock/*params',
      access: 'user',
      summary: 'Whether the caller may lock an item named by /id/{identifier} or /inode/{inode} (legacy answer)',
      answers: { 404: ANSWERS[404] },
      response: { schema: LegacyCanLockSchema },
      handler: async ({ request, principal }) => {
        const { id, languageId } = legacyTarget(request, '/api/content/canLock');
        return { ...(await contentLocks.status(principal, id, languageId)), return: 200 as const };
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/content/_unlock/:id',
      access: 'user',
      summary: "Releases an item's lock; answers the item",
      query: LockQuery,
      answers: ANSWERS,
      response: { schema: ContentletSchema },
      handler: async ({ params, query, principal }) =>
        contentletView(await contentLocks.unlock(principal, params.id, languageOf(query)), typeOf),
    }),
  ];
});
