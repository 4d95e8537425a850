import { formatOf, readLegacyForm, type LegacyFormat } from './legacy-body.js';

/** A text part of a multipart body (the shape the streamed multipart reader hands over). */
export interface TextPart {
  kind: 'field';
  name: string;
  /** Lower-case, `text/plain` when the part names none. */
  contentType: string;
  value: string;
}

/** A file part, whatever holds its content (a spooled file, or bytes). */
export interface FilePart {
  kind: 'file';
  name: string;
  fileName: string;
  contentType: string;
}

export interface LegacyMultipart<F extends FilePart> {
  form: Record<string, unknown>;
  /** The files, in the order sent. */
  files: F[];
}

/**
 * The parts read as members: by name (`json`, `xml`, `urlencoded`), or a text part by its media
 * type. A file's media type never makes it members: an uploaded `.json` file is a file.
 */
function formatOfPart(part: TextPart | FilePart): LegacyFormat | undefined {
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
export async function interpretParts<F extends FilePart>(
  parts: ReadonlyArray<TextPart | F>,
  readText: (file: F) => Promise<string>,
): Promise<LegacyMultipart<F>> {
  const form: Record<string, unknown> = {};
  const files: F[] = [];
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
