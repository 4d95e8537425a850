import t, { type Test } from 'tap';
import { SignJWT, decodeJwt } from 'jose';
import { checkDocumentedAnswer } from '../helpers/documented-answer.js';
import { ADMIN, startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const SIGNING_KEY = 'test-signing-key-of-at-least-thirty-two-characters';
const env = { CMS_HTTP_TRUST_PROXY: 'true', CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: SIGNING_KEY };
const key = new TextEncoder().encode(SIGNING_KEY);

async function createKey(s: TestApp, body: Record<string, unknown>, headers = s.basicAuth()) {
  return s.http('POST', '/api/v1/apitoken', { headers, body });
}

function bearer(jwt: string, from?: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}`, ...(from ? { 'x-forwarded-for': from } : {}) };
}

async function current(s: TestApp, headers: Record<string, string>) {
  return s.http('GET', '/api/v1/users/current', { headers });
}

/** A plain user with its own password. */
async function makeUser(t: Test, s: TestApp, email: string) {
  const created = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: 'Plain', lastName: 'User', password: 'a-long-user-password-1' },
  });
  t.equal(created.status, 200, 'user created');
  return { userId: created.json.entity.userId as string, auth: s.basicAuth(email, 'a-long-user-password-1') };
}

testOnSqlite(
  'API keys: created once, used with Bearer, listed without secrets, revoked and deleted',
  async (t, s) => {
    const created = await createKey(s, { userId: 'cms.org.1', expirationSeconds: 3600, claims: { label: 'ci' } });
    t.equal(created.status, 200);
    checkDocumentedAnswer(t, s, 'POST /api/v1/apitoken', created);
    const { token, jwt } = created.json.entity;
    t.match(token, { userId: 'cms.org.1', claims: { label: 'ci' }, revoked: false, valid: true, allowNetwork: null });
    t.match(token.id, /^api/);
    t.equal(jwt.split('.').length, 3);
    const claims = decodeJwt(jwt);
    t.equal(claims.jti, token.id);
    t.equal(claims.sub, token.id);
    t.ok(claims.exp && claims.nbf && claims.iat && claims.iss);

    const me = await current(s, bearer(jwt));
    t.equal(me.status, 200);
    t.equal(me.json.userId, 'cms.org.1');

    const list = await s.http('GET', '/api/v1/apitoken/cms.org.1/tokens', { headers: s.basicAuth() });
    t.equal(list.status, 200);
    checkDocumentedAnswer(t, s, 'GET /api/v1/apitoken/:userId/tokens', list);
    t.equal(list.json.entity.tokens.length, 1);
    t.notMatch(list.text, jwt.split('.')[2]!, 'no signature, no key in the list');
    t.notOk('jwt' in list.json.entity.tokens[0]);

    const expiring = await s.http('GET', '/api/v1/apitoken/expiring', { headers: bearer(jwt) });
    t.equal(expiring.status, 200);
    t.same(
      expiring.json.entity.tokens.map((k: { id: string }) => k.id),
      [token.id],
    );

    const revoked = await s.http('PUT', `/api/v1/apitoken/${token.id}/revoke`, { headers: s.basicAuth() });
    t.equal(revoked.status, 200);
    t.equal(revoked.json.entity.revoked.revoked, true);
    const refused = await current(s, bearer(jwt));
    t.equal(refused.status, 401, 'a revoked key is refused at once');
    t.match(refused.json.errors[0], { errorCode: 'TOKEN_REVOKED' });

    const second = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 3600 })).json.entity;
    t.equal((await current(s, bearer(second.jwt))).status, 200);
    const deleted = await s.http('DELETE', `/api/v1/apitoken/${second.token.id}`, { headers: s.basicAuth() });
    t.equal(deleted.status, 200);
    t.equal((await current(s, bearer(second.jwt))).status, 401, 'a deleted key is refused');
    t.equal((await s.http('DELETE', `/api/v1/apitoken/${second.token.id}`, { headers: s.basicAuth() })).status, 404);

    const third = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 3600 })).json.entity;
    const all = await s.http('PUT', '/api/v1/apitoken/users/cms.org.1/revoke', { headers: s.basicAuth() });
    t.equal(all.status, 200);
    t.equal(all.json.entity.revoked, 1);
    t.equal((await current(s, bearer(third.jwt))).status, 401);

    const joined = JSON.stringify(s.logs);
    for (const k of [jwt, second.jwt, third.jwt]) t.notOk(joined.includes(k.split('.')[2]!), 'no key is logged');
    t.notOk(joined.includes(SIGNING_KEY), 'the signing key is not logged');
  },
  { env },
);

testOnSqlite(
  'a user manages only their own keys, and a key has exactly its user’s permissions',
  async (t, s) => {
    const user = await makeUser(t, s, 'plain@cms.com');
    const own = await s.http('POST', '/api/v1/authentication/api-token', {
      body: { user: 'plain@cms.com', password: 'a-long-user-password-1', expirationDays: 2, label: 'mine' },
    });
    t.equal(own.status, 200);
    const jwt = own.json.entity.token as string;
    const me = await current(s, bearer(jwt));
    t.equal(me.json.userId, user.userId);
    t.equal(me.json.admin, false);
    t.equal((await s.http('GET', '/api/v1/users', { headers: bearer(jwt) })).status, 403, 'not an administrator');

    const forAdmin = await createKey(s, { userId: 'cms.org.1', expirationSeconds: 60 }, bearer(jwt));
    t.equal(forAdmin.status, 403);
    t.match(forAdmin.json.errors[0], { errorCode: 'TOKEN_FORBIDDEN' });
    t.equal((await s.http('GET', '/api/v1/apitoken/cms.org.1/tokens', { headers: user.auth })).status, 403);

    const byAdmin = await createKey(s, { userId: user.userId, expirationSeconds: 60 });
    t.equal(byAdmin.status, 200, 'an administrator creates keys for others');
    t.equal(byAdmin.json.entity.token.requestingUserId, 'cms.org.1');
    const adminKey = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 60 })).json.entity.token.id;
    const notHis = await s.http('PUT', `/api/v1/apitoken/${adminKey}/revoke`, { headers: user.auth });
    t.equal(notHis.status, 404, 'another user’s key is not found');

    const listed = await s.http('GET', `/api/v1/apitoken/${user.userId}/tokens`, { headers: user.auth });
    t.equal(listed.json.entity.tokens.length, 2);
    const wrong = await s.http('POST', '/api/v1/authentication/api-token', {
      body: { user: 'plain@cms.com', password: 'wrong-password-here' },
    });
    t.equal(wrong.status, 401);
    t.equal((await createKey(s, { userId: 'nobody', expirationSeconds: 60 })).status, 404);
    t.equal((await createKey(s, { userId: 'cms.org.1', expirationSeconds: 0 })).status, 400);
  },
  { env },
);

testOnSqlite(
  'a key with a network answers only calls from inside it (IPv4, IPv6, client address behind a proxy)',
  async (t, s) => {
    const v4 = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 600, network: '10.0.0.0/8' })).json.entity;
    t.equal(v4.token.allowNetwork, '10.0.0.0/8');
    t.equal((await current(s, bearer(v4.jwt, '10.20.30.40'))).status, 200);
    const outside = await current(s, bearer(v4.jwt, '192.168.1.1'));
    t.equal(outside.status, 401);
    t.match(outside.json.errors[0], { errorCode: 'TOKEN_NETWORK_REFUSED' });
    t.equal((await current(s, bearer(v4.jwt, '::ffff:10.1.1.1'))).status, 200, 'IPv4-mapped IPv6');

    const v6 = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 600, network: '2001:db8::/32' })).json
      .entity;
    t.equal((await current(s, bearer(v6.jwt, '2001:db8:1::5'))).status, 200);
    t.equal((await current(s, bearer(v6.jwt, '2001:db9::1'))).status, 401);
    t.equal((await current(s, bearer(v6.jwt, '10.0.0.1'))).status, 401);

    for (const network of ['10.0.0.0/33', 'not-a-network', '10.0.0/8', '2001:db8::/129']) {
      const bad = await createKey(s, { userId: 'cms.org.1', expirationSeconds: 600, network });
      t.equal(bad.status, 400, network);
      t.match(bad.json.errors[0], { errorCode: 'TOKEN_NETWORK_INVALID', fieldName: 'network' });
    }
  },
  { env },
);

testOnSqlite(
  'forged, tampered, expired and not-yet-valid keys are 401s with a reason, never 500',
  async (t, s) => {
    const { token, jwt } = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 600 })).json.entity;
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const json = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const signed = (extra: Record<string, unknown>, secret: Uint8Array = key) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);

    const cases: Array<[string, string, RegExp]> = [
      ['not a JWT', 'abc', /TOKEN_INVALID/],
      ['three junk parts', 'a.b.c', /TOKEN_INVALID/],
      ['alg none', `${json({ alg: 'none', typ: 'JWT' })}.${payload}.`, /TOKEN_INVALID/],
      ['RS256 header', `${json({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`, /TOKEN_INVALID/],
      ['HS512 header', `${json({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`, /TOKEN_INVALID/],
      ['tampered claims', `${header}.${json({ ...claims, uid: 'someone-else' })}.${signature}`, /TOKEN_INVALID/],
      [
        'another key',
        await signed({}, new TextEncoder().encode('another-key-of-thirty-two-characters!!')),
        /TOKEN_INVALID/,
      ],
      ['expired', await signed({ exp: now - 3600 }), /TOKEN_EXPIRED/],
      ['not yet valid', await signed({ nbf: now + 3600 }), /TOKEN_NOT_YET_VALID/],
      ['unknown id', await signed({ jti: 'api-unknown', sub: 'api-unknown' }), /TOKEN_REVOKED/],
      ['other user in a signed token', await signed({ uid: 'someone-else' }), /TOKEN_INVALID/],
      ['a cookie token as a key', await signed({ knd: 'cookie' }), /TOKEN_INVALID/],
      ['very long', 'x'.repeat(5000), /TOKEN_INVALID/],
    ];
    for (const [what, sent, code] of cases) {
      const answer = await current(s, bearer(sent));
      t.equal(answer.status, 401, what);
      t.match(answer.json?.errors?.[0]?.errorCode, code, what);
    }
    t.equal((await current(s, bearer(jwt))).status, 200, 'the genuine key still works');
    // Clock skew is bounded (auth.token.clock.skew.seconds, 30 by default).
    t.equal((await current(s, bearer(await signed({ nbf: now + 10 })))).status, 200, 'nbf 10 s ahead: skew');
    t.equal((await current(s, bearer(await signed({ exp: now - 10 })))).status, 200, 'exp 10 s ago: skew');
    const future = await current(s, bearer(await signed({ iat: now + 3600 })));
    t.equal(future.status, 401, 'issued in the future');
    t.match(future.json.errors[0], { errorCode: 'TOKEN_INVALID' });
    t.ok(token.id);
  },
  { env },
);

testOnSqlite(
  'remember me sets the access_token cookie that signs in without the session, ended by logout',
  async (t, s) => {
    const https = { 'x-forwarded-proto': 'https' };
    const signIn = (extra: Record<string, string> = https) =>
      s.http('POST', '/api/v1/authentication', {
        headers: extra,
        body: { user: ADMIN.email, password: ADMIN.password, rememberMe: true },
      });
    const plain = await signIn({});
    t.notMatch(plain.headers.get('set-cookie') ?? '', /access_token/, 'not over plain HTTP');

    const login = await signIn();
    const setCookies = login.headers.getSetCookie();
    const autoLogin = setCookies.find((c) => c.startsWith('access_token='));
    t.ok(autoLogin);
    t.match(autoLogin, /HttpOnly/);
    t.match(autoLogin, /Secure/);
    t.match(autoLogin, /SameSite=Lax/);
    t.match(autoLogin, new RegExp(`Max-Age=${14 * 86400}`));
    const cookie = autoLogin!.split(';')[0]!;
    const exp = decodeJwt(decodeURIComponent(cookie.slice('access_token='.length))).exp!;
    t.ok(Math.abs(exp - (Date.now() / 1000 + 30 * 86400)) < 60, 'the token expires after 30 days');

    const again = await current(s, { cookie, ...https });
    t.equal(again.status, 200, 'signed in by the cookie alone');
    t.equal(again.json.userId, 'cms.org.1');
    t.equal((await current(s, { cookie })).status, 401, 'not over plain HTTP');

    const forged = await current(s, { cookie: `access_token=${cookie.split('.')[0]}.e30.x`, ...https });
    t.equal(forged.status, 401);
    t.match(forged.json.errors[0], { errorCode: 'TOKEN_INVALID' });
    const bearerUse = await current(s, bearer(decodeURIComponent(cookie.slice('access_token='.length))));
    t.equal(bearerUse.status, 401, 'a cookie token is no API key');

    const logout = await s.http('GET', '/api/v1/logout', { headers: { cookie, ...https } });
    t.equal(logout.status, 200);
    t.ok(logout.headers.getSetCookie().some((c) => /^access_token=; .*Max-Age=0/.test(c)));
    t.equal((await current(s, { cookie, ...https })).status, 401, 'logout ended the token');
  },
  { env },
);

testOnSqlite(
  'json.web.token.days.max.age 0 sets no cookie; allowhttp accepts plain HTTP',
  async (t, s) => {
    const login = await s.http('POST', '/api/v1/authentication', {
      body: { user: ADMIN.email, password: ADMIN.password, rememberMe: true },
    });
    t.equal(login.status, 200);
    t.notOk(login.headers.getSetCookie().some((c) => c.startsWith('access_token=')));
  },
  { env: { ...env, CMS_JSON_WEB_TOKEN_DAYS_MAX_AGE: '0', CMS_JSON_WEB_TOKEN_ALLOWHTTP: 'true' } },
);

testOnSqlite(
  'allowhttp: the cookie is set and accepted over plain HTTP',
  async (t, s) => {
    const login = await s.http('POST', '/api/v1/authentication', {
      body: { user: ADMIN.email, password: ADMIN.password, rememberMe: true },
    });
    const autoLogin = login.headers.getSetCookie().find((c) => c.startsWith('access_token='));
    t.ok(autoLogin);
    t.notMatch(autoLogin, /Secure/);
    t.equal((await current(s, { cookie: autoLogin!.split(';')[0]! })).status, 200);
  },
  { env: { ...env, CMS_JSON_WEB_TOKEN_ALLOWHTTP: 'true' } },
);

t.test('a short signing key is warned about, without showing it', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'short-key-1234' } }))!;
  const warning = s.logs.find((l) => l.property === 'json.web.token.hash.signing.key');
  t.match(warning?.msg, /short/);
  t.notOk(JSON.stringify(s.logs).includes('short-key-1234'));
});

testOnSqlite('the public default signing key works, with a warning naming the property', async (t, s) => {
  const warning = s.logs.find((l) => l.property === 'json.web.token.hash.signing.key');
  t.ok(warning, 'start-up warns');
  t.equal(warning?.level, 'warn');
  const { jwt } = (await createKey(s, { userId: 'cms.org.1', expirationSeconds: 60 })).json.entity;
  t.equal((await current(s, bearer(jwt))).status, 200);
});

t.test('a class-path property naming no plugin contribution stops start-up, naming property and value', async (t) => {
  for (const [variable, property] of [
    ['CMS_JSON_WEB_TOKEN_SIGNING_KEY_FACTORY', 'json.web.token.signing.key.factory'],
    ['CMS_MARSHAL_IMPLEMENTATION', 'marshal.implementation'],
    ['CMS_GSON_CONFIGURATOR', 'gson.configurator'],
    ['CMS_ENCRYPTOR_IMPLEMENTATION', 'encryptor.implementation'],
  ] as const) {
    await t.rejects(
      startTestApp(t, { env: { [variable]: 'com.example.Missing' } }),
      {
        message: new RegExp(
          `${property.replaceAll('.', '\\.')}="com\\.example\\.Missing".*does not name a loaded plugin`,
        ),
      },
      property,
    );
  }
});
