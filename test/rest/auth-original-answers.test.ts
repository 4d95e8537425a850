import { testOnSqlite } from '../helpers/test-app.js';

testOnSqlite('a 401 is the envelope by default, its message starting with Invalid User', async (t, s) => {
  const anonymous = await s.http('GET', '/api/v1/users/current');
  t.equal(anonymous.status, 401);
  t.match(anonymous.headers.get('content-type'), /^application\/json/);
  t.match(anonymous.json.message, /^Invalid User/);
  t.equal(anonymous.json.errors[0].errorCode, 'AUTH_INVALID_USER');

  const basic = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.equal(basic.headers.get('set-cookie'), null, 'Basic stays stateless by default');
});

testOnSqlite(
  'with auth.unauthorized.body=text a 401 is the message alone, as the original answers it',
  async (t, s) => {
    const anonymous = await s.http('GET', '/api/v1/users/current');
    t.equal(anonymous.status, 401);
    t.match(anonymous.headers.get('content-type'), /^text\/plain/);
    t.match(anonymous.text, /^Invalid User/);
    const wrong = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('admin@cms.com', 'nope') });
    t.equal(wrong.status, 401);
    t.match(wrong.text, /^Invalid User/);
    t.equal(wrong.headers.get('www-authenticate'), 'Basic realm="cms", charset="UTF-8"', 'Basic is asked again');
    const missing = await s.http('GET', '/api/v1/users/nobody', { headers: s.basicAuth() });
    t.equal(missing.status, 404);
    t.equal(missing.json.errors[0].errorCode, 'USER_NOT_FOUND', 'other refusals keep the envelope');
  },
  { env: { CMS_AUTH_UNAUTHORIZED_BODY: 'text' } },
);

testOnSqlite(
  'with auth.basic.session a Basic sign-in leaves a session later requests use',
  async (t, s) => {
    const first = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
    t.equal(first.status, 200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    t.match(cookie, /^JSESSIONID=/);
    t.match(first.headers.get('set-cookie'), /HttpOnly/i);
    const later = await s.http('GET', '/api/v1/users/current', { headers: { cookie } });
    t.equal(later.status, 200, 'the cookie alone signs in');
    t.equal(later.json.email, 'admin@cms.com');

    const again = await s.http('GET', '/api/v1/users/current', { headers: { ...s.basicAuth(), cookie } });
    t.equal(again.headers.get('set-cookie'), null, 'a live session cookie sent along: no new session');

    const refused = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('admin@cms.com', 'nope') });
    t.equal(refused.status, 401);
    t.equal(refused.headers.get('set-cookie'), null, 'no session for wrong credentials');

    // The session is a session like any other: signing out ends it.
    await s.http('GET', '/api/v1/logout', { headers: { cookie } });
    t.equal((await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status, 401);
  },
  { env: { CMS_AUTH_BASIC_SESSION: 'true' } },
);
