/*
 * TEMPORARY: multipart bodies read whole in memory through the existing multipart parser, until the
 * streamed multipart reader (`readMultipartForm`, files spooled to disk) is merged; then this file
 * goes and the legacy route reads parts as they stream.
 */
import { multipartBodyParser, type UploadedPart } from '../http/multipart-parser.js';
import type { ContentType } from '../http/body-parsers.js';
import type { FilePart, TextPart } from './legacy-multipart.js';

export interface BufferedFilePart extends FilePart {
  content: Buffer;
}

/**
 * The parts as the interpretation takes them. The existing parser merges the `json` part into the
 * other members and keeps the first of a repeated name, so the members come back as one `json`
 * part (what they mean is the same); `xml` and `urlencoded` parts stay text parts of their own.
 */
export function bufferedParts(raw: Buffer, contentType: ContentType): Array<TextPart | BufferedFilePart> {
  const {
    files = [],
    xml,
    urlencoded,
    ...members
  } = multipartBodyParser.parse(raw, contentType) as Record<string, unknown> & { files?: UploadedPart[] };
  const parts: Array<TextPart | BufferedFilePart> = [
    { kind: 'field', name: 'json', contentType: 'application/json', value: JSON.stringify(members) },
  ];
  for (const [name, value] of Object.entries({ xml, urlencoded })) {
    if (typeof value === 'string') parts.push({ kind: 'field', name, contentType: 'text/plain', value });
  }
  for (const file of files) parts.push({ kind: 'file', ...file });
  return parts;
}
