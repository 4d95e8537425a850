import type { TSchema, Static } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { JSON_MEDIA_TYPE, jsonBodyParser, parseContentType } from './body-parsers.js';
import {
  MULTIPART_MEDIA_TYPE,
  readMultipartForm,
  type MultipartFile,
  type MultipartForm,
  type MultipartLimits,
} from './multipart-form.js';
import { compileBodyReader } from './request-reader.js';
import type { IncomingRequest } from './route.js';

/**
 * Reads the body of a route that takes JSON, or multipart with the JSON in a `json` part, text
 * parts as members beside it and files listed under `files` (spooled to disk, never held in
 * memory), then checks it against `schema`. `use` runs with the body; the spooled files are removed
 * once it is done, whatever it answers. An empty body is `undefined`.
 */
export function jsonOrMultipartBody<S extends TSchema>(
  schema: S,
  uploads: { tempDir: string; limits: MultipartLimits },
): <R>(request: IncomingRequest, use: (body: Static<S> | undefined) => Promise<R>) => Promise<R> {
  const check = compileBodyReader(schema);
  return async (request, use) => {
    const mediaType = parseContentType(request.headers['content-type'])?.mediaType ?? JSON_MEDIA_TYPE;
    if (mediaType === MULTIPART_MEDIA_TYPE) {
      const form = await readMultipartForm(request, uploads);
      try {
        return await use(check(membersOf(form)));
      } finally {
        await form.dispose();
      }
    }
    if (mediaType !== JSON_MEDIA_TYPE && !mediaType.endsWith('+json'))
      // The original's words for this refusal.
      throw new CmsError(Errors.HTTP_MEDIA_TYPE_UNSUPPORTED, undefined, { fieldName: 'Content-Type' });
    await request.readBody();
    if (request.rawBody.length === 0) return use(undefined);
    return use(check(jsonBodyParser.parse(request.rawBody, { mediaType, parameters: {} })));
  };
}

/** The form as one body: the `json` part's members, the other text parts (first one of a name wins), and `files`. */
function membersOf(form: MultipartForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const files: MultipartFile[] = [];
  for (const part of form.parts) {
    if (part.kind === 'file') files.push(part);
    else if (part.name === 'json') {
      const json = jsonBodyParser.parse(Buffer.from(part.value), { mediaType: JSON_MEDIA_TYPE, parameters: {} });
      if (json === null || typeof json !== 'object' || Array.isArray(json))
        throw new CmsError(Errors.HTTP_BODY_MULTIPART_INVALID, { problem: 'the json part is not a JSON object' });
      Object.assign(body, json);
    } else body[part.name] ??= part.value;
  }
  if (files.length > 0) body.files = files;
  return body;
}
