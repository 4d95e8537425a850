import { join } from 'node:path';
import t, { type Test } from 'tap';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { StorageToken } from '../../core/plugin/tokens.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { ADMIN, startTestApp, tempDataDir, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const SIGNING = { CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'shared-signing-key-of-at-least-32-characters' };

/** Two processes on one database; the second trusts a checked token for `cacheSeconds`. */
async function twoApps(
  t: Test,
  storage: 'sqlite' | 'mysql',
  cacheSeconds: string,
  extra: Record<string, string> = {},
): Promise<TestApp[] | undefined> {
  const first = { ...SIGNING, ...extra };
  const second = { ...first, CMS_AUTH_SESSION_CACHE_SECONDS: cacheSeconds };
  if (storage === 'sqlite') {
    const dataDir = tempDataDir(t);
    return [(await startTestApp(t, { dataDir, env: first }))!, (await startTestApp(t, { dataDir, env: second }))!];
  }
  const url = await createTestDatabase(t);
  if (!url) return undefined;
  // Processes sharing a database share its search index too (one that would keep its own is refused).
  const index = join(tempDataDir(t), 'index.db');
  const db = { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url, CMS_SEARCH_EMBEDDED_FILE: index };
  return [
    (await startTestApp(t, { env: { ...db, ...first } }))!,
    (await startTestApp(t, { env: { ...db, ...second } }))!,
  ];
}

async function keyFrom(app: TestApp): Promise<{ id: string; jwt: string }> {
  const created = await app.http('POST', '/api/v1/apitoken', {
    headers: app.basicAuth(),
    body: { userId: 'cms.org.1', expirationSeconds: 600 },
  });
  return { id: created.json.entity.token.id, jwt: created.json.entity.jwt };
}

const current = (app: TestApp, jwt: string) =>
  app.http('GET', '/api/v1/users/current', { headers: { authorization: `Bearer ${jwt}` } });

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `a key revoked in one process is refused by another within auth.session.cache.seconds, on ${storage}`,
    async (t) => {
      const apps = await twoApps(t, storage, '0');
      if (!apps) return;
      const [a, b] = apps as [TestApp, TestApp];
      const { id, jwt } = await keyFrom(a);
      t.equal((await current(b, jwt)).status, 200, 'a key made by one process works in the other');
      await a.http('PUT', `/api/v1/apitoken/${id}/revoke`, { headers: a.basicAuth() });
      t.equal((await current(b, jwt)).status, 401, 'with no cache, at once');
    },
  );

  t.test(`a warm key is answered without reading storage, until the cache time passes, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage, '3600');
    if (!apps) return;
    const [a, b] = apps as [TestApp, TestApp];
    const { id, jwt } = await keyFrom(a);
    t.equal((await current(b, jwt)).status, 200);
    await a.http('PUT', `/api/v1/apitoken/${id}/revoke`, { headers: a.basicAuth() });
    t.equal((await current(a, jwt)).status, 401, 'the revoking process refuses it at once');
    t.equal((await current(b, jwt)).status, 200, 'the other trusts its check for the cache time');
  });
}

testOnSqlite(
  'a user changed since the sign-in (a new password) or deactivated is signed in by no token',
  async (t, s) => {
    const https = { 'x-forwarded-proto': 'https' };
    const login = await s.http('POST', '/api/v1/authentication', {
      headers: https,
      body: { user: ADMIN.email, password: ADMIN.password, rememberMe: true },
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('access_token='))!
      .split(';')[0]!;
    const { jwt } = await keyFrom(s);
    const viaCookie = () => s.http('GET', '/api/v1/users/current', { headers: { cookie, ...https } });
    t.equal((await viaCookie()).status, 200);
    const storage = s.app.container.resolve<Storage>(StorageToken);
    await storage.users.update('cms.org.1', { modDate: Date.now() + 1000 });
    t.equal((await viaCookie()).status, 401, 'the cookie ends with a change to the user');
    t.equal((await current(s, jwt)).status, 200, 'an API key outlives a change to its user, as the original’s');
    await storage.users.update('cms.org.1', { active: false });
    t.equal((await current(s, jwt)).status, 401, 'a deactivated user’s key is refused');
  },
  { env: { ...SIGNING, CMS_HTTP_TRUST_PROXY: 'true', CMS_AUTH_SESSION_CACHE_SECONDS: '0' } },
);

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `deactivation ends a user's session, API key and access_token cookie for good, in every process, on ${storage}`,
    async (t) => {
      // The second process reads storage on every request: what it answers is what storage says.
      const apps = await twoApps(t, storage, '0', { CMS_HTTP_TRUST_PROXY: 'true' });
      if (!apps) return;
      const [a, b] = apps as [TestApp, TestApp];
      const https = { 'x-forwarded-proto': 'https' };
      const editor = { email: 'editor@example.com', password: 'editor-password-1' };
      const made = await a.http('POST', '/api/v1/users', {
        headers: a.basicAuth(),
        body: { ...editor, firstName: 'E', lastName: 'D' },
      });
      t.equal(made.status, 200, made.text);
      const userId: string = made.json.entity.userId;
      const signIn = () =>
        a.http('POST', '/api/v1/authentication', {
          headers: https,
          body: { user: editor.email, password: editor.password, rememberMe: true },
        });
      const signedIn = await signIn();
      t.equal(signedIn.status, 200, signedIn.text);
      const cookieOf = (name: string) =>
        signedIn.headers
          .getSetCookie()
          .find((c) => c.startsWith(`${name}=`))!
          .split(';')[0]!;
      const key = await a.http('POST', '/api/v1/apitoken', {
        headers: a.basicAuth(),
        body: { userId, expirationSeconds: 600 },
      });
      const credentials = {
        session: { cookie: cookieOf('JSESSIONID'), ...https },
        'access_token cookie': { cookie: cookieOf('access_token'), ...https },
        'API key': { authorization: `Bearer ${key.json.entity.jwt}`, ...https },
      };
      const statuses = async () => {
        const out: Record<string, number> = {};
        for (const app of [a, b])
          for (const [name, headers] of Object.entries(credentials))
            out[`${name} in process ${app === a ? 'a' : 'b'}`] = (
              await app.http('GET', '/api/v1/users/current', { headers })
            ).status;
        return out;
      };
      const all = (status: number) =>
        Object.fromEntries(
          Object.keys(credentials).flatMap((n) => [
            [`${n} in process a`, status],
            [`${n} in process b`, status],
          ]),
        );
      t.same(await statuses(), all(200), 'each credential works in both processes');

      const active = (value: boolean) =>
        a.http('PUT', `/api/v1/users/${userId}`, { headers: a.basicAuth(), body: { active: value } });
      t.equal((await active(false)).status, 200);
      t.same(await statuses(), all(401), 'deactivated: each is refused');
      t.equal((await active(true)).status, 200);
      t.same(await statuses(), all(401), 'reactivated: none comes back');
      const listed = await a.http('GET', `/api/v1/apitoken/${userId}/tokens`, { headers: a.basicAuth() });
      t.same(
        listed.json.entity.tokens.map((k: { revoked: boolean }) => k.revoked),
        [true],
        'the key is listed as revoked',
      );
      const again = await signIn();
      t.equal(again.status, 200, 'a fresh sign-in works');
      const fresh = again.headers
        .getSetCookie()
        .find((c) => c.startsWith('JSESSIONID='))!
        .split(';')[0]!;
      t.equal(
        (await b.http('GET', '/api/v1/users/current', { headers: { cookie: fresh, ...https } })).status,
        200,
        'and its session works in the other process',
      );
    },
  );
}
