import type { TestApp } from './test-app.js';
/** The boundary of the multipart bodies tests send. */
export const MULTIPART_BOUNDARY = '----cms-test-boundary-7MA4YWxkTrZu0gW';

export type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

/** A `multipart/form-data` body of `parts`, framed by `MULTIPART_BOUNDARY`. */
export function multipartBody(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(partHead(part), Buffer.from(part.value), Buffer.from('\r\n'));
  chunks.push(multipartEnd());
  return Buffer.concat(chunks);
}

/** The boundary and headers that open a part. */
export function partHead(part: Omit<Part, 'value'>): Buffer {
  const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}`;
  const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
  return Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`);
}

/** The closing boundary. */
export function multipartEnd(): Buffer {
  return Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** A content type with two Binary fields, for fires that carry files. */
export async function pressType(s: TestApp): Promise<void> {
  const made = await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: {
      baseType: 'CONTENT',
      name: 'Press',
      variable: 'Press',
      fields: [
        { clazz: 'TextField', name: 'Headline', variable: 'headline' },
        { clazz: 'BinaryField', name: 'Photo', variable: 'photo' },
        { clazz: 'BinaryField', name: 'Kit', variable: 'kit' },
      ],
    },
  });
  if (made.status !== 200) throw new Error(made.text);
}
