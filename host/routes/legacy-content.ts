import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { LegacySaveRequest, LegacySaveResult } from '../../core/legacy-save/legacy-save-service.js';
import { parseIndexPolicy } from '../../core/search/index-policy.js';
import { parseContentType } from '../http/body-parsers.js';
import {
  MULTIPART_MEDIA_TYPE,
  readMultipartForm,
  type MultipartFile,
  type MultipartLimits,
} from '../http/multipart-form.js';
import type { IncomingRequest } from '../http/route.js';
import { reply, route } from '../http/route.js';
import { formatOf } from '../legacy-content/legacy-body.js';
import type { LegacyBodyReader } from '../legacy-content/legacy-body-reader.js';
import { interpretParts } from '../legacy-content/legacy-multipart.js';
import { parseLegacyPath } from '../legacy-content/legacy-path.js';
import { defineRoutes } from './route-module.js';

const BASE = '/api/content';

const SaveQuery = Type.Object({
  /** `json`: the answer's body is `{"inode","identifier"}` instead of empty. */
  type: Type.Optional(Type.String({ maxLength: 20 })),
  indexPolicy: Type.Optional(Type.String({ maxLength: 20 })),
});

/** The four formats of a legacy save, for the OpenAPI document: a flat map of fields in each. */
const Fields = Type.Record(Type.String(), Type.Unknown(), { description: 'Field variables and their values, flat' });
const SAVE_BODY_TYPES = {
  'application/json': Fields,
  'application/xml': Fields,
  'application/x-www-form-urlencoded': Fields,
  'multipart/form-data': Type.Object(
    {},
    {
      description:
        'Text parts are fields (or a `json`, `xml` or `urlencoded` part holding them); file parts go to Binary fields',
    },
  ),
};

/**
 * A save answers an empty body, the version named by the `Location`, `inode` and `identifier`
 * headers; with `type=json` (or `/type/json` in the path), the two ids as JSON.
 */
const SAVE_RESPONSE = {
  mediaType: 'text/plain',
  schema: Type.String({ maxLength: 0, description: 'Empty: see the Location, inode and identifier headers' }),
  alternatives: {
    'application/json': Type.Object({ inode: Type.String(), identifier: Type.String() }),
  },
};

type Uploads = { tempDir: string; limits: MultipartLimits };
type SavedForm = Pick<LegacySaveRequest<{ fileName: string }>, 'form' | 'files'>;

/**
 * Reads the members and files of a legacy save, in whichever of the four formats the body comes,
 * and runs `use` with them. Files are spooled to disk as they arrive and removed once `use` is done;
 * members are read by `bodies` (large ones on a worker thread), at most `legacy.content.max.values`
 * of them in the whole body.
 */
async function withForm<R>(
  request: IncomingRequest,
  { uploads, bodies }: { uploads: Uploads; bodies: LegacyBodyReader },
  use: (sent: SavedForm) => Promise<R>,
) {
  const contentType = parseContentType(request.headers['content-type']);
  if (contentType?.mediaType === MULTIPART_MEDIA_TYPE) {
    const multipart = await readMultipartForm(request, uploads);
    try {
      const { form, files } = await interpretParts(multipart.parts, {
        maxValues: bodies.limits.maxValues,
        readText: (file) => readBack(file, uploads.limits),
        readPart: (format, text, maxValues) => bodies.read(format, text, maxValues),
      });
      // The spooled file itself goes to the Binary field, which stores it by copying.
      return await use({ form, files: files.map((file) => ({ fileName: file.fileName, file })) });
    } finally {
      await multipart.dispose();
    }
  }
  const format = contentType && formatOf(contentType.mediaType);
  if (!format) throw new CmsError(Errors.HTTP_MEDIA_TYPE_UNSUPPORTED, undefined, { fieldName: 'Content-Type' });
  await request.readBody();
  if (request.rawBody.length === 0) throw new CmsError(Errors.HTTP_BODY_REQUIRED);
  const { form } = await bodies.read(format, request.rawBody);
  return use({ form, files: [] });
}

/** A `json`, `xml` or `urlencoded` part sent as a file, read back: no larger than a text part may be. */
async function readBack(file: MultipartFile, limits: MultipartLimits): Promise<string> {
  if (file.size > limits.maxFieldBytes) {
    throw new CmsError(Errors.HTTP_UPLOAD_PART_TOO_LARGE, { name: file.name, limit: limits.maxFieldBytes });
  }
  return readFile(file.path, 'utf8');
}

/** 200 with an empty body and where to read the version; `type=json` puts the two ids in the body. */
function answer({ inode, identifier }: LegacySaveResult, answerType: string | undefined) {
  const headers = { Location: `${BASE}/inode/${inode}`, inode, identifier };
  if (answerType?.toLowerCase() === 'json') return reply({ inode, identifier }, { headers });
  return reply('', { headers: { ...headers, 'Content-Type': 'text/plain' } });
}

/**
 * The legacy content save (deprecated; the workflow fire endpoints replace it):
 * `PUT|POST /api/content/{save|publish|action name or id}/1[/wfActionComments/{c}][/wfActionAssign/{id}]`
 * with the members as JSON, XML, a url-encoded form or multipart (files for the Binary fields).
 * Every save is a workflow fire.
 */
export default defineRoutes(
  'legacy content save',
  ['legacySave', 'uploads', 'legacyBodies'],
  ({ legacySave, uploads, legacyBodies }) => {
    const save = (method: 'PUT' | 'POST') =>
      route({
        method,
        path: `${BASE}/*operation`,
        access: 'optional',
        summary: 'Saves, publishes or fires a named action on content from a flat map of fields (legacy)',
        query: SaveQuery,
        // Read by the handler, by its Content-Type: the formats and the multipart parts need their own
        // readers, and a caller who could not save is refused before a byte of it is read.
        accepts: 'stream',
        bodyTypes: SAVE_BODY_TYPES,
        response: SAVE_RESPONSE,
        answers: {
          404: 'no such action, content type or item',
          409: 'the item is locked by another user',
          413: 'a file or the body is larger than allowed, or the body holds too many values',
          415: 'a body in another format',
        },
        handler: async ({ request, query, principal }) => {
          legacySave.caller(principal);
          const path = parseLegacyPath(request.path.slice(BASE.length));
          await legacySave.admit(principal, path.operation);
          const saved = await withForm(request, { uploads, bodies: legacyBodies }, ({ form, files }) =>
            legacySave.save({
              principal,
              operation: path.operation,
              comment: path.comment,
              assign: path.assign,
              form,
              files,
              indexPolicy: parseIndexPolicy(query.indexPolicy ?? form.indexPolicy),
            }),
          );
          return answer(saved, query.type ?? path.answerType);
        },
      });
    const noOperation = (method: 'PUT' | 'POST') =>
      route({
        method,
        path: BASE,
        access: 'optional',
        summary: 'A legacy save without an operation: refused with the forms that work',
        answers: { 400: 'always: the path names no operation' },
        response: { schema: Type.Never() },
        // Refused before the body is read.
        accepts: 'stream',
        handler: () => {
          throw new CmsError(Errors.LEGACY_OPERATION_MISSING);
        },
      });
    return [save('PUT'), save('POST'), noOperation('PUT'), noOperation('POST')];
  },
);
