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
