import type { MultipartFile, MultipartPart } from '../http/multipart-form.js';
import { refusalError, formatOf, type LegacyFormat, type LegacyRead } from './legacy-body.js';
import { addMember, membersObject } from './legacy-members.js';

export interface LegacyMultipart {
  form: Record<string, unknown>;
  /** The files, in the order sent. */
  files: MultipartFile[];
}

/** Reads the members of a `json`, `xml` or `urlencoded` part, holding at most `maxValues` values. */
export type PartReader = (format: LegacyFormat, text: string, maxValues: number) => Promise<LegacyRead>;

/**
 * The parts read as members: by name (`json`, `xml`, `urlencoded`), or a text part by its media
 * type. A file's media type never makes it members: an uploaded `.json` file is a file.
 */
function formatOfPart(part: MultipartPart): LegacyFormat | undefined {
  const byName = part.name.toLowerCase();
  if (byName === 'json' || byName === 'xml' || byName === 'urlencoded') return byName;
  return part.kind === 'field' ? formatOf(part.contentType) : undefined;
}

/**
 * A multipart legacy save, part by part in the order sent: a part named `json`, `xml` or
 * `urlencoded` (or a text part sent with that media type) holds members in that format, even when
 * it says `text/plain` or was sent as a file; any other text part is one member (a name sent twice is a
 * list); every other file part is a file for the Binary fields, in order (the original reads files
 * whatever their part is called; the spec names them `file`). Later members win over earlier ones.
 * All parts together hold at most `maxValues` values: each text part counts one, a part in a format
 * the values it holds.
 */
export async function interpretParts(
  parts: readonly MultipartPart[],
  options: { maxValues: number; readText: (file: MultipartFile) => Promise<string>; readPart: PartReader },
): Promise<LegacyMultipart> {
  const { maxValues } = options;
  const members = new Map<string, unknown>();
  const files: MultipartFile[] = [];
  let values = 0;
  for (const part of parts) {
    const format = formatOfPart(part);
    if (format) {
      const text = part.kind === 'field' ? part.value : await options.readText(part);
      const read = await options.readPart(format, text, maxValues - values);
      values += read.values;
      for (const [key, value] of Object.entries(read.form)) members.set(key, value);
    } else if (part.kind === 'file') {
      files.push(part);
    } else {
      if (++values > maxValues) throw refusalError({ code: 'LEGACY_BODY_TOO_MANY_VALUES', limit: maxValues });
      addMember(members, part.name, part.value);
    }
  }
  return { form: membersObject(members), files };
}
