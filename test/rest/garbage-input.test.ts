import t, { type Test } from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../helpers/test-app.js';

/**
 * A built back office of one page: without one, `/admin/*` answers 503 (not built) by design, and
 * whether the package's own is built depends on what ran before this file.
 */
function oneBackOfficePage(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-garbage-admin-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Back office</title>');
  return dir;
}

/** Bodies a careless or hostile client might send. */
const GARBAGE: Array<[string, string | Buffer]> = [
  ['empty', ''],
  ['not json', 'hello'],
  ['truncated', '{"a":'],
  ['null', 'null'],
  ['number', '42'],
  ['string', '"text"'],
  ['array', '[1,2,3]'],
  [
    'wrong types',
    JSON.stringify({
      user: 1,
      password: true,
      email: [],
      firstName: {},
      lastName: null,
      roles: 'x',
      roleName: 5,
      siteName: [],
      languageCode: 7,
    }),
  ],
  [
    'huge string',
    JSON.stringify({
      user: 'a'.repeat(1_000_000),
      password: 'b',
      email: 'c'.repeat(100_000),
      roleName: 'd'.repeat(100_000),
      siteName: 'e'.repeat(100_000),
      languageCode: 'f'.repeat(100_000),
      language: 'x',
    }),
  ],
  ['deep nesting', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['deep object', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
  ['binary', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  [
    'prototype pollution',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"user":"pp@cms.com","password":"x"}',
  ],
  [
    'unicode junk',
    JSON.stringify({
      user: '\u0000\uD800\uFFFF',
      password: '\u202E',
      siteName: '../../etc/passwd',
      languageCode: '\u0000',
    }),
  ],
];

t.test('garbage to every route never crashes the process and never yields a 5xx', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_ADMIN_DIR: oneBackOfficePage(t) } }))!;
  const routes = s.app.routes();
  t.ok(routes.length >= 15, `${routes.length} routes`);
  for (const auth of [{}, s.basicAuth()]) {
    for (const { method, path } of routes) {
      const concrete = path.replace(/:[^/]+/g, 'x%00y').replace(/\*[^/]+/g, 'a/b');
      // A GET sends no body: one request per content type is every request it can receive here.
      for (const [name, body] of method === 'GET' ? GARBAGE.slice(0, 1) : GARBAGE) {
        for (const contentType of ['application/json', 'application/octet-stream']) {
          const r = await s.http(method, concrete, {
            raw: method === 'GET' ? undefined : body,
            headers: { ...auth, 'content-type': contentType },
          });
          if (r.status >= 500)
            t.fail(`${method} ${concrete} with ${name} (${contentType}) answered ${r.status}: ${r.text.slice(0, 200)}`);
          // The analytics ingest answers a body that is not JSON as the original does: 415 with `message` only.
          const ingest415 = r.status === 415 && concrete === '/api/v1/analytics/content/event' && r.json?.message;
          if (r.status >= 400 && !ingest415 && !(r.json && Array.isArray(r.json.errors) && r.json.errors.length > 0))
            t.fail(`${method} ${concrete} with ${name}: error without an envelope`);
        }
      }
    }
  }
  t.equal((await s.http('GET', '/api/v1/probes/alive')).status, 200, 'still alive');
  const current = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.equal(current.json.admin, true, 'nothing polluted the prototype');
  t.equal(({} as Record<string, unknown>).admin, undefined);
});
