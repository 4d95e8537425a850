import { CmsError, Errors } from '../../core/errors/index.js';
import { jsonBodyParser, type BodyParser } from './body-parsers.js';

/** A file part of a multipart body. */
export interface UploadedPart {
  /** The part's name in the form (`file`, or a field variable). */
  name: string;
  /** The name the client gave the file. */
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** More parts than any form has: a body of thousands of empty parts is refused rather than walked. */
const MAX_PARTS = 1000;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

const invalid = (problem: string) => new CmsError(Errors.HTTP_BODY_MULTIPART_INVALID, { problem });

/** `form-data; name="json"; filename="a.txt"` → its parameters (RFC 7578; `filename*` preferred when present). */
function dispositionOf(header: string): { name?: string; fileName?: string } {
  const parameters: Record<string, string> = {};
  for (const match of header.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    parameters[match[1]!.toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
  }
  const extended = parameters['filename*']?.match(/^UTF-8''(.*)$/i)?.[1];
  let fileName = parameters.filename;
  if (extended !== undefined) {
    try {
      fileName = decodeURIComponent(extended);
    } catch {
      // A malformed extended name leaves the plain one.
    }
  }
  return { name: parameters.name, fileName };
}

/**
 * `multipart/form-data`, as the original's multipart endpoints take it: a part named `json` holds
 * the JSON body, other text parts are members of it, and file parts are listed under `files` (in
 * the order sent) for the route to place. Parts are views of the request body, never copies.
 */
export const multipartBodyParser: BodyParser = {
  mediaTypes: ['multipart/form-data'],
  parse(raw, contentType) {
    const boundary = contentType.parameters.boundary;
    if (!boundary) throw invalid('the Content-Type names no boundary');
    const delimiter = Buffer.from(`--${boundary}`);
    const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
    let position = raw.indexOf(delimiter);
    if (position < 0) throw invalid('the boundary does not occur in the body');
    const body: Record<string, unknown> = {};
    const files: UploadedPart[] = [];
    for (let count = 0; ; count++) {
      position += delimiter.length;
      if (raw[position] === 0x2d && raw[position + 1] === 0x2d) break;
      if (count >= MAX_PARTS) throw invalid(`more than ${MAX_PARTS} parts`);
      if (!raw.subarray(position, position + 2).equals(CRLF)) throw invalid('a boundary is not followed by a line end');
      const headersEnd = raw.indexOf(HEADERS_END, position + 2);
      if (headersEnd < 0) throw invalid('a part has no end of its headers');
      const headers = raw.toString('utf8', position + 2, headersEnd).split('\r\n');
      const end = raw.indexOf(nextDelimiter, headersEnd + 4);
      if (end < 0) throw invalid('the body ends before its closing boundary');
      const content = raw.subarray(headersEnd + 4, end);
      const header = (name: string) =>
        headers
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const { name, fileName } = dispositionOf(header('content-disposition') ?? '');
      if (!name) throw invalid('a part has no name');
      if (fileName !== undefined) {
        files.push({ name, fileName, contentType: header('content-type') ?? 'application/octet-stream', content });
      } else if (name === 'json') {
        const json = jsonBodyParser.parse(content, { mediaType: 'application/json', parameters: {} });
        if (json === null || typeof json !== 'object' || Array.isArray(json))
          throw invalid('the json part is not a JSON object');
        Object.assign(body, json);
      } else {
        body[name] ??= content.toString('utf8');
      }
      position = end + 2;
    }
    if (files.length > 0) body.files = files;
    return body;
  },
};
