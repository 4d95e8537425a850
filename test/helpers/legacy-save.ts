import type { TestApp, TestResponse } from './test-app.js';

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
