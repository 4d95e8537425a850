import { Type } from '@sinclair/typebox';
import type { ContentReader } from '../../core/content/content-reader.js';
import { contentletMap } from '../../core/content/contentlet-map.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import { serialisedReply, takesGzip } from '../http/serialised-reply.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route } from '../http/route.js';
import { LegacyContentletsSchema } from '../views/contentlet-map-schema.js';
import { ContentletSchema } from '../views/contentlet-view.js';
import { defineRoutes } from './route-module.js';

const LanguageId = Type.Integer({
  minimum: 0,
  maximum: 999_999_999,
  [INVALID_AS]: (name: string) => new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: name }),
});

/** `live` and the language of a read, in the original's words when they are malformed. */
const ReadQuery = Type.Object({
  live: Type.Optional(
    Type.Boolean({
      [INVALID_AS]: () => new CmsError(Errors.CONTENT_LIVE_INVALID, undefined, { fieldName: 'live' }),
    }),
  ),
  language: Type.Optional(LanguageId),
  languageId: Type.Optional(LanguageId),
});
type ReadQuery = { live?: boolean; language?: number; languageId?: number };

/** Outside the envelope (not an enveloped path), as the original's legacy interface answers. */
const LEGACY_RESPONSE = { schema: LegacyContentletsSchema };

const readOptions = (query: ReadQuery) => ({ live: query.live, languageId: query.language ?? query.languageId });

/**
 * Reading content: the legacy interface (`/api/content/id/{identifier}`, `/api/content/inode/{inode}`,
 * answering `{"contentlets": [...]}`, live by default; with more options in the path, the legacy read
 * of `legacy-content-read.ts`) and `/api/v1/content/{identifierOrInode}`
 * (envelope; signed-in users get the working version unless `live=true`).
 */
export default defineRoutes(
  'content',
  ['contentReader', 'contentAnswers', 'fields'],
  ({ contentReader: reader, contentAnswers, fields }) => {
    const typeOf = fields.typeOf.bind(fields);
    const legacy = (found: Awaited<ReturnType<ContentReader['byInode']>>) => ({
      contentlets: [contentletMap(found.contentlet, found.type, found.fields, typeOf)],
    });
    return [
      route({
        method: 'GET',
        path: '/api/content/id/:identifier',
        access: 'optional',
        summary: 'The live version of an item (legacy answer: {"contentlets": [...]})',
        query: ReadQuery,
        answers: { 404: 'no such item, or no version to show' },
        response: LEGACY_RESPONSE,
        handler: async ({ params, query, principal }) =>
          legacy(await reader.byIdentifier(principal, params.identifier, { ...readOptions(query), defaultLive: true })),
      }),
      route({
        method: 'GET',
        path: '/api/content/inode/:inode',
        access: 'optional',
        summary: 'One version of an item (legacy answer)',
        answers: { 404: 'no such version' },
        response: LEGACY_RESPONSE,
        handler: async ({ params, principal }) => legacy(await reader.byInode(principal, params.inode)),
      }),
      route({
        method: 'GET',
        path: '/api/v1/content/:id',
        access: 'optional',
        summary: 'An item by identifier or inode; signed-in users get the working version unless live=true',
        query: ReadQuery,
        answers: { 404: 'no such item' },
        response: { schema: ContentletSchema },
        // Serialised once per version and kept (`ContentAnswers`): the bytes are written as they are.
        handler: async ({ request, params, query, principal }) => {
          const gzip = takesGzip(request.headers);
          const options = { ...readOptions(query), gzip };
          return serialisedReply(await contentAnswers.byIdentifierOrInode(principal, params.id, options), gzip);
        },
      }),
    ];
  },
);
