import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route } from '../http/route.js';
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

const ANSWERS = {
  403: 'the caller may read the item but not change it',
  404: 'no such item (or version) in that language, or one the caller may not read',
  409: 'another user holds the lock (administrators take it over)',
};

/**
 * Locks by hand, as the original's v1 content endpoints offer them: `_canlock`, `_lock` and
 * `_unlock`, each naming the item by identifier (`language` picks the version) or inode.
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
