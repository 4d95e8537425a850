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

/** The body as `use` gets it: the members `schema` checked, and the files of a multipart body. */
export type WithFiles<T> = T & { files?: MultipartFile[] };

/**
 * Reads the body of a route that takes JSON, or multipart with the JSON in a `json` part, text
 * parts as members beside it and files listed under `files` (spooled to disk, never held in
 * memory), then checks it against `schema`. `use` runs with the body; the spooled files are removed
 * once it is done, whatever it answers. An empty body is `undefined`.
 *
 * `files` is the reader's own member: only file parts fill it. A client that sends a member of
 * that name (in JSON, the `json` part or a text part) is refused, so that nothing it writes can
 * pass for a file the service spooled.
 */
export function jsonOrMultipartBody<S extends TSchema>(
  schema: S,
  uploads: { tempDir: string; limits: MultipartLimits },
): <R>(request: IncomingRequest, use: (body: WithFiles<Static<S>> | undefined) => Promise<R>) => Promise<R> {
  const checkMembers = compileBodyReader(schema);
  const check = (members: unknown): WithFiles<Static<S>> => {
    if (members !== null && typeof members === 'object' && Object.hasOwn(members, FILES))
      throw new CmsError(
        Errors.HTTP_BODY_INVALID,
        { problem: 'files are sent as the file parts of a multipart body, never as a member' },
        { fieldName: FILES },
      );
    // Checked to have no `files`: the reader alone adds them.
    return checkMembers(members) as WithFiles<Static<S>>;
  };
  return async (request, use) => {
    const mediaType = parseContentType(request.headers['content-type'])?.mediaType ?? JSON_MEDIA_TYPE;
    if (mediaType === MULTIPART_MEDIA_TYPE) {
      const form = await readMultipartForm(request, uploads);
      try {
        const files = form.parts.filter((part): part is MultipartFile => part.kind === 'file');
        const body = check(membersOf(form));
        if (files.length > 0) body.files = files;
        return await use(body);
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

/** The reader's member: the file parts of a multipart body. */
const FILES = 'files';

/** The text of the form as one body: the `json` part's members, and the other text parts (first one of a name wins). */
function membersOf(form: MultipartForm): Record<string, unknown> {
  // Without a prototype: a `__proto__` member (of the json part, or a part's name) stays a member
  // and cannot give the body inherited members, `files` among them.
  const body = Object.create(null) as Record<string, unknown>;
  for (const part of form.parts) {
    if (part.kind === 'file') continue;
    if (part.name === 'json') {
      const json = jsonBodyParser.parse(Buffer.from(part.value), { mediaType: JSON_MEDIA_TYPE, parameters: {} });
      if (json === null || typeof json !== 'object' || Array.isArray(json))
        throw new CmsError(Errors.HTTP_BODY_MULTIPART_INVALID, { problem: 'the json part is not a JSON object' });
      Object.assign(body, json);
    } else body[part.name] ??= part.value;
  }
  return body;
}
