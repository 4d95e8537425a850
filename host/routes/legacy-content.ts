import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { LegacySaveResult } from '../../core/legacy-save/legacy-save-service.js';
import { parseIndexPolicy } from '../../core/search/index-policy.js';
import { parseContentType } from '../http/body-parsers.js';
import type { HttpRequest } from '../http/route.js';
import { reply, route } from '../http/route.js';
import { bufferedParts } from '../legacy-content/buffered-multipart.js';
import { formatOf, legacyFormOfBody } from '../legacy-content/legacy-body.js';
import { interpretParts } from '../legacy-content/legacy-multipart.js';
import { parseLegacyPath } from '../legacy-content/legacy-path.js';
import { defineRoutes } from './route-module.js';

const BASE = '/api/content';

const SaveQuery = Type.Object({
  /** `json`: the answer's body is `{"inode","identifier"}` instead of empty. */
  type: Type.Optional(Type.String({ maxLength: 20 })),
  indexPolicy: Type.Optional(Type.String({ maxLength: 20 })),
});

/** The members and files of a legacy save, in whichever of the four formats the body came. */
async function formOf(request: HttpRequest) {
  const contentType = parseContentType(request.headers['content-type']);
  if (request.rawBody.length === 0) throw new CmsError(Errors.HTTP_BODY_REQUIRED);
  if (contentType?.mediaType === 'multipart/form-data') {
    return interpretParts(bufferedParts(request.rawBody, contentType), async (file) => file.content.toString('utf8'));
  }
  const format = contentType && formatOf(contentType.mediaType);
  if (!format) throw new CmsError(Errors.HTTP_MEDIA_TYPE_UNSUPPORTED);
  return { form: legacyFormOfBody(format, request.rawBody), files: [] };
}

/** 200 with an empty body and where to read the version; `type=json` puts the two ids in the body. */
function answer({ inode, identifier }: LegacySaveResult, answerType: string | undefined) {
  const headers = { Location: `${BASE}/inode/${inode}`, inode, identifier };
  if (answerType?.toLowerCase() === 'json') return reply({ inode, identifier }, { headers, envelope: false });
  return reply('', { headers: { ...headers, 'Content-Type': 'text/plain' }, envelope: false });
}

/**
 * The legacy content save (deprecated; the workflow fire endpoints replace it):
 * `PUT|POST /api/content/{save|publish|action name or id}/1[/wfActionComments/{c}][/wfActionAssign/{id}]`
 * with the members as JSON, XML, a url-encoded form or multipart (files for the Binary fields).
 * Every save is a workflow fire.
 */
export default defineRoutes('legacy content save', ({ legacySave }) => {
  const save = (method: 'PUT' | 'POST') =>
    route({
      method,
      path: `${BASE}/*operation`,
      access: 'optional',
      summary: 'Saves, publishes or fires a named action on content from a flat map of fields (legacy)',
      query: SaveQuery,
      // Read here by its Content-Type: the formats and the multipart parts need the service's own readers.
      accepts: 'raw',
      answers: { 404: 'no such action, content type or item', 409: 'the item is locked by another user' },
      handler: async ({ request, query, principal }) => {
        legacySave.caller(principal);
        const path = parseLegacyPath(request.path.slice(BASE.length));
        const { form, files } = await formOf(request);
        const saved = await legacySave.save({
          principal,
          operation: path.operation,
          comment: path.comment,
          assign: path.assign,
          form,
          files,
          indexPolicy: parseIndexPolicy(query.indexPolicy ?? form.indexPolicy),
        });
        return answer(saved, query.type ?? path.answerType);
      },
    });
  const noOperation = (method: 'PUT' | 'POST') =>
    route({
      method,
      path: BASE,
      access: 'optional',
      summary: 'A legacy save without an operation: refused with the forms that work',
      accepts: 'raw',
      handler: () => {
        throw new CmsError(Errors.LEGACY_OPERATION_MISSING);
      },
    });
  return [save('PUT'), save('POST'), noOperation('PUT'), noOperation('POST')];
});
