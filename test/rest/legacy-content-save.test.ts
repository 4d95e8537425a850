import t from 'tap';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { form, itemMap, json, legacySave, xml } from '../helpers/legacy-save.js';
import { multipartBody, MULTIPART_TYPE } from '../helpers/multipart-body.js';

// The legacy content save, its paths, its four body formats and its answer.

async function newsType(s: TestApp) {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'News', variable: 'News' },
  });
  await s.http('POST', '/api/v2/contenttype/News/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'title', variable: 'title', required: true },
      { clazz: 'TextField', name: 'byline', variable: 'byline' },
      { clazz: 'TextAreaField', name: 'body', variable: 'body' },
    ],
  });
}

const UUID = /^[0-9a-f-]{36}$/;

testOnSqlite('save and publish: the answer, the paths and the operation word in any case', async (t, s) => {
  await newsType(s);
  const saved = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'First', byline: 'Ann' }));
  t.equal(saved.status, 200, saved.text);
  t.equal(saved.text, '', 'empty body');
  t.match(saved.headers.get('content-type'), /^text\/plain/);
  t.equal(saved.headers.get('content-length') ?? '0', '0');
  const inode = saved.headers.get('inode')!;
  const identifier = saved.headers.get('identifier')!;
  t.match(inode, UUID);
  t.match(identifier, UUID);
  t.equal(saved.headers.get('location'), `/api/content/inode/${inode}`);
  const read = await s.http('GET', saved.headers.get('location')!, { headers: s.basicAuth() });
  t.equal(read.status, 200);
  t.equal((await itemMap(s, identifier)).title, 'First');
  t.notOk((await itemMap(s, identifier)).live, 'save does not publish');

  const published = await legacySave(s, '/Publish/1', json({ contentType: 'News', title: 'Second' }), {
    method: 'POST',
  });
  t.equal(published.status, 200, published.text);
  t.equal((await itemMap(s, published.headers.get('identifier')!, true)).title, 'Second', 'publish makes it live');

  const upper = await legacySave(s, '/SAVE/1', json({ contentType: 'News', title: 'Third' }));
  t.equal(upper.status, 200);

  const asJson = await legacySave(s, '/save/1?type=json', json({ contentType: 'News', title: 'Fourth' }));
  t.equal(asJson.status, 200);
  t.same(Object.keys(asJson.json).sort(), ['identifier', 'inode']);
  t.equal(asJson.json.inode, asJson.headers.get('inode'));
  const pathJson = await legacySave(s, '/save/1/type/json', json({ contentType: 'News', title: 'Fifth' }));
  t.equal(pathJson.json.identifier, pathJson.headers.get('identifier'), 'the path form /type/json too');

  for (const path of ['', '/', '/save', '/wfActionComments/hello']) {
    const refused = await legacySave(s, path, json({ contentType: 'News', title: 'x' }));
    t.equal(refused.status, 400, `no operation in "${path}"`);
    t.match(refused.json.message, /names no operation/);
  }
  const unknown = await legacySave(s, '/Make%20It%20So/1', json({ contentType: 'News', title: 'x' }));
  t.equal(unknown.status, 404);
  t.match(unknown.json.message, /No workflow action \[Make It So\]/);
});

testOnSqlite('the four body formats', async (t, s) => {
  await newsType(s);
  const check = async (
    what: string,
    body: { type: string; raw: string | Buffer },
    expected: Record<string, string>,
  ) => {
    const saved = await legacySave(s, '/save/1', body);
    t.equal(saved.status, 200, `${what}: ${saved.text}`);
    if (saved.status === 200) t.match(await itemMap(s, saved.headers.get('identifier')!), expected, what);
  };
  await check('JSON', json({ contentType: 'News', title: 'J', byline: 'a & b' }), { title: 'J', byline: 'a & b' });
  await check(
    'XML',
    xml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<content><contentType>News</contentType><title>X &amp; Y</title><byline><![CDATA[<i>me</i>]]></byline></content>',
    ),
    { title: 'X & Y', byline: '<i>me</i>' },
  );
  await check('url-encoded', form({ contentType: 'News', title: 'U r l', byline: 'é' }), {
    title: 'U r l',
    byline: 'é',
  });
  for (const [name, type, value] of [
    ['json', 'text/plain', JSON.stringify({ contentType: 'News', title: 'MJ' })],
    ['xml', 'text/plain', '<content><contentType>News</contentType><title>MX</title></content>'],
    ['urlencoded', undefined, 'contentType=News&title=MU'],
  ] as const) {
    await check(
      `multipart ${name} part`,
      { type: MULTIPART_TYPE, raw: multipartBody([{ name, value, type }]) },
      { title: `M${name[0]!.toUpperCase()}` },
    );
  }
  await check(
    'multipart plain fields',
    {
      type: MULTIPART_TYPE,
      raw: multipartBody([
        { name: 'contentType', value: 'News' },
        { name: 'title', value: 'Plain' },
      ]),
    },
    { title: 'Plain' },
  );

  const badXml = await legacySave(s, '/save/1', xml('<content><title>oops</content>'));
  t.equal(badXml.status, 400);
  t.match(badXml.json.message, /The XML could not be read/);
  const badJson = await legacySave(s, '/save/1', { type: 'application/json', raw: '[1,2]' });
  t.equal(badJson.status, 400);
  const other = await legacySave(s, '/save/1', { type: 'text/csv', raw: 'a,b' });
  t.equal(other.status, 415);
});

t.test('over a socket: the empty answer has Content-Length 0, and Expect: 100-continue is answered', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await newsType(s);
  const saved = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'over the wire' }));
  t.equal(saved.status, 200, saved.text);
  t.equal(saved.headers.get('content-length'), '0');
  t.match(saved.headers.get('content-type'), /^text\/plain/);

  const body = multipartBody([{ name: 'json', value: JSON.stringify({ contentType: 'News', title: 'continued' }) }]);
  const { hostname, port } = new URL(s.url);
  const answer = await new Promise<{ continued: boolean; status: number; headers: IncomingHttpHeaders }>(
    (resolve, reject) => {
      let continued = false;
      const request = httpRequest({
        host: hostname,
        port: Number(port),
        method: 'POST',
        path: '/api/content/save/1',
        headers: {
          ...s.basicAuth(),
          'content-type': MULTIPART_TYPE,
          'content-length': String(body.length),
          expect: '100-continue',
        },
      });
      request.on('continue', () => {
        continued = true;
        request.end(body);
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve({ continued, status: response.statusCode!, headers: response.headers }));
      });
      request.on('error', reject);
    },
  );
  t.ok(answer.continued, '100 Continue came before the body was sent');
  t.equal(answer.status, 200);
  t.match(answer.headers.identifier, UUID);
});
