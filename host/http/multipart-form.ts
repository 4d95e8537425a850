import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyEvents, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { CmsError, Errors } from '../../core/errors/index.js';
import { trustSpooledFile } from '../../core/plugin/spooled-file.js';
import { parseContentType } from './body-parsers.js';
import type { IncomingRequest } from './route.js';

export interface MultipartField {
  kind: 'field';
  name: string;
  /** lower-case media type of the part, 'text/plain' when it names none */
  contentType: string;
  value: string;
}

export interface MultipartFile {
  kind: 'file';
  name: string;
  /** the name the client sent, unsanitised (callers sanitise) */
  fileName: string;
  contentType: string;
  /** a temporary file under the data directory, removed by dispose() */
  path: string;
  size: number;
}

export type MultipartPart = MultipartField | MultipartFile;

export interface MultipartForm {
  /** in the order sent */
  parts: MultipartPart[];
  /** removes the temporary files; safe to call twice */
  dispose(): Promise<void>;
}

export interface MultipartLimits {
  maxParts: number;
  maxFieldBytes: number;
  maxFileBytes: number;
  maxFiles: number;
  /**
   * All text parts together, which are held in memory (413 `HTTP_BODY_TOO_LARGE` past it); when
   * left out, only each part's `maxFieldBytes` bounds them. The service passes `http.max.body.bytes`.
   */
  maxFieldsTotalBytes?: number;
}

export const MULTIPART_MEDIA_TYPE = 'multipart/form-data';
/** Header lines of one part: a form part has two or three. */
const MAX_PART_HEADERS = 20;

const invalid = (problem: string) => new CmsError(Errors.HTTP_BODY_MULTIPART_INVALID, { problem });
const tooLarge = (name: string, limit: number) => new CmsError(Errors.HTTP_UPLOAD_PART_TOO_LARGE, { name, limit });

/**
 * Reads a `multipart/form-data` request as it arrives: text parts into memory (each at most
 * `maxFieldBytes`), file parts into temporary files under `tempDir`, each in a directory of its own
 * request (`<tempDir>/<random>/<random>`: the client's file name is never a path). Resolves once
 * every part is on disk; the caller disposes of the form when done with it.
 *
 * Throws the catalogue error to answer (400 for a malformed body or too many parts or files, 413
 * for a part or body too large), or the stream's own when the client goes away; every temporary
 * file of the request is removed before it throws.
 */
export async function readMultipartForm(
  request: IncomingRequest,
  options: { tempDir: string; limits: MultipartLimits },
): Promise<MultipartForm> {
  const { limits } = options;
  const header = request.headers['content-type'];
  if (parseContentType(header)?.mediaType !== MULTIPART_MEDIA_TYPE)
    throw invalid(`the body is not sent as ${MULTIPART_MEDIA_TYPE}`);
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { 'content-type': header! },
      // The name as sent: callers sanitise it, and must see what they sanitise.
      preservePath: true,
      // A part is a file when it names one, as browsers send them; any other part is text.
      isPartAFile: (_name, _type, fileName) => fileName !== undefined,
      limits: {
        parts: limits.maxParts,
        fields: limits.maxParts,
        files: limits.maxFiles,
        fieldSize: limits.maxFieldBytes,
        fileSize: limits.maxFileBytes,
        headerPairs: MAX_PART_HEADERS,
      },
    });
  } catch {
    throw invalid('the Content-Type names no boundary');
  }
  const dir = join(options.tempDir, randomUUID());
  let disposed: Promise<void> | undefined;
  const form: MultipartForm = {
    parts: [],
    dispose: () => (disposed ??= rm(dir, { recursive: true, force: true })),
  };
  const source = request.bodyStream ? request.bodyStream() : await wholeBody(request);
  return new Promise<MultipartForm>((resolve, reject) => {
    const spooling: Array<Promise<void>> = [];
    const files = new Set<BusboyFileStream>();
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      for (const file of files) file.destroy();
      // Every write has stopped before the directory goes, or a late one would leave a file behind.
      void Promise.allSettled(spooling)
        .then(() => form.dispose())
        .finally(() => reject(error));
    };
    const spool = (file: MultipartFile, stream: BusboyFileStream): Promise<void> => {
      files.add(stream);
      // A body cut inside this file is reported by the parser too, and answered there; the file's own
      // report must not end the process while its directory is still being made.
      stream.on('error', () => undefined);
      stream.once('limit', () => fail(tooLarge(file.name, limits.maxFileBytes)));
      return mkdir(dir, { recursive: true })
        .then(() => {
          // Given up while the directory was made: no file at all (a pipeline from a destroyed stream never settles).
          if (failed) return;
          const out = createWriteStream(file.path, { flags: 'wx' });
          return pipeline(stream, out).then(() => void (file.size = out.bytesWritten));
        })
        .catch((error: Error) => fail(error))
        .finally(() => files.delete(stream));
    };

    // Busboy's listeners take five and six arguments; only some are of use here.
    let fieldBytes = 0;
    parser.on('field', (...[name, value, , valueTruncated, , type]: Parameters<BusboyEvents['field']>) => {
      if (failed) return;
      if (!name) return fail(invalid('a part has no name'));
      if (valueTruncated) return fail(tooLarge(name, limits.maxFieldBytes));
      fieldBytes += Buffer.byteLength(value);
      if (fieldBytes > (limits.maxFieldsTotalBytes ?? Infinity)) return fail(new CmsError(Errors.HTTP_BODY_TOO_LARGE));
      form.parts.push({ kind: 'field', name, contentType: type, value });
    });
    parser.on('file', (...[name, stream, fileName, , type]: Parameters<BusboyEvents['file']>) => {
      if (failed || !name) {
        stream.resume();
        if (!failed) fail(invalid('a part has no name'));
        return;
      }
      // Trusted: field types store only files the service spooled itself (see `trustSpooledFile`).
      const file = trustSpooledFile<MultipartFile>({
        kind: 'file',
        name,
        fileName,
        contentType: type,
        path: join(dir, randomUUID()),
        size: 0,
      });
      form.parts.push(file);
      spooling.push(spool(file, stream));
    });
    parser.on('partsLimit', () => fail(invalid(`more than ${limits.maxParts} parts`)));
    parser.on('fieldsLimit', () => fail(invalid(`more than ${limits.maxParts} parts`)));
    parser.on('filesLimit', () => fail(invalid(`more than ${limits.maxFiles} files`)));
    parser.on('error', (error: Error) =>
      fail(
        invalid(/unexpected end/i.test(error.message) ? 'the body ends before its closing boundary' : error.message),
      ),
    );
    parser.on('finish', () => {
      void Promise.all(spooling).then(() => {
        if (!failed) resolve(form);
      });
    });
    // The body's own failures (too large, the client gone) are answered as they are.
    source.on('error', fail);
    source.pipe(parser);
  });
}

/** A request without a stream of its body (made in-process): its body, read whole, as one. */
async function wholeBody(request: IncomingRequest): Promise<Readable> {
  await request.readBody();
  return Readable.from([request.rawBody]);
}
