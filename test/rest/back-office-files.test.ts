import t from 'tap';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, tempDataDir } from '../helpers/test-app.js';

/** A build as Vite lays it out: the page, and content-hashed files under assets/. */
function fakeBuild(dir: string): { script: string } {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const script = `export const answer = 42;\n${'console.log("a line long enough to be worth compressing");\n'.repeat(40)}`;
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-Zz9.css'), 'p{}');
  writeFileSync(join(dir, 'assets', 'logo-Q1.png'), Buffer.alloc(2048, 7));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><script type="module" src="/admin/assets/index-AbC123.js"></script>${' '.repeat(600)}`,
  );
  return { script };
}

t.test('the back office is served from its build folder, with the right caching, coding and policy', async (t) => {
  const built = join(tempDataDir(t), 'admin');
  const { script } = fakeBuild(built);
  const s = (await startTestApp(t, { env: { CMS_ADMIN_DIR: built }, socket: true }))!;

  const redirect = await fetch(`${s.url}/admin`, { redirect: 'manual' });
  t.equal(redirect.status, 301, '/admin goes to /admin/, so that relative paths resolve');
  t.equal(redirect.headers.get('location'), '/admin/');

  const page = await s.http('GET', '/admin/', { headers: { 'accept-encoding': 'identity' } });
  t.equal(page.status, 200);
  t.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  t.equal(page.headers.get('cache-control'), 'no-cache', 'the page is checked again on every visit');
  t.match(page.text, /index-AbC123\.js/);
  t.notOk(page.headers.get('content-encoding'), 'identity asked, identity sent');
  const csp = page.headers.get('content-security-policy') ?? '';
  const host = new URL(s.url).host;
  for (const directive of [
    "default-src 'none'",
    `script-src ${host}/admin/;`,
    `style-src ${host}/admin/;`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ])
    t.ok(csp.includes(directive), `CSP has ${directive}`);
  t.notMatch(csp, /unsafe-inline|unsafe-eval/, 'nothing inline, no eval');
  t.notMatch(
    csp,
    /(script|style)-src[^;]*'self'/,
    'scripts and styles not from the whole origin, which serves uploads',
  );
  t.match(csp, new RegExp(`connect-src 'self' ws://${new URL(s.url).host} wss://`), 'the websocket of the same host');
  t.equal(page.headers.get('x-content-type-options'), 'nosniff', 'the pipeline’s security headers are kept');
  t.ok(
    s.logs.some((l) => l.path === '/admin/' && l.status === 200),
    'each answer has its access-log line, as every route’s',
  );

  const revalidated = await s.http('GET', '/admin/', {
    headers: { 'accept-encoding': 'identity', 'if-none-match': page.headers.get('etag')! },
  });
  t.equal(revalidated.status, 304, 'an unchanged page costs no bytes');
  t.equal(revalidated.text, '');

  const asset = await fetch(`${s.url}/admin/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(asset.status, 200);
  t.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable', 'hashed names are kept a year');
  t.equal(asset.headers.get('content-encoding'), 'br', 'brotli when taken');
  t.equal(asset.headers.get('vary'), 'Accept-Encoding');
  // fetch decodes what it was sent: the text is the file again.
  t.equal(await asset.text(), script);

  const raw = await rawGet(s.url, '/admin/assets/index-AbC123.js', 'gzip');
  t.equal(raw.headers['content-encoding'], 'gzip', 'gzip when brotli is not taken');
  t.equal(gunzipSync(raw.body).toString(), script);
  t.ok(raw.body.length < script.length / 4, 'and it is compressed');
  const br = await rawGet(s.url, '/admin/assets/index-AbC123.js', 'br');
  t.equal(brotliDecompressSync(br.body).toString(), script);
  t.not(br.headers.etag, raw.headers.etag, 'each coding has its own validator');

  const tiny = await rawGet(s.url, '/admin/assets/tiny-Zz9.css', 'br, gzip');
  t.notOk(tiny.headers['content-encoding'], 'a tiny file is sent as it is');
  t.equal(tiny.headers['content-type'], 'text/css; charset=utf-8');
  const png = await rawGet(s.url, '/admin/assets/logo-Q1.png', 'br, gzip');
  t.notOk(png.headers['content-encoding'], 'images are not compressed again');
  t.equal(png.headers['content-type'], 'image/png');

  const head = await fetch(`${s.url}/admin/assets/index-AbC123.js`, {
    method: 'HEAD',
    headers: { 'accept-encoding': 'identity' },
  });
  t.equal(head.status, 200, 'HEAD is answered');
  t.equal(head.headers.get('content-length'), String(Buffer.byteLength(script)), 'with the length GET would send');
  t.equal(await head.text(), '');

  const screen = await s.http('GET', '/admin/users/user-1/keys', { headers: { 'accept-encoding': 'identity' } });
  t.equal(screen.status, 200, 'a screen’s path (a reload, a bookmark) gets the page');
  t.equal(screen.text, page.text);
  t.equal((await s.http('GET', '/admin/assets/missing-1.js')).status, 404, 'a missing asset is a 404, not the page');
  t.equal((await s.http('GET', '/admin/robots.txt')).status, 404, 'so is any missing file');

  for (const path of [
    '/admin/../package.json',
    '/admin/%2e%2e/%2e%2e/package.json',
    '/admin/..%2f..%2fpackage.json',
    '/admin/assets/..%2f..%2f..%2fpackage.json',
  ]) {
    const answer = await rawGet(s.url, path, 'identity');
    t.notMatch(answer.body.toString(), /"name":\s*"cms"/, `nothing outside the folder is served: ${path}`);
  }

  const post = await s.http('POST', '/admin/', { body: {} });
  t.equal(post.status, 405, 'the files are read-only');
});

t.test('the back office takes scripts and styles only from its own folder, never from uploads', async (t) => {
  const built = join(tempDataDir(t), 'admin');
  fakeBuild(built);
  const s = (await startTestApp(t, { env: { CMS_ADMIN_DIR: built } }))!;
  const policy = async (host: string) => {
    const page = await s.http('GET', '/admin/', { headers: { host } });
    t.equal(page.status, 200, host);
    return Object.fromEntries(
      (page.headers.get('content-security-policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d]),
    ) as Record<string, string>;
  };
  for (const host of ['cms.example.com', 'cms.example.com:8443', '10.0.0.5:8080']) {
    const csp = await policy(host);
    t.equal(csp['script-src'], `script-src ${host}/admin/`, `${host}: scripts`);
    t.equal(csp['style-src'], `style-src ${host}/admin/`, `${host}: styles`);
  }
  const ipv6 = await policy('[::1]:8080');
  t.equal(
    ipv6['script-src'],
    "script-src 'none'",
    'an IPv6 literal cannot be written as a source: nothing, not the origin',
  );
  t.equal(ipv6['style-src'], "style-src 'none'");
  t.match(ipv6['connect-src'], /ws:\/\/\[::1\]:8080/, 'its websocket is still named');
  const asset = await s.http('GET', '/admin/assets/index-AbC123.js', { headers: { host: 'cms.example.com' } });
  t.match(
    asset.headers.get('content-security-policy'),
    /script-src cms\.example\.com\/admin\//,
    'every file of it too',
  );
});

t.test('a service whose back office is not built says so', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_ADMIN_DIR: join(tempDataDir(t), 'nothing-here') } }))!;
  const answer = await s.http('GET', '/admin/');
  t.equal(answer.status, 503);
  t.equal(answer.json.errors[0].errorCode, 'BACK_OFFICE_NOT_BUILT');
  t.equal((await s.http('GET', '/admin/assets/index.js')).status, 503);
});

/** A GET whose body is read as sent: no decoding, and the path exactly as written. */
async function rawGet(
  base: string,
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
