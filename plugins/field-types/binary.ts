import { FieldValueError, isSpooledFile, type FieldType, type SpooledFile } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';

/** What storeBinary answers, which is what the field stores. */
export interface StoredBinary {
  path: string;
  name: string;
  size: number;
}

const DATA_URL = /^data:[^;,]*((?:;[^;,]*)*);base64,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Upload = { fileName: string; content: Buffer } | { fileName: string; file: SpooledFile };

/**
 * An uploaded file: `{ fileName, content }` from a multipart part held in memory, `{ fileName, file }`
 * from one the host spooled to disk (stored without reading it into memory), a base64 `data:` URL
 * from JSON clients (its `name` parameter is the file name, else `file`), or, as the original's
 * JSON clients send a text file, `{ fileName, content: "<text>" }` (stored as UTF-8; named
 * `unknown` without a name). Names are sanitised by storeBinary.
 */
export const binaryField: FieldType = {
  className: fieldClassName('Binary'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: async (value, _field, context): Promise<StoredBinary> => {
    const upload: Upload = typeof value === 'string' ? fromDataUrl(value) : fromPart(value);
    const content = 'file' in upload ? upload.file : upload.content;
    const size = Buffer.isBuffer(content) ? content.length : content.size;
    if (size === 0) throw new FieldValueError(`the file ${upload.fileName} is empty`);
    return context.storeBinary(upload.fileName, content);
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => (stored as StoredBinary | null)?.name ?? null,
};

function fromPart(value: unknown): Upload {
  const part =
    typeof value === 'object' && value !== null
      ? (value as { fileName?: unknown; content?: unknown; file?: unknown })
      : {};
  const fileName = typeof part.fileName === 'string' && part.fileName.trim() !== '' ? part.fileName : 'file';
  // Only a file the host spooled itself: a JSON value of the same shape must never name a server file.
  if (isSpooledFile(part.file)) return { fileName, file: part.file };
  // The original's JSON clients send a text file inline: `{"fileName": "notes.txt", "content": "..."}`.
  if (typeof part.content === 'string') {
    const name = fileName === 'file' ? 'unknown' : fileName;
    if (name.startsWith('.') || name.includes('/.')) throw new FieldValueError(`the file name ${name} is not allowed`);
    return { fileName: name, content: Buffer.from(part.content, 'utf8') };
  }
  if (!(part.content instanceof Uint8Array))
    throw new FieldValueError('must be an uploaded file, a base64 data: URL, or {fileName, content}');
  // A view, not a copy: uploads can be large.
  const content = Buffer.isBuffer(part.content)
    ? part.content
    : Buffer.from(part.content.buffer, part.content.byteOffset, part.content.byteLength);
  return { fileName, content };
}

function fromDataUrl(text: string): { fileName: string; content: Buffer } {
  const match = DATA_URL.exec(text.trim());
  if (!match) throw new FieldValueError('must be an uploaded file or a base64 data: URL (data:<type>;base64,...)');
  const data = match[2]!.replace(/\s+/g, '');
  if (!BASE64.test(data) || data.length % 4 === 1)
    throw new FieldValueError('the data: URL does not hold valid base64');
  return { fileName: nameParameter(match[1]!) ?? 'file', content: Buffer.from(data, 'base64') };
}

function nameParameter(parameters: string): string | undefined {
  for (const parameter of parameters.split(';')) {
    const eq = parameter.indexOf('=');
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== 'name') continue;
    const raw = parameter.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return raw || undefined;
    }
  }
  return undefined;
}
