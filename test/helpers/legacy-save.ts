import type { TestApp, TestResponse } from './test-app.js';

export const BOUNDARY = '----cms-legacy-boundary-4f9Qx2';

export type Part = { name: string; value: string | Buffer; fileName?: string; type?: string };

/** A multipart/form-data body of these parts, in order. */
export function multipart(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.fileName !== undefined ? `; filename="${part.fileName}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A legacy save: `path` after /api/content, a body as it goes on the wire. */
export function legacySave(
  s: TestApp,
  path: string,
  body: { type: string; raw: string | Buffer },
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  return s.http(options.method ?? 'PUT', `/api/content${path}`, {
    headers: { ...(options.headers ?? s.basicAuth()), 'content-type': body.type },
    raw: body.raw,
  });
}

export const json = (value: unknown) => ({ type: 'application/json', raw: JSON.stringify(value) });
export const form = (value: Record<string, string>) => ({
  type: 'application/x-www-form-urlencoded',
  raw: new URLSearchParams(value).toString(),
});
export const xml = (text: string) => ({ type: 'application/xml', raw: text });

/** The working (or live) map of an item, as an administrator reads it. */
export async function itemMap(s: TestApp, identifier: string, live = false): Promise<Record<string, any>> {
  const read = await s.http('GET', `/api/content/id/${identifier}/live/${live}`, { headers: s.basicAuth() });
  return read.json?.contentlets?.[0];
}
