import { request } from 'undici';
import { gunzipSync } from 'node:zlib';
import t from 'tap';
import { buildNavTree } from '../helpers/nav-tree.js';
import { startTestApp } from '../helpers/test-app.js';

// A cached tree goes out gzip-encoded to clients that take gzip, as browsers and fetch do.

t.test('the tree is sent gzip-encoded when the client accepts it, as it is otherwise', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await buildNavTree(s);
  const get = async (path: string, acceptEncoding?: string) => {
    const answer = await request(s.url + path, {
      headers: { ...s.basicAuth(), ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });
    const bytes = Buffer.from(await answer.body.arrayBuffer());
    t.equal(answer.statusCode, 200);
    t.equal(answer.headers.vary, 'Accept-Encoding', 'caches keep the encodings apart');
    return { encoding: answer.headers['content-encoding'], bytes };
  };
  const deep = '/api/v1/nav/?depth=3';
  const plain = await get(deep);
  t.equal(plain.encoding, undefined, 'no Accept-Encoding: the JSON as it is');
  t.equal(JSON.parse(plain.bytes.toString()).entity.title, 'System folder');

  const gzipped = await get(deep, 'gzip, deflate, br');
  t.equal(gzipped.encoding, 'gzip');
  t.ok(gzipped.bytes.length < plain.bytes.length / 2, 'smaller on the wire');
  t.same(gunzipSync(gzipped.bytes), plain.bytes, 'the same answer');
  t.same(gunzipSync((await get(deep, 'gzip, deflate, br')).bytes), plain.bytes, 'and from the cache');

  t.equal((await get(deep, 'gzip;q=0, deflate')).encoding, undefined, 'gzip refused by quality 0');
  t.equal((await get(deep, 'br')).encoding, undefined, 'a coding we do not make');
  t.equal((await get(deep, '*')).encoding, 'gzip', 'any coding');
  t.equal((await get('/api/v1/nav/', 'gzip')).encoding, undefined, 'a small answer goes out as it is');
});
