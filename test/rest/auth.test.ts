import t from 'tap';
import { ADMIN, startTestApp } from '../helpers/test-app.js';

t.test('sign-in by Basic, CMSAUTH header and session cookie', async (t) => {
  const s = (await startTestApp(t))!;

  const anonymous = await s.http('GET', '/api/v1/users/current');
  t.equal(anonymous.status, 401);
  t.match(anonymous.text, /Invalid User/);

  const basic = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.equal(basic.status, 200);
  t.match(basic.json, {
    userId: 'cms.org.1',
    givenName: 'Admin',
    surname: 'User',
    email: ADMIN.email,
    admin: true,
    loginAs: true,
  });
  t.type(basic.json.roleId, 'string');
  t.same(basic.json.errors, [], 'envelope members stand beside the bare user');
  t.equal(basic.json.entity.userId, 'cms.org.1');

  const legacy = await s.http('GET', '/api/v1/users/current', {
    headers: { cmsauth: Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64') },
  });
  t.equal(legacy.status, 200);
  t.equal(legacy.json.email, ADMIN.email);

  const login = await s.http('POST', '/api/v1/authentication', {
    body: { user: 'ADMIN@cms.com', password: ADMIN.password },
  });
  t.equal(login.status, 200);
  t.equal(login.json.entity.userId, 'cms.org.1');
  const setCookie = login.headers.get('set-cookie')!;
  t.match(setCookie, /^JSESSIONID=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
  t.notMatch(setCookie, /Secure/, 'not Secure over plain HTTP');
  const cookie = setCookie.split(';')[0]!;

  const viaCookie = await s.http('GET', '/api/v1/users/current', { headers: { cookie } });
  t.equal(viaCookie.status, 200);
  t.equal(viaCookie.json.userId, 'cms.org.1');

  const logout = await s.http('GET', '/api/v1/logout', { headers: { cookie } });
  t.equal(logout.status, 200);
  t.match(logout.headers.get('set-cookie'), /JSESSIONID=; Path=\/; Max-Age=0/);
  const afterLogout = await s.http('GET', '/api/v1/users/current', { headers: { cookie } });
  t.equal(afterLogout.status, 401, 'the session ended');
});

t.test('failed sign-in answers the same whether or not the user exists, and is throttled', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_LOGIN_MAX_FAILURES: '3' } }))!;
  const wrongPassword = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: 'nope' },
  });
  const noSuchUser = await s.http('POST', '/api/v1/authentication', {
    body: { user: 'ghost@cms.com', password: 'nope' },
  });
  t.equal(wrongPassword.status, 401);
  t.equal(noSuchUser.status, 401);
  t.equal(wrongPassword.text, noSuchUser.text);
  t.match(wrongPassword.json, { message: /Invalid User/, entity: null });

  const basicWrong = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth(ADMIN.email, 'bad') });
  t.equal(basicWrong.status, 401);
  t.equal(
    (
      await s.http('GET', '/api/v1/users/current', {
        headers: { cmsauth: Buffer.from(`${ADMIN.email}:bad`).toString('base64') },
      })
    ).status,
    401,
  );
  const throttled = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  t.equal(throttled.status, 429, 'held back after 3 failures, even with the right password');
  t.ok(Number(throttled.headers.get('retry-after')) > 0);
  const otherAccount = await s.http('POST', '/api/v1/authentication', {
    body: { user: 'someone@cms.com', password: 'x' },
  });
  t.equal(otherAccount.status, 401, 'other accounts are not affected');
});

t.test('malformed credentials are a 401, never a 500', async (t) => {
  const s = (await startTestApp(t))!;
  for (const headers of <Array<Record<string, string>>>[
    { authorization: 'Basic ###' },
    { authorization: 'Basic ' },
    { cmsauth: 'bm9jb2xvbg==' },
    { cookie: 'JSESSIONID=short' },
  ]) {
    const r = await s.http('GET', '/api/v1/users/current', { headers });
    t.equal(r.status, 401, JSON.stringify(headers));
  }
});

t.test('auth.schemes chooses the schemes and their order', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_SCHEMES: 'basic' } }))!;
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() })).status, 200);
  const legacy = { cmsauth: Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64') };
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: legacy })).status, 401);
});

t.test(
  'without the session scheme, sign-in is refused (403) instead of setting a cookie that never works',
  async (t) => {
    const s = (await startTestApp(t, { env: { CMS_AUTH_SCHEMES: 'basic' } }))!;
    const login = await s.http('POST', '/api/v1/authentication', {
      body: { user: ADMIN.email, password: ADMIN.password },
    });
    t.equal(login.status, 403);
    t.equal(login.json.message, 'session sign-in is not enabled');
    t.equal(login.json.errors[0].errorCode, 'AUTH_SESSION_DISABLED');
    t.equal(login.headers.get('set-cookie'), null, 'no cookie');
    const wrong = await s.http('POST', '/api/v1/authentication', { body: { user: ADMIN.email, password: 'wrong' } });
    t.equal(wrong.status, 403, 'refused before the password is checked');
    const logout = await s.http('GET', '/api/v1/logout', { headers: { cookie: 'JSESSIONID=anything' } });
    t.equal(logout.status, 200, 'logout still answers (it ends nothing)');
  },
);

t.test('session cookies are Secure behind HTTPS', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_HTTP_TRUST_PROXY: 'true' } }))!;
  const login = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
    headers: { 'x-forwarded-proto': 'https' },
  });
  t.equal(login.status, 200);
  t.match(login.headers.get('set-cookie'), /; Secure;/);
});

t.test('an unknown auth scheme name stops start-up naming the property', async (t) => {
  await t.rejects(startTestApp(t, { env: { CMS_AUTH_SCHEMES: 'basic,kerberos' } }), {
    name: 'StartupError',
    message: /auth\.schemes="kerberos"/,
  });
});
