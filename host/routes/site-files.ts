import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { fileReply } from '../http/file-reply.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route } from '../http/route.js';
import { fileAnswer } from '../views/file-answer.js';
import { defineRoutes } from './route-module.js';

/** The original's language parameter of front-end requests. */
const FileQuery = Type.Object({
  language_id: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 999_999_999,
      [INVALID_AS]: (name: string) => new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: name }),
    }),
  ),
});

/** Paths of the service's own interfaces: never looked up as a file on a site. */
const RESERVED = /^\/(api|dA)(\/|$)/i;

const Segment = Type.String({ minLength: 1, maxLength: 255 });

const FILE_ANSWERS = { 304: 'the caller holds the current version', 404: 'no published file here' } as const;
const FILE_BYTES = fileAnswer("The file's bytes, of its media type");

/**
 * Files served as a site serves them: `GET /{path}` on the site the `Host` header names (its name,
 * one of its aliases, else the default site), and the original's short asset URLs
 * `/dA/{identifier|shorty|inode}[/{field}][/{name}]`. Registered last: every other route wins.
 * What `/dA/` serves was uploaded into some item's field, not put on a site to run there: scripts,
 * HTML, SVG and XML are downloads there (see `fileReply`); images, PDFs and the like stay inline.
 */
export default defineRoutes('site-files', ['fileDelivery'], ({ fileDelivery }) => {
  const shortUrl = route({
    method: 'GET',
    path: '/dA/:id',
    access: 'optional',
    summary: "A published file by its item's identifier, shorty or inode (the fileAsset field)",
    params: Type.Object({ id: Segment }),
    query: FileQuery,
    answers: FILE_ANSWERS,
    response: FILE_BYTES,
    handler: async ({ request, params, query, principal }) =>
      fileReply(
        request,
        await fileDelivery.byShortUrl(principal, { id: params.id, languageId: query.language_id }),
        principal === null,
        'upload',
      ),
  });
  const withField = (path: '/dA/:id/:field' | '/dA/:id/:field/*name') =>
    route({
      method: 'GET',
      path,
      access: 'optional',
      summary: 'A published file of the named Binary field (the trailing name is for the browser)',
      params: Type.Object({ id: Segment, field: Segment, name: Type.Optional(Type.String({ maxLength: 1024 })) }),
      query: FileQuery,
      answers: FILE_ANSWERS,
      response: FILE_BYTES,
      handler: async ({ request, params, query, principal }) =>
        fileReply(
          request,
          await fileDelivery.byShortUrl(principal, {
            id: params.id,
            field: params.field,
            languageId: query.language_id,
          }),
          principal === null,
          'upload',
        ),
    });
  return [
    shortUrl,
    withField('/dA/:id/:field'),
    withField('/dA/:id/:field/*name'),
    route({
      method: 'GET',
      path: '/*path',
      access: 'optional',
      summary: 'A published file by its path on the site the Host header names',
      params: Type.Object({ path: Type.String({ maxLength: 4096 }) }),
      query: FileQuery,
      answers: FILE_ANSWERS,
      response: FILE_BYTES,
      handler: async ({ request, query, principal }) => {
        if (RESERVED.test(request.path)) throw new CmsError(Errors.HTTP_ROUTE_NOT_FOUND);
        const file = await fileDelivery.byPath(principal, {
          host: request.headers.host,
          // The path as sent, each segment decoded: an encoded `..` or `/` is refused, never resolved.
          path: decodedPath(request.path),
          languageId: query.language_id,
        });
        return fileReply(request, file, principal === null);
      },
    }),
  ];
});

/** Each segment percent-decoded on its own; a segment that decodes to a `/` cannot name a file. */
function decodedPath(raw: string): string {
  return raw
    .split('/')
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return '\u0000';
      }
      return decoded.includes('/') ? '\u0000' : decoded;
    })
    .join('/');
}
