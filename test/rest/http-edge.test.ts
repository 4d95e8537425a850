import t from 'tap';
import { connect, createServer } from 'node:net';
import { rawExchange } from '../helpers/raw-http.js';
import { within } from '../helpers/wait-async.js';
import { startTestApp } from '../helpers/test-app.js';

t.test('probes answer without credentials; envelopes everywhere under /api/v1 and /api/v2', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const alive = await s.http('GET', '/api/v1/probes/alive');
  t.equal(alive.status, 200);
  t.same(alive.json, { entity: 'alive', errors: [], messages: [], i18nMessagesMap: {}, permissions: [] });
  const ready = await s.http('GET', '/api/v1/probes/ready');
  t.equal(ready.status, 200);
  t.equal(ready.json.entity, 'ready');
  t.match(ready.headers.get('content-type'), /application\/json/);
  const head = await s.http('HEAD', '/api/v1/probes/alive');
  t.equal(head.status, 200);
  t.equal(head.text, '', 'HEAD answers headers only');
});

t.test('unknown route 404, wrong method 405, malformed JSON 400, all in the error envelope', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const missing = await s.http('GET', '/api/v1/nothing-here');
  t.equal(missing.status, 404);
  t.match(missing.json, {
    message: 'This URL does not exist',
    entity: null,
    errors: [{ errorCode: 'HTTP_ROUTE_NOT_FOUND', fieldName: null }],
    messages: [],
    i18nMessagesMap: {},
    permissions: [],
  });

  const wrongMethod = await s.http('DELETE', '/api/v1/probes/alive');
  t.equal(wrongMethod.status, 405);
  t.equal(wrongMethod.headers.get('allow'), 'GET');
  t.equal(wrongMethod.json.errors[0].errorCode, 'HTTP_METHOD_NOT_ALLOWED');

  const malformed = await s.http('POST', '/api/v1/authentication', {
    raw: '{"user": "a", ',
    headers: { 'content-type': 'application/json' },
  });
  t.equal(malformed.status, 400);
  t.equal(malformed.json.errors[0].errorCode, 'HTTP_BODY_INVALID_JSON');

  const empty = await s.http('POST', '/api/v1/authentication', { raw: '' });
  t.equal(empty.status, 400);
  t.equal(empty.json.errors[0].errorCode, 'HTTP_BODY_REQUIRED');

  const wrongTypes = await s.http('POST', '/api/v1/authentication', { body: { user: 42, password: [] } });
  t.equal(wrongTypes.status, 400);
  t.same(
    wrongTypes.json.errors.map((e: { fieldName: string }) => e.fieldName).sort(),
    ['password', 'user'],
    'every problem listed',
  );
});

t.test('bodies over http.max.body.bytes get 413 and the connection is closed', async (t) => {
  const s = (await startTestApp(t, { socket: true, env: { CMS_HTTP_MAX_BODY_BYTES: '1024' } }))!;
  const declared = await rawExchange(
    s.url,
    `POST /api/v1/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n${'x'.repeat(100)}`,
  );
  t.match(declared.text, /^HTTP\/1\.1 413 /);
  t.match(declared.text, /HTTP_BODY_TOO_LARGE/);
  t.ok(declared.closedByServer, 'the server closed the connection (declared length)');

  const chunk = 'a'.repeat(600);
  const chunked = await rawExchange(
    s.url,
    `POST /api/v1/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(600).toString(16)}\r\n${chunk}\r\n${(600).toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
  );
  t.match(chunked.text, /^HTTP\/1\.1 413 /);
  t.ok(chunked.closedByServer, 'the server closed the connection (streamed body)');

  const fits = await s.http('POST', '/api/v1/authentication', { body: { user: 'a@b.c', password: 'x'.repeat(100) } });
  t.equal(fits.status, 401, 'a body within the limit is read');
  t.ok(
    s.logs.some((l) => l.msg === 'request' && l.status === 413),
    '413s are logged too',
  );
});

t.test('one access-log line per request, with method, path, status and milliseconds; secrets redacted', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  await s.http('POST', '/api/v1/authentication', { body: { user: 'admin@cms.com', password: 'wrong-password-123' } });
  const lines = s.logs.filter((l) => l.msg === 'request');
  t.equal(lines.length, 2);
  t.match(lines[0], { method: 'GET', path: '/api/v1/users/current', status: 200, ms: Number, reqId: String });
  t.match(lines[1], { method: 'POST', path: '/api/v1/authentication', status: 401 });
  t.notMatch(JSON.stringify(s.logs), /wrong-password-123|admin-test-password/, 'no password in any log line');
});

t.test('an in-flight request finishes during graceful close; new connections are refused after', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const { hostname, port } = new URL(s.url);
  const socket = connect(Number(port), hostname);
  const socketClosed = new Promise((r) => socket.on('close', r));
  let answer = '';
  let closed = false;
  const interim = new Promise<void>((resolve) =>
    socket.on('data', (d) => {
      answer += d.toString();
      if (/^HTTP\/1\.1 100 Continue\r\n\r\n/.test(answer)) resolve();
    }),
  );
  const body = JSON.stringify({ user: 'admin@cms.com', password: 'admin-test-password' });
  // Half a body: the request is in flight, waiting for the rest. The interim 100 is written as the
  // server takes the request up: from then on it counts as in flight.
  socket.write(
    `POST /api/v1/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
  );
  await within(interim, { what: 'the interim 100 Continue' });
  const closing = s.app.close().then(() => (closed = true));
  await t.rejects(fetch(`${s.url}/api/v1/probes/alive`), 'no new connections while draining');
  t.notOk(closed, 'close waits for the in-flight request');
  socket.write(body.slice(10));
  await within(closing, { what: 'the graceful close' });
  await within(socketClosed, { what: 'the connection closed' });
  t.match(answer, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /, 'the in-flight request was answered');
});

t.test('a port already in use stops start-up, unless sharing it is asked for', async (t) => {
  const first = (await startTestApp(t, { socket: true }))!;
  const port = Number(new URL(first.url).port);
  const second = (await startTestApp(t))!;
  await t.rejects(second.app.listen(port, '127.0.0.1'), {
    name: 'StartupError',
    message: new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: address already in use \\(port ${port}\\)`),
  });
  t.equal((await first.http('GET', '/api/v1/probes/alive')).status, 200, 'the first keeps serving');

  const sharing = { CMS_HTTP_REUSE_PORT: 'true' };
  const a = (await startTestApp(t, { env: sharing }))!;
  const b = (await startTestApp(t, { env: sharing }))!;
  const free = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  t.equal((await a.app.listen(free, '127.0.0.1')).port, free);
  t.equal((await b.app.listen(free, '127.0.0.1')).port, free, 'http.reuse.port=true shares the port');
});
