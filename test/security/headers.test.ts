import t from 'tap';
import { startTestApp } from '../helpers/test-app.js';

const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

// The headers a public service sends, through the real socket.
t.test('every answer carries the security headers; authenticated ones are never cached', async (t) => {
  const s = (await startTestApp(t, { socket: true, env: { CMS_HTTP_MAX_BODY_BYTES: '1024' } }))!;
  const answers = {
    ok: await s.http('GET', '/api/v1/probes/alive'),
    missing: await s.http('GET', '/api/v1/nothing'),
    refused: await s.http('GET', '/api/v1/users/current'),
    tooLarge: await s.http('POST', '/api/v1/authentication', { raw: 'x'.repeat(5000) }),
    signedIn: await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() }),
  };
  t.same(
    Object.values(answers).map((a) => a.status),
    [200, 404, 401, 413, 200],
  );
  for (const [name, answer] of Object.entries(answers)) {
    for (const [header, value] of Object.entries(EVERY_ANSWER))
      t.equal(answer.headers.get(header), value, `${name}: ${header}`);
    t.equal(answer.headers.get('strict-transport-security'), null, `${name}: no HSTS unless configured`);
  }
  t.equal(answers.signedIn.headers.get('cache-control'), 'no-store', 'an answer to a signed-in caller');
  t.equal(answers.ok.headers.get('cache-control'), null, 'an anonymous probe may be cached');
});

t.test('HSTS when http.hsts is on', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_HTTP_HSTS: 'true' } }))!;
  t.equal(
    (await s.http('GET', '/api/v1/probes/alive')).headers.get('strict-transport-security'),
    'max-age=31536000; includeSubDomains',
  );
});
