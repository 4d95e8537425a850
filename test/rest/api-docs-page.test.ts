import t from 'tap';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startTestApp } from '../helpers/test-app.js';

// The browsable page of the OpenAPI document, from the Swagger UI package.

const PACKAGE = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const PAGE_POLICY = /^default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;/;

t.test('the page, its script and the package files it needs, with their types and the page policy', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const page = await s.http('GET', '/api/docs');
  t.equal(page.status, 200);
  t.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  t.match(page.headers.get('content-security-policy'), PAGE_POLICY);
  t.match(page.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  t.equal(page.headers.get('cache-control'), 'no-cache');
  t.notMatch(
    page.text,
    /<script>|<style>|\sstyle=|\son\w+=/,
    'nothing inline: the policy allows no inline script or style',
  );
  const linked = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  t.same(linked.sort(), [
    '/api/docs/docs-init.js',
    '/api/docs/favicon-16x16.png',
    '/api/docs/favicon-32x32.png',
    '/api/docs/swagger-ui-bundle.js',
    '/api/docs/swagger-ui.css',
  ]);
  const types: Record<string, string> = {
    'docs-init.js': 'text/javascript; charset=utf-8',
    'favicon-16x16.png': 'image/png',
    'favicon-32x32.png': 'image/png',
    'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
    'swagger-ui.css': 'text/css; charset=utf-8',
  };
  for (const path of linked) {
    const name = path.slice('/api/docs/'.length);
    const answer = await s.http('GET', path);
    t.equal(answer.status, 200, path);
    t.equal(answer.headers.get('content-type'), types[name], `${path}: type`);
    t.match(answer.headers.get('content-security-policy'), PAGE_POLICY, `${path}: the page policy`);
    if (name !== 'docs-init.js') {
      t.equal(answer.headers.get('cache-control'), 'public, max-age=86400', `${path}: kept a day`);
      if (name.endsWith('.css'))
        t.equal(answer.text, readFileSync(join(PACKAGE, name), 'utf8'), `${path}: the package's file`);
    }
  }
  const init = await s.http('GET', '/api/docs/docs-init.js');
  t.match(init.text, /url: '\/api\/openapi\.json'/);
  t.match(init.text, /validatorUrl: null/, 'the document is sent to no validator elsewhere');

  const head = await fetch(`${s.url}/api/docs/swagger-ui-bundle.js`, { method: 'HEAD' });
  t.equal(head.status, 200, 'HEAD');
  t.equal(head.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.equal(await head.text(), '', 'no body for HEAD');

  // fetch decodes gzip itself; the raw bytes are checked in-process.
  const zipped = await s.app.inject({
    method: 'GET',
    path: '/api/docs/swagger-ui-bundle.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  t.equal(zipped.headers['Content-Encoding'], 'gzip');
  t.same(gunzipSync(zipped.body as Buffer), readFileSync(join(PACKAGE, 'swagger-ui-bundle.js')));
  const etag = zipped.headers.ETag!;
  const again = await s.http('GET', '/api/docs/swagger-ui-bundle.js', { headers: { 'if-none-match': etag } });
  t.equal(again.status, 304, 'a current copy is not sent again');

  const json = await s.http('GET', '/api/openapi.json');
  t.equal(
    json.headers.get('content-security-policy'),
    "frame-ancestors 'none'",
    'the document keeps the service policy',
  );
});

t.test('only the listed files: no other file of the package, no traversal', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  for (const path of [
    '/api/docs/package.json',
    '/api/docs/swagger-ui.js',
    '/api/docs/index.js',
    '/api/docs/swagger-ui-bundle.js.map',
    '/api/docs/..%2Fpackage.json',
    '/api/docs/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api/docs/..%5cpackage.json',
    '/api/docs/swagger-ui.css%00.png',
    '/api/docs/a/b',
  ]) {
    const answer = await s.http('GET', path);
    t.equal(answer.status, 404, path);
    t.notMatch(answer.text, /"name": ?"(swagger-ui-dist|cms)"/, `${path}: nothing of a package file`);
    t.match(answer.json, { errors: [{ errorCode: 'HTTP_ROUTE_NOT_FOUND' }] }, `${path}: the error envelope`);
  }
  const dotted = await fetch(`${s.url}/api/docs/../../package.json`);
  t.not(dotted.status, 200, 'a dotted path');
  t.notMatch(await dotted.text(), /"name": ?"cms"/);
});
