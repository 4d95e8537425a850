import type { MultipartFile, MultipartPart } from '../http/multipart-form.js';
import { formatOf, readLegacyForm, type LegacyFormat } from './legacy-body.js';

export interface LegacyMultipart {
  form: Record<string, unknown>;
  /** The files, in the order sent. */
  files: MultipartFile[];
}

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
 */
export async function interpretParts(
  parts: readonly MultipartPart[],
  readText: (file: MultipartFile) => Promise<string>,
): Promise<LegacyMultipart> {
  const form: Record<string, unknown> = {};
  const files: MultipartFile[] = [];
  for (const part of parts) {
    const format = formatOfPart(part);
    if (format) {
      const text = part.kind === 'field' ? part.value : await readText(part);
      Object.assign(form, readLegacyForm(format, text));
    } else if (part.kind === 'file') {
      files.push(part);
    } else {
      const before = form[part.name];
      form[part.name] =
        before === undefined ? part.value : Array.isArray(before) ? [...before, part.value] : [before, part.value];
    }
  }
  return { form, files };
}
