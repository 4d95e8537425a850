import t, { type Test } from 'tap';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startTestApp, tempDataDir, type TestApp } from '../helpers/test-app.js';

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
  const db = { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url };
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
