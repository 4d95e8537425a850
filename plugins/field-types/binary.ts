import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';

/** What storeBinary answers, which is what the field stores. */
export interface StoredBinary {
  path: string;
  name: string;
  size: number;
}

const DATA_URL = /^data:[^;,]*((?:;[^;,]*)*);base64,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An uploaded file: `{ fileName, content }` from a multipart part, or a base64 `data:` URL from JSON
 * clients (its `name` parameter is the file name, else `file`). Names are sanitised by storeBinary.
 */
export const binaryField: FieldType = {
  className: fieldClassName('Binary'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: async (value, _field, context): Promise<StoredBinary> => {
    const upload = typeof value === 'string' ? fromDataUrl(value) : fromPart(value);
    if (upload.content.length === 0) throw new FieldValueError(`the file ${upload.fileName} is empty`);
    return context.storeBinary(upload.fileName, upload.content);
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => (stored as StoredBinary | null)?.name ?? null,
};

function fromPart(value: unknown): { fileName: string; content: Buffer } {
  const part = typeof value === 'object' && value !== null ? (value as { fileName?: unknown; content?: unknown }) : {};
  if (!(part.content instanceof Uint8Array))
    throw new FieldValueError('must be an uploaded file or a base64 data: URL');
  const fileName = typeof part.fileName === 'string' && part.fileName.trim() !== '' ? part.fileName : 'file';
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
