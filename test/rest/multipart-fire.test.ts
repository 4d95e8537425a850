import t from 'tap';
import { randomBytes } from 'node:crypto';
import { createFolders } from '../helpers/folders.js';
import { MULTIPART_BOUNDARY, multipartBody, pressType } from '../helpers/multipart-body.js';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Files uploaded through a multipart fire, then served by their path.
const fireMultipart = (s: TestApp, verb: string, body: Buffer) =>
  s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}`, {
    headers: { ...s.basicAuth(), 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
    raw: body,
  });

/** The bytes as served, without a text round trip. */
const download = async (s: TestApp, path: string) =>
  s.app.inject({ method: 'GET', path, headers: { ...s.basicAuth() } });

testOnSqlite('a file uploaded through a multipart fire is served by its path, byte for byte', async (t, s) => {
  await createFolders(s, 'default', ['/images']);
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
  const fired = await fireMultipart(
    s,
    'PUBLISH',
    multipartBody([
      {
        name: 'json',
        value: JSON.stringify({ contentlet: { contentType: 'FileAsset', hostFolder: 'default:/images' } }),
      },
      { name: 'file', value: bytes, fileName: 'logo.png', type: 'image/png' },
    ]),
  );
  t.equal(fired.status, 200, fired.text);
  const map = fired.json.entity.map;
  t.match(map, { fileName: 'logo.png', title: 'logo.png', path: '/images/logo.png', mimeType: 'image/png' });
  t.match(map.fileAssetMap, { size: bytes.length, isImage: true });

  const served = await download(s, '/images/logo.png');
  t.equal(served.status, 200);
  t.ok(Buffer.from(served.body).equals(bytes), 'the same bytes');
  t.equal(served.headers['Content-Type'], 'image/png');
  t.equal(served.headers['Content-Length'], String(bytes.length));
  const byId = await download(s, `/dA/${fired.json.entity.identifier}/fileAsset/logo.png`);
  t.ok(Buffer.from(byId.body).equals(bytes), 'the same bytes by /dA/');
});

t.test('multipart parts: named after a field, listed by binaryFields, and malformed bodies', async (t) => {
  const s = (await startTestApp(t))!;
  await pressType(s);
  const json = (extra: Record<string, unknown> = {}) => ({
    name: 'json',
    value: JSON.stringify({ contentlet: { contentType: 'Press', headline: 'Launch', ...extra } }),
  });
  const named = await fireMultipart(
    s,
    'PUBLISH',
    multipartBody([
      json(),
      { name: 'kit', value: 'kit', fileName: 'kit.zip' },
      { name: 'file', value: 'photo', fileName: 'p.jpg' },
    ]),
  );
  t.equal(named.status, 200, named.text);
  t.match(
    named.json.entity.map,
    { kitMap: { name: 'kit.zip' }, photoMap: { name: 'p.jpg' } },
    'by name, then in order',
  );

  const listed = await fireMultipart(
    s,
    'PUBLISH',
    multipartBody([
      json({ binaryFields: 'kit,photo' }),
      { name: 'file', value: 'first', fileName: 'first.zip' },
      { name: 'file', value: 'second', fileName: 'second.jpg' },
    ]),
  );
  t.equal(listed.status, 200, listed.text);
  t.match(listed.json.entity.map, { kitMap: { name: 'first.zip' }, photoMap: { name: 'second.jpg' } });

  const text = await fireMultipart(
    s,
    'PUBLISH',
    multipartBody([
      { name: 'json', value: '{"contentlet": {"contentType": "Press"}}' },
      { name: 'headline', value: 'x' },
    ]),
  );
  t.equal(text.status, 200, 'text parts beside the json part are members of the body');

  for (const [what, body, contentType] of [
    ['no boundary', multipartBody([json()]), 'multipart/form-data'],
    [
      'no closing boundary',
      Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="json"\r\n\r\n{}`),
      undefined,
    ],
    ['json part not an object', multipartBody([{ name: 'json', value: '[1]' }]), undefined],
    ['json part not JSON', multipartBody([{ name: 'json', value: '{' }]), undefined],
  ] as const) {
    const refused = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: {
        ...s.basicAuth(),
        'content-type': contentType ?? `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      },
      raw: body,
    });
    t.equal(refused.status, 400, what);
  }
  const elsewhere = await s.http('POST', '/api/v1/contenttype', {
    headers: { ...s.basicAuth(), 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
    raw: multipartBody([json()]),
  });
  t.equal(elsewhere.status, 415, 'only the fire routes take multipart');
});
