import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { Principal } from '../../core/auth/principal.js';
import { serialisedReply, takesGzip } from '../http/serialised-reply.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route, type HttpRequest } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { NavItemSchema } from '../views/nav-item-schema.js';

const languageInvalid = (name: string) => new CmsError(Errors.NAV_LANGUAGE_ID_INVALID, undefined, { fieldName: name });

/**
 * `depth` and `languageId` as the original reads them; `language_id` too, the name the original's
 * JavaScript client sends (the original reads it through its request-language fallback).
 */
const NavQuery = Type.Object({
  depth: Type.Optional(
    Type.Integer({ [INVALID_AS]: () => new CmsError(Errors.NAV_DEPTH_INVALID, undefined, { fieldName: 'depth' }) }),
  ),
  languageId: Type.Optional(Type.Integer({ [INVALID_AS]: languageInvalid })),
  language_id: Type.Optional(Type.Integer({ [INVALID_AS]: languageInvalid })),
  host_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
type NavQueryValues = typeof NavQuery.static;

const ANSWERS = { 404: 'the root is not a folder of the site' } as const;
/** The service serialises the envelope itself (cached bytes): the tree's root is its entity. */
const RESPONSE = { schema: NavItemSchema };

/**
 * The navigation tree: `GET /api/v1/nav/{uri}` (and `/api/v1/nav/` for the site's root). Anonymous
 * callers are served as `CONTENT_APIS_ALLOW_ANONYMOUS` allows every content read; the service
 * answers the serialised envelope, cached, so the bytes are written as they are.
 */
export default defineRoutes('navigation', ['navigation'], ({ navigation }) => {
  const handler = async (request: HttpRequest, uri: string, query: NavQueryValues, principal: Principal | null) => {
    const answer = await navigation.answer(principal, {
      uri,
      depth: query.depth,
      languageId: query.languageId ?? query.language_id,
      host: request.headers.host,
      hostId: query.host_id,
    });
    return serialisedReply(answer, takesGzip(request.headers));
  };
  return [
    route({
      method: 'GET',
      path: '/api/v1/nav',
      access: 'optional',
      summary: "The navigation tree from the root of the request's site",
      query: NavQuery,
      answers: ANSWERS,
      response: RESPONSE,
      handler: ({ request, query, principal }) => handler(request, '/', query, principal),
    }),
    route({
      method: 'GET',
      path: '/api/v1/nav/*uri',
      access: 'optional',
      summary: "The navigation tree from a folder of the request's site, to a depth",
      params: Type.Object({ uri: Type.String({ maxLength: 4096 }) }),
      query: NavQuery,
      answers: ANSWERS,
      response: RESPONSE,
      handler: ({ request, params, query, principal }) => handler(request, params.uri, query, principal),
    }),
  ];
});
