import t from 'tap';
import { rawExchange } from '../helpers/raw-http.js';
import { startTestApp } from '../helpers/test-app.js';

// Malformed framing gets a clean 4xx, or the connection closed at once; never
// silence until the idle timeout, never a body length read one way by the library and another by the service.

/** Longer than this, the server held the connection until its idle timeout (10 s): it must not. */
const PROMPTLY_MS = 5000;

const SIGN_IN = (headers: string, body = '') =>
  `POST /api/v1/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;

t.test('framing the service must not read two ways is refused with 400 and the connection closed', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const body = JSON.stringify({ user: 'admin@cms.com', password: 'x' });

  const twoLengths = await rawExchange(
    s.url,
    SIGN_IN(`Content-Length: ${body.length}\r\nContent-Length: ${body.length + 10}\r\n`, body),
    { closeAfterMs: PROMPTLY_MS },
  );
  t.match(twoLengths.text, /^HTTP\/1\.1 400 /);
  t.match(twoLengths.text, /HTTP_FRAMING_INVALID/);
  t.match(twoLengths.text, /Content-Length is given more than once/);
  t.ok(twoLengths.closedByServer);

  // A smuggling attempt: the library reads the first length, a proxy in front perhaps the second,
  // which would take the request behind it for body.
  const smuggled = 'GET /api/v1/users/current HTTP/1.1\r\nHost: x\r\n\r\n';
  const smuggling = await rawExchange(
    s.url,
    SIGN_IN(`Content-Length: ${body.length}\r\nContent-Length: ${body.length + smuggled.length}\r\n`, body + smuggled),
    { closeAfterMs: PROMPTLY_MS },
  );
  t.ok(smuggling.closedByServer);
  t.notMatch(smuggling.text, /HTTP\/1\.1 [2-5]\d\d [\s\S]*HTTP\/1\.1 /, 'at most one answer on the connection');
  t.notOk(
    s.logs.some((l) => l.msg === 'request' && l.path === '/api/v1/users/current'),
    'the smuggled request never ran',
  );

  const gzip = await rawExchange(s.url, SIGN_IN('Transfer-Encoding: gzip\r\n', 'abc'), { closeAfterMs: PROMPTLY_MS });
  t.match(gzip.text, /^HTTP\/1\.1 400 /);
  t.match(gzip.text, /only the chunked transfer coding is read/);
  t.ok(gzip.closedByServer);

  const sameTwice = await rawExchange(
    s.url,
    SIGN_IN(`Content-Length: ${body.length}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n`, body),
    { closeAfterMs: PROMPTLY_MS },
  );
  t.match(sameTwice.text, /^HTTP\/1\.1 401 /, 'the same length twice is one length: the body is read');
});

t.test('malformed lengths and chunks close the connection at once, before any route runs', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const cases = {
    'Content-Length: abc': SIGN_IN('Content-Length: abc\r\n', 'abc'),
    'Content-Length: -5': SIGN_IN('Content-Length: -5\r\n', 'abc'),
    'Content-Length with Transfer-Encoding': SIGN_IN(
      'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n',
      '3\r\nabc\r\n0\r\n\r\n',
    ),
    'a chunk size that is not hexadecimal': SIGN_IN('Transfer-Encoding: chunked\r\n', 'zz\r\nabc\r\n0\r\n\r\n'),
  };
  for (const [name, payload] of Object.entries(cases)) {
    const started = Date.now();
    const answer = await rawExchange(s.url, payload, { closeAfterMs: PROMPTLY_MS });
    t.ok(answer.closedByServer, `${name}: closed by the server`);
    t.ok(Date.now() - started < PROMPTLY_MS, `${name}: before the idle timeout`);
    t.notMatch(answer.text, /^HTTP\/1\.1 [23]/, `${name}: never answered as if it were well formed`);
  }
  t.notOk(
    s.logs.some((l) => l.msg === 'request' && l.path === '/api/v1/authentication' && l.status !== 400),
    'no route ran for any of them',
  );
  const after = await fetch(`${s.url}/api/v1/probes/alive`);
  t.equal(after.status, 200, 'the server goes on serving');
});

t.test('an over-long URL gets 414 and over-large headers 431, before any route runs', async (t) => {
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_HTTP_MAX_URL_BYTES: '2048', CMS_HTTP_MAX_HEADER_BYTES: '4096' },
  }))!;
  const longUrl = await rawExchange(
    s.url,
    `GET /api/v1/probes/alive?q=${'a'.repeat(3000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    { closeAfterMs: PROMPTLY_MS },
  );
  t.match(longUrl.text, /^HTTP\/1\.1 414 URI Too Long/);
  t.match(longUrl.text, /HTTP_URI_TOO_LONG/);
  t.match(longUrl.text, /longer than 2048 bytes/);
  t.ok(longUrl.closedByServer);

  const bigHeaders = await rawExchange(
    s.url,
    `GET /api/v1/probes/alive HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(5000)}\r\n\r\n`,
    { closeAfterMs: PROMPTLY_MS },
  );
  t.match(bigHeaders.text, /^HTTP\/1\.1 431 Request Header Fields Too Large/);
  t.match(bigHeaders.text, /HTTP_HEADERS_TOO_LARGE/);
  t.ok(bigHeaders.closedByServer);

  const fits = await rawExchange(
    s.url,
    `GET /api/v1/probes/alive?q=${'a'.repeat(1000)} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(2000)}\r\nConnection: close\r\n\r\n`,
    { closeAfterMs: PROMPTLY_MS },
  );
  t.match(fits.text, /^HTTP\/1\.1 200 /, 'within the limits the request is served');
  t.ok(
    s.logs.some((l) => l.msg === 'request' && l.status === 414) &&
      s.logs.some((l) => l.msg === 'request' && l.status === 431),
    'the refusals are in the access log',
  );
});

t.test('the defaults accept what real clients send and refuse what none does', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const realistic = await fetch(`${s.url}/api/v1/probes/alive?q=${'a'.repeat(4000)}`, {
    headers: { cookie: `a=${'b'.repeat(8000)}` },
  });
  t.equal(realistic.status, 200, 'a 4 KB query and an 8 KB cookie pass');
  const huge = await rawExchange(
    s.url,
    `GET /api/v1/probes/alive?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    {
      closeAfterMs: PROMPTLY_MS,
    },
  );
  t.match(huge.text, /^HTTP\/1\.1 414 /);
});
