import { testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Archiving, unarchiving and deleting sites on the original's paths.

const PASSWORD = 'a-long-user-password-1';
const SHOP = 'shop.example.com';

async function editor(s: TestApp): Promise<Record<string, string>> {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'editor@x.com', firstName: 'E', lastName: 'E', password: PASSWORD },
  });
  if (made.status !== 200) throw new Error(made.text);
  return s.basicAuth('editor@x.com', PASSWORD);
}

/** A site with a folder, a published file in it, a menu link, a type kept on it and an analytics key. */
async function furnishedSite(s: TestApp) {
  const admin = s.basicAuth();
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await s.http(method, path, { headers: admin, body });
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.text}`);
    return answer.json;
  };
  const siteId = (await ok('POST', '/api/v1/site', { siteName: SHOP })).entity.identifier as string;
  await ok('POST', `/api/v1/folder/createfolders/${SHOP}`, ['/docs']);
  await ok('POST', '/api/v1/contenttype', { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' });
  const upload = `data:text/plain;name=a.txt;base64,${Buffer.from('shop file').toString('base64')}`;
  const file = (
    await ok('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH?indexPolicy=WAIT_FOR', {
      contentletFormData: { contentType: 'Docs', hostFolder: `${SHOP}:/docs`, fileAsset: upload, fileName: 'a.txt' },
    })
  ).entity.identifier as string;
  const hostedType = (
    await ok('POST', '/api/v1/contenttype', {
      clazz: 'SimpleContentType',
      name: 'Shop only',
      variable: 'ShopOnly',
      host: siteId,
    })
  ).entity;
  const typeId = (Array.isArray(hostedType) ? hostedType[0] : hostedType).id as string;
  const link = (
    await ok('POST', '/api/v1/menulinks', {
      title: 'Guide',
      siteId,
      folderPath: '/docs',
      url: 'docs.example.com/guide',
      protocol: 'https://',
    })
  ).entity.identifier as string;
  await ok('GET', `/api/v1/analytics/content/siteauth/generate/${siteId}`);
  return { siteId, file, typeId, link };
}

testOnSqlite('an archived site stops answering; only an archived site is deleted, with all under it', async (t, s) => {
  const admin = s.basicAuth();
  const { siteId, file, typeId, link } = await furnishedSite(s);
  const served = () => s.http('GET', '/docs/a.txt', { headers: { ...admin, host: SHOP } });
  const nav = () => s.http('GET', `/api/v1/nav/docs?depth=1&host_id=${siteId}`, { headers: admin });
  t.equal((await served()).text, 'shop file', 'the file is served under the site name');
  t.equal((await nav()).status, 200);

  const early = await s.http('DELETE', `/api/v1/site/${siteId}`, { headers: admin });
  t.equal(early.status, 409, 'a site that is not archived is not deleted');
  t.equal(early.json.errors[0].errorCode, 'SITE_NOT_ARCHIVED');

  const archived = await s.http('PUT', `/api/v1/site/${siteId}/_archive`, { headers: admin });
  t.equal(archived.status, 200, archived.text);
  t.match(archived.json.entity, { identifier: siteId, siteName: SHOP, archived: true, live: false });
  t.equal((await s.http('GET', `/api/v1/site/${siteId}`, { headers: admin })).json.entity.archived, true);
  t.equal((await served()).status, 404, 'its host name reaches the default site, which has no such file');
  t.equal((await nav()).status, 404, 'no navigation of an archived site');

  const unarchived = await s.http('PUT', `/api/v1/site/${SHOP}/_unarchive`, { headers: admin });
  t.match(unarchived.json.entity, { identifier: siteId, archived: false, live: false }, 'by name too');
  t.equal((await served()).status, 404, 'as in the original, an unarchived site stays stopped');
  const published = await s.http('PUT', `/api/v1/site/${siteId}/_publish`, { headers: admin });
  t.match(published.json.entity, { identifier: siteId, live: true });
  t.equal((await served()).text, 'shop file', 'served again once published');

  await s.http('PUT', `/api/v1/site/${siteId}/_archive`, { headers: admin });
  const deleted = await s.http('DELETE', `/api/v1/site/${siteId}`, { headers: admin });
  t.equal(deleted.status, 200, deleted.text);
  t.same(deleted.json.entity, true, 'the original answers the outcome as the entity');
  const gone = async (path: string) => (await s.http('GET', path, { headers: admin })).status;
  t.equal(await gone(`/api/v1/site/${siteId}`), 404, 'the site is gone');
  t.equal(await gone(`/api/v1/content/${file}`), 404, 'its content is gone');
  // The folder endpoints name the site, which is unknown now: ask the storage.
  const storage = s.app.services.storage;
  t.same(await storage.folders.listSubtree(siteId, '/'), [], 'its folders are gone');
  t.equal(await storage.analyticsSiteKeys.find(siteId), undefined, 'its analytics key is gone');
  t.equal(await gone(`/api/v1/contenttype/id/${typeId}`), 404, 'the type kept on it is gone');
  t.equal(await gone(`/api/v1/menulinks/${link}`), 404, 'its menu links are gone');
  t.equal(await gone('/api/v1/contenttype/id/Docs'), 200, 'a type of the system site stays');
  const search = await s.http('POST', '/api/es/search', {
    headers: admin,
    body: { query: { bool: { must: { term: { identifier: file } } } } },
  });
  t.same(search.json.contentlets, [], 'and out of the index');
  const again = await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: SHOP } });
  t.equal(again.status, 200, 'the name is free again');
});

testOnSqlite('the default and the system site refuse; unknown sites and non-administrators too', async (t, s) => {
  const admin = s.basicAuth();
  const sites = (await s.http('GET', '/api/v1/site', { headers: admin })).json.entity as Array<{
    identifier: string;
    default: boolean;
  }>;
  const byDefault = sites.find((site) => site.default)!.identifier;
  const refusal = async (method: string, path: string) => {
    const answer = await s.http(method, path, { headers: admin });
    return { status: answer.status, code: answer.json?.errors?.[0]?.errorCode, message: answer.json?.message };
  };
  t.same(await refusal('PUT', `/api/v1/site/${byDefault}/_archive`), {
    status: 409,
    code: 'SITE_DEFAULT_NOT_ARCHIVABLE',
    message: "the default site can't be archived",
  });
  t.same(await refusal('DELETE', `/api/v1/site/${byDefault}`), {
    status: 409,
    code: 'SITE_DEFAULT_NOT_DELETABLE',
    message: "the default site can't be deleted",
  });
  for (const [method, path] of [
    ['PUT', '/api/v1/site/SYSTEM_HOST/_archive'],
    ['PUT', '/api/v1/site/SYSTEM_HOST/_unarchive'],
    ['DELETE', '/api/v1/site/SYSTEM_HOST'],
  ] as const)
    t.match(await refusal(method, path), { status: 409, code: 'SITE_SYSTEM_UNCHANGEABLE' }, `${method} ${path}`);
  for (const [method, path] of [
    ['PUT', '/api/v1/site/no-such-site/_archive'],
    ['PUT', '/api/v1/site/no-such-site/_unarchive'],
    ['DELETE', '/api/v1/site/no-such-site'],
    ['PUT', '/api/v1/site/switch/no-such-site'],
  ] as const)
    t.match(await refusal(method, path), { status: 404, code: 'SITE_NOT_FOUND' }, `${method} ${path}`);

  const site = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: SHOP } })).json.entity;
  const user = await editor(s);
  for (const [method, path] of [
    ['PUT', `/api/v1/site/${site.identifier}/_archive`],
    ['PUT', `/api/v1/site/${site.identifier}/_unarchive`],
    ['DELETE', `/api/v1/site/${site.identifier}`],
  ] as const)
    t.equal((await s.http(method, path, { headers: user })).status, 403, `${method} ${path}: administrators only`);
  t.equal((await s.http('PUT', `/api/v1/site/${site.identifier}/_archive`)).status, 401);
  t.equal((await s.http('GET', `/api/v1/site/${site.identifier}`, { headers: admin })).json.entity.archived, false);
});

testOnSqlite(
  "switch sets the user's current site; an archived or deleted one falls back to the default",
  async (t, s) => {
    const admin = s.basicAuth();
    const current = async (headers = admin) =>
      (await s.http('GET', '/api/v1/site/currentSite', { headers })).json.entity.siteName as string;
    t.equal(await current(), 'default', 'the default site until a switch');
    const site = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: SHOP } })).json.entity;
    const switched = await s.http('PUT', `/api/v1/site/switch/${site.identifier}`, { headers: admin });
    t.equal(switched.status, 200, switched.text);
    t.same(switched.json.entity, { hostSwitched: true });
    t.equal(await current(), SHOP, 'kept for the next requests of the user');
    const user = await editor(s);
    const noSite = async () => (await s.http('GET', '/api/v1/site/currentSite', { headers: user })).status;
    t.equal(await noSite(), 404, 'a user who may read no site has no current site, not even the default one');
    const roleId = (await s.http('GET', '/api/v1/users/current', { headers: user })).json.roleId as string;
    const opened = await s.http('PUT', `/api/v1/permissions/${site.identifier}`, {
      headers: admin,
      body: { permissions: [{ roleId, permissions: ['READ'] }] },
    });
    t.equal(opened.status, 200, opened.text);
    t.equal((await s.http('PUT', `/api/v1/site/switch/${SHOP}`, { headers: user })).status, 200);
    t.equal(await current(user), SHOP, 'a user who may read the site switches to it');
    const closed = await s.http('PUT', `/api/v1/permissions/${site.identifier}`, {
      headers: admin,
      body: { permissions: [] },
    });
    t.equal(closed.status, 200, 'the user may no longer read the site');
    const refused = await s.http('PUT', `/api/v1/site/switch/${site.identifier}`, { headers: user });
    t.equal(refused.status, 404, 'a user switches only to a site they may read; another is as unknown');
    t.equal(await noSite(), 404, 'a current site the user may no longer read is not current');

    const back = await s.http('PUT', '/api/v1/site/switch', { headers: admin });
    t.match(back.json.entity, { siteName: 'default', default: true }, 'switch without an id: the default site');
    t.equal(await current(), 'default');

    await s.http('PUT', `/api/v1/site/switch/${SHOP}`, { headers: admin });
    t.equal(await current(), SHOP, 'by name too');
    await s.http('PUT', `/api/v1/site/${site.identifier}/_archive`, { headers: admin });
    t.equal(await current(), 'default', 'an archived current site is not current');
    await s.http('DELETE', `/api/v1/site/${site.identifier}`, { headers: admin });
    t.equal(await current(), 'default', 'nor a deleted one');
    t.equal((await s.http('GET', '/api/v1/site/currentSite')).status, 401);
  },
);

testOnEachStorage('a deletion that fails part of the way removes nothing: one transaction', async (t, s) => {
  const admin = s.basicAuth();
  const { siteId, file } = await furnishedSite(s);
  const upload = `data:text/plain;name=b.txt;base64,${Buffer.from('second').toString('base64')}`;
  const second = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: admin,
    body: {
      contentletFormData: { contentType: 'Docs', hostFolder: `${SHOP}:/docs`, fileAsset: upload, fileName: 'b.txt' },
    },
  });
  t.equal(second.status, 200, 'a second file');
  await s.http('PUT', `/api/v1/site/${siteId}/_archive`, { headers: admin });

  // The second item's removal fails, after the first one's.
  const content = s.app.services.content;
  const destroy = content.destroy.bind(content);
  let calls = 0;
  content.destroy = async (tx, identifier) => {
    if (++calls === 2) throw new Error('disk on fire');
    return destroy(tx, identifier);
  };
  t.teardown(() => {
    content.destroy = destroy;
  });
  const failed = await s.http('DELETE', `/api/v1/site/${siteId}`, { headers: admin });
  t.equal(failed.status, 500);
  content.destroy = destroy;

  t.equal((await s.http('GET', `/api/v1/site/${siteId}`, { headers: admin })).status, 200, 'the site is still there');
  for (const identifier of [file, second.json.entity.identifier as string])
    t.equal(
      (await s.http('GET', `/api/v1/content/${identifier}`, { headers: admin })).status,
      200,
      'and every item of it',
    );
  const storage = s.app.services.storage;
  t.equal((await storage.folders.listSubtree(siteId, '/')).length, 1, 'and its folder');
  t.equal((await s.http('DELETE', `/api/v1/site/${siteId}`, { headers: admin })).status, 200, 'a retry succeeds');
});
