import t from 'tap';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stalledRequest } from '../helpers/raw-http.js';
import { storedAssetKey } from '../helpers/stored-asset-key.js';
import {
  multipartBody,
  multipartEnd,
  MULTIPART_TYPE,
  partHead,
  pressType,
  type Part,
} from '../helpers/multipart-body.js';
import { startTestApp, tempDataDir, testOnSqlite, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-async.js';

const MEMORY_ASSETS = fileURLToPath(new URL('../fixtures/memory-assets-plugin.mjs', import.meta.url));
const FIRE = '/api/v1/workflow/actions/default/fire/PUBLISH';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const json = (values: Record<string, unknown> = {}): Part => ({
  name: 'json',
  value: JSON.stringify({ contentlet: { contentType: 'Press', headline: 'Launch', ...values } }),
});

/** A multipart fire; a stream is sent chunked (no Content-Length). */
async function fireMultipart(s: TestApp, body: Buffer | ReadableStream<Uint8Array>): Promise<TestResponse> {
  const headers = { ...s.basicAuth(), 'content-type': MULTIPART_TYPE };
  if (Buffer.isBuffer(body)) return s.http('PUT', FIRE, { headers, raw: body });
  const response = await fetch(s.url + FIRE, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: undefined };
}

/** Every file spooled and not yet removed. */
function spooled(s: TestApp): string[] {
  const dir = join(s.dataDir, 'tmp', 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** The stored file of a version's field, as served by its /dA/ address through the socket. */
async function downloaded(s: TestApp, identifier: string, field: string, name: string): Promise<Buffer> {
  const response = await fetch(`${s.url}/dA/${identifier}/${field}/${name}`, { headers: s.basicAuth() });
  if (response.status !== 200) throw new Error(`download: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

testOnSqlite(
  'a file larger than http.max.body.bytes streams through a multipart fire and is stored byte for byte',
  async (t, s) => {
    await pressType(s);
    const large = randomBytes(12 * 1024 * 1024);
    const small = randomBytes(100 * 1024);
    const fired = await fireMultipart(
      s,
      multipartBody([
        json(),
        { name: 'photo', value: large, fileName: 'large.bin', type: 'application/octet-stream' },
        { name: 'kit', value: small, fileName: 'kit.zip' },
      ]),
    );
    t.equal(fired.status, 200, fired.text.slice(0, 300));
    const { identifier, map } = fired.json.entity;
    t.match(map, {
      photoMap: { name: 'large.bin', size: large.length },
      kitMap: { name: 'kit.zip', size: small.length },
    });
    t.equal(sha256(await downloaded(s, identifier, 'photo', 'large.bin')), sha256(large), 'the large file, exactly');
    t.equal(sha256(await downloaded(s, identifier, 'kit', 'kit.zip')), sha256(small), 'the small one, exactly');
    t.same(spooled(s), [], 'the spooled files are gone once the fire is answered');
  },
  { socket: true },
);

t.test('limits: each refused cleanly, nothing spooled left, and the service keeps serving', async (t) => {
  const s = (await startTestApp(t, {
    socket: true,
    env: {
      CMS_HTTP_MAX_UPLOAD_BYTES: String(2 * 1024 * 1024),
      CMS_HTTP_MAX_UPLOAD_FIELD_BYTES: '4096',
      CMS_HTTP_MAX_UPLOAD_FILES: '3',
      CMS_HTTP_MAX_BODY_BYTES: String(64 * 1024),
    },
  }))!;
  await pressType(s);
  const file = (i: number): Part => ({ name: 'file', value: randomBytes(1000), fileName: `f${i}.bin` });
  const valid = multipartBody([json(), file(1)]);
  /** A body sent chunked: no Content-Length, so only the stream's count can stop it. */
  const chunked = (bytes: Buffer) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(bytes.subarray(at, at + 256 * 1024));
        controller.close();
      },
    });
  const oversize = multipartBody([json(), { name: 'photo', value: randomBytes(3 * 1024 * 1024), fileName: 'big.bin' }]);
  const cases: Array<[string, Buffer | ReadableStream<Uint8Array>, number]> = [
    ['10,000 parts', multipartBody(Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}`, value: 'x' }))), 400],
    ['more files than allowed', multipartBody([json(), file(1), file(2), file(3), file(4)]), 400],
    ['a text part too large', multipartBody([json({ headline: 'x'.repeat(5000) })]), 413],
    ['a body over the upload limit (Content-Length)', oversize, 413],
    ['a body over the upload limit (chunked)', chunked(oversize), 413],
    ['a body cut inside a file', valid.subarray(0, valid.length - 200), 400],
    ['no closing boundary', valid.subarray(0, valid.indexOf(multipartEnd())), 400],
  ];
  for (const [what, body, status] of cases) {
    const refused = await fireMultipart(s, body).catch((error: Error) => ({ status: -1, text: error.message }));
    t.equal(refused.status, status, `${what}: ${refused.text.slice(0, 200)}`);
    t.same(spooled(s), [], `${what}: nothing spooled left`);
  }
  const whole = await s.http('PUT', FIRE, {
    headers: s.basicAuth(),
    body: { contentlet: { contentType: 'Press', headline: 'x'.repeat(100 * 1024) } },
  });
  t.equal(whole.status, 413, 'a JSON fire is read whole, so http.max.body.bytes holds for it');
  const after = await fireMultipart(s, valid);
  t.equal(after.status, 200, 'a valid upload still goes through');
});

