import { join } from 'node:path';
import t, { type Test } from 'tap';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { StorageToken } from '../../core/plugin/tokens.js';
import type { Storage } from '../../core/plugin/storage-driver.js';
import { ADMIN, startTestApp, tempDataDir, testOnEachStorage, type TestApp } from '../helpers/test-app.js';

const SIGNING = { CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'shared-signing-key-of-at-least-32-characters' };

/** Two processes on one database; the second trusts a checked token for `cacheSeconds`. */
async function twoApps(t: Test, storage: 'sqlite' | 'mysql', cacheSeconds: string): Promise<TestApp[] | undefined> {
  const second = { ...SIGNING, CMS_AUTH_SESSION_CACHE_SECONDS: cacheSeconds };
  if (storage === 'sqlite') {
    const dataDir = tempDataDir(t);
    return [(await startTestApp(t, { dataDir, env: SIGNING }))!, (await startTestApp(t, { dataDir, env: second }))!];
  }
  const url = await createTestDatabase(t);
  if (!url) return undefined;
  // Processes sharing a database share its search index too (one that would keep its own is refused).
  const index = join(tempDataDir(t), 'index.db');
  const db = { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url, CMS_SEARCH_EMBEDDED_FILE: index };
  const first = (await startTestApp(t, { env: { ...db, ...SIGNING } }))!;
  return [first, (await startTestApp(t, { env: { ...db, ...second } }))!];
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

testOnEachStorage(
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