t.test('a client that goes away mid-upload leaves nothing spooled, and the service keeps serving', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await pressType(s);
  const head = partHead({ name: 'photo', fileName: 'gone.bin' });
  const stalled = await stalledRequest(
    s.url,
    [
      `PUT ${FIRE} HTTP/1.1`,
      'Host: localhost',
      `Authorization: ${s.basicAuth().authorization}`,
      `Content-Type: ${MULTIPART_TYPE}`,
      `Content-Length: ${50 * 1024 * 1024}`,
      '',
      '',
    ].join('\r\n'),
    Buffer.concat([multipartBody([json()]).subarray(0, -multipartEnd().length), head, randomBytes(2 * 1024 * 1024)]),
  );
  // The first bytes are on disk before the client goes.
  await waitUntil(() => spooled(s).length > 0, { what: 'the file being spooled' });
  t.equal(spooled(s).length, 1, 'the file was being spooled');
  stalled.socket.destroy();
  await waitUntil(() => spooled(s).length === 0, { what: () => `the spooled file removed (${spooled(s).join(', ')})` });
  t.same(spooled(s), [], 'removed once the client went away');
  const next = await s.http('GET', '/api/v1/contenttype/id/Press', { headers: s.basicAuth() });
  t.equal(next.status, 200, 'the service keeps serving');
});

t.test('Expect: 100-continue: the client hears 100 before it sends the body, then the answer', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await pressType(s);
  const body = multipartBody([json(), { name: 'photo', value: randomBytes(64 * 1024), fileName: 'p.bin' }]);
  const stalled = await stalledRequest(
    s.url,
    [
      `PUT ${FIRE} HTTP/1.1`,
      'Host: localhost',
      `Authorization: ${s.basicAuth().authorization}`,
      `Content-Type: ${MULTIPART_TYPE}`,
      `Content-Length: ${body.length}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  await stalled.answered;
  t.match(stalled.text, /^HTTP\/1\.1 100 Continue\r\n\r\n$/, 'the interim answer, and nothing else yet');
  stalled.socket.write(body);
  await waitUntil(() => stalled.closed || /\r\n\r\n\{/.test(stalled.text), { what: 'the final answer' });
  t.match(stalled.text, /HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/, 'then the final answer');
  stalled.socket.destroy();
});

t.test('file names that try to leave the store end up sanitised inside it', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await pressType(s);
  const names = ['../../x.txt', '..\\..\\x.txt', 'a\u0000b.txt', `${'n'.repeat(1000)}.txt`, '/etc/passwd', '..'];
  for (const name of names) {
    const fired = await fireMultipart(s, multipartBody([json(), { name: 'photo', value: 'hello', fileName: name }]));
    t.equal(fired.status, 200, `${JSON.stringify(name.slice(0, 40))}: ${fired.text.slice(0, 200)}`);
    const key = await storedAssetKey(s, fired.json.entity.inode, 'photo');
    t.match(key, /^[0-9a-f-]{36}\/[A-Za-z0-9-][A-Za-z0-9._-]{0,199}$/, `${JSON.stringify(name.slice(0, 40))} → ${key}`);
    t.equal(readFileSync(join(s.dataDir, 'assets', ...key.split('/')), 'utf8'), 'hello', 'inside the store');
  }
});

t.test('a store without writeFile (written before it) still takes streamed uploads', async (t) => {
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_PLUGINS: MEMORY_ASSETS, CMS_ASSETS_DRIVER: 'memory' },
  }))!;
  await pressType(s);
  const bytes = randomBytes(300 * 1024);
  const fired = await fireMultipart(s, multipartBody([json(), { name: 'photo', value: bytes, fileName: 'p.bin' }]));
  t.equal(fired.status, 200, fired.text.slice(0, 300));
  const files = (globalThis as { __memoryAssets?: Map<string, Buffer> }).__memoryAssets!;
  const key = await storedAssetKey(s, fired.json.entity.inode, 'photo');
  t.ok(files.get(key)?.equals(bytes), 'the bytes are in the configured store');
  t.same(spooled(s), []);
});

t.test('a JSON value shaped like a spooled file names no server file', async (t) => {
  const s = (await startTestApp(t))!;
  await pressType(s);
  const forged = await s.http('PUT', FIRE, {
    headers: s.basicAuth(),
    body: {
      contentlet: {
        contentType: 'Press',
        headline: 'x',
        photo: { fileName: 'stolen.txt', file: { path: fileURLToPath(import.meta.url), size: 10 } },
      },
    },
  });
  t.equal(forged.status, 400, forged.text.slice(0, 300));
  t.match(forged.text, /must be an uploaded file/);
  t.notOk(existsSync(join(s.dataDir, 'assets')), 'nothing stored');
});

t.test('at start, what a stopped process left spooled is removed; what others may still use is kept', async (t) => {
  const dataDir = tempDataDir(t);
  const root = join(dataDir, 'tmp', 'uploads');
  const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
  // Above the largest pid Linux hands out: a process that cannot be running.
  const dirs = {
    stopped: `${host}-4194305-0a1b2c3d`,
    running: `${host}-${process.pid}-0a1b2c3d`,
    elsewhere: `another-host-4194305-0a1b2c3d`,
  };
  for (const dir of Object.values(dirs)) {
    mkdirSync(join(root, dir, 'b0c3d5e6-0000-4000-8000-000000000000'), { recursive: true });
    writeFileSync(join(root, dir, 'b0c3d5e6-0000-4000-8000-000000000000', 'part'), 'half an upload');
  }
  await startTestApp(t, { dataDir });
  const left = readdirSync(root);
  t.notOk(left.includes(dirs.stopped), 'a stopped process of this host: removed');
  t.ok(left.includes(dirs.running), 'a running process (sharing the data directory): kept');
  t.ok(left.includes(dirs.elsewhere), 'another host sharing the data directory: kept');
  t.equal(left.length, 3, 'and the new one of this app');
});
