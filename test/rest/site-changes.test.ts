import { testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Updating, publishing, copying and finding sites by name, and site variables, on the original's paths.

const SHOP = 'shop.example.com';

async function ok(s: TestApp, method: string, path: string, body?: unknown) {
  const answer = await s.http(method, path, { headers: s.basicAuth(), body });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json.entity;
}

testOnEachStorage(
  'a site is renamed, given aliases and variables, stopped, started and found by name',
  async (t, s) => {
    const admin = s.basicAuth();
    const created = await ok(s, 'POST', '/api/v1/site', {
      siteName: SHOP,
      variables: [{ name: 'Shop phone', key: 'phone', value: '555-0100' }],
      keywords: 'kept by the original only',
    });
    t.match(created, { siteName: SHOP, live: true, archived: false, default: false, locked: false, languageId: 1 });
    t.match(created.variables, [{ name: 'Shop phone', key: 'phone', value: '555-0100' }]);

    const updated = await ok(s, 'PUT', `/api/v1/site?id=${created.identifier}`, {
      siteName: 'store.example.com',
      aliases: 'www.store.example.com',
      variables: [
        { id: created.variables[0].id, name: 'Phone', key: 'phone', value: '555-0199' },
        { name: 'Mail', key: 'mail', value: 'shop@example.com' },
      ],
    });
    t.match(updated, {
      identifier: created.identifier,
      siteName: 'store.example.com',
      aliases: 'www.store.example.com',
    });
    t.same(
      updated.variables.map((v: { key: string; value: string }) => [v.key, v.value]),
      [
        ['phone', '555-0199'],
        ['mail', 'shop@example.com'],
      ],
    );
    t.equal(updated.variables[0].id, created.variables[0].id, 'a variable sent with its id keeps it');
    t.equal(
      (await s.http('GET', `/api/v1/site/${SHOP}`, { headers: admin })).status,
      404,
      'the old name no longer finds it',
    );

    const served = async () =>
      (await s.http('GET', '/nothing-here', { headers: { host: 'www.store.example.com' } })).status;
    t.equal(await served(), 404);
    const stopped = await ok(s, 'PUT', `/api/v1/site/${created.identifier}/_unpublish`);
    t.match(stopped, { live: false });
    const started = await ok(s, 'PUT', `/api/v1/site/store.example.com/_publish`);
    t.match(started, { live: true }, 'by name too');

    const byName = await ok(s, 'POST', '/api/v1/site/_byname', { siteName: 'STORE.example.com' });
    t.equal(byName.identifier, created.identifier, 'by name, ignoring case');
    t.equal(byName.variables.length, 2, 'with its variables');
    t.equal((await ok(s, 'GET', '/api/v1/site/_byname/store.example.com')).identifier, created.identifier);
    t.equal((await ok(s, 'GET', `/api/v1/site/${created.identifier}`)).variables.length, 2);

    const other = await ok(s, 'POST', '/api/v1/site', { siteName: 'other.example.com' });
    const clash = await s.http('PUT', `/api/v1/site?id=${other.identifier}`, {
      headers: admin,
      body: { siteName: 'Store.Example.com' },
    });
    t.equal(clash.status, 409);
    t.equal(clash.json.errors[0].errorCode, 'SITE_NAME_TAKEN');
    t.equal(clash.json.message, 'A site named `Store.Example.com` already exists.');
    const twice = await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'OTHER.example.com' } });
    t.equal(twice.status, 409, 'creating a second site of the name too');
  },
);

testOnSqlite('site variables are listed, saved by id or key, refused when malformed, and deleted', async (t, s) => {
  const admin = s.basicAuth();
  const site = await ok(s, 'POST', '/api/v1/site', { siteName: SHOP });
  const saved = await ok(s, 'PUT', '/api/v1/site/variable', {
    siteId: site.identifier,
    name: 'Phone',
    key: 'phone',
    value: '555',
  });
  t.match(saved, { hostId: site.identifier, name: 'Phone', key: 'phone', value: '555', lastModifierId: String });
  const byKey = await ok(s, 'PUT', '/api/v1/site/variable', {
    siteId: SHOP,
    name: 'Phone number',
    key: 'PHONE',
    value: '556',
  });
  t.equal(byKey.id, saved.id, 'a variable sent without an id is found by its key, ignoring case');
  await ok(s, 'PUT', '/api/v1/site/variable', { siteId: site.identifier, name: 'Mail', key: 'mail', value: 'm' });
  const listed = await ok(s, 'GET', `/api/v1/site/variable/${site.identifier}`);
  t.same(
    listed.map((v: { key: string; value: string }) => [v.key, v.value]),
    [
      ['PHONE', '556'],
      ['mail', 'm'],
    ],
  );

  const refused = async (body: Record<string, unknown>) => {
    const answer = await s.http('PUT', '/api/v1/site/variable', { headers: admin, body });
    return { status: answer.status, code: answer.json?.errors?.[0]?.errorCode, message: answer.json?.message };
  };
  const full = { siteId: site.identifier, name: 'N', key: 'k', value: 'v' };
  t.same(await refused({ ...full, siteId: undefined }), {
    status: 400,
    code: 'SITE_VARIABLE_FIELD_REQUIRED',
    message: 'The siteId is required',
  });
  t.match(await refused({ ...full, name: ' ' }), { status: 400, message: 'The Name is required' });
  t.match(await refused({ ...full, key: '' }), { status: 400, message: 'The Key is required' });
  t.match(await refused({ ...full, value: '' }), { status: 400, message: 'The Value is required' });
  t.match(await refused({ ...full, key: 'has space' }), { status: 400, code: 'SITE_VARIABLE_KEY_INVALID' });
  t.match(await refused({ ...full, id: listed[1].id, key: 'PHONE' }), {
    status: 400,
    code: 'SITE_VARIABLE_KEY_TAKEN',
  });
  t.match(await refused({ ...full, siteId: 'no-such-site' }), { status: 404, code: 'SITE_NOT_FOUND' });

  const removed = await s.http('DELETE', `/api/v1/site/variable/${site.identifier}/${saved.id}`, { headers: admin });
  t.equal(removed.status, 200, removed.text);
  t.equal((await ok(s, 'GET', `/api/v1/site/variable/${site.identifier}`)).length, 1);
  const again = await s.http('DELETE', `/api/v1/site/variable/${site.identifier}/${saved.id}`, { headers: admin });
  t.equal(again.status, 404);
  t.equal(again.json.errors[0].errorCode, 'SITE_VARIABLE_NOT_FOUND');

  const made = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'editor@x.com', firstName: 'E', lastName: 'E', password: 'a-long-user-password-1' },
  });
  t.equal(made.status, 200, made.text);
  const editor = s.basicAuth('editor@x.com', 'a-long-user-password-1');
  t.equal(
    (await s.http('GET', `/api/v1/site/variable/${site.identifier}`, { headers: editor })).status,
    404,
    'the variables of a site the caller may not read are not found',
  );
  t.equal((await s.http('PUT', '/api/v1/site/variable', { headers: editor, body: full })).status, 403);
  t.equal((await s.http('POST', '/api/v1/site/_byname', { headers: editor, body: { siteName: SHOP } })).status, 404);
});

testOnSqlite('a copy takes the folders and variables asked for; refusals name the reason', async (t, s) => {
  const admin = s.basicAuth();
  const source = await ok(s, 'POST', '/api/v1/site', {
    siteName: SHOP,
    variables: [{ name: 'Phone', key: 'phone', value: '555' }],
  });
  await ok(s, 'POST', `/api/v1/folder/createfolders/${SHOP}`, ['/docs/guides', '/about']);

  const copy = await ok(s, 'PUT', '/api/v1/site/_copy', {
    copyFromSiteId: source.identifier,
    copyAll: false,
    copyFolders: true,
    copySiteVariables: true,
    copyContentOnPages: true,
    site: { siteName: 'copy.example.com' },
  });
  t.match(copy, { siteName: 'copy.example.com' });
  t.not(copy.identifier, source.identifier);
  t.match(copy.variables, [{ key: 'phone', value: '555' }]);
  const folders = await s.app.services.storage.folders.listSubtree(copy.identifier, '/');
  t.same(
    folders.map((f) => f.path),
    ['/about/', '/docs/', '/docs/guides/'],
    'the folder tree is copied',
  );
  const bare = await ok(s, 'PUT', '/api/v1/site/_copy', {
    copyFromSiteId: SHOP,
    site: { siteName: 'bare.example.com' },
  });
  t.same(bare.variables, [], 'nothing asked, nothing copied');

  const missing = await s.http('PUT', '/api/v1/site/_copy', {
    headers: admin,
    body: { copyFromSiteId: 'no-such-site', site: { siteName: 'x.example.com' } },
  });
  t.equal(missing.status, 404);
  const noId = await s.http('PUT', '/api/v1/site', { headers: admin, body: { siteName: 'x.example.com' } });
  t.equal(noId.status, 400);
  t.equal(noId.json.message, 'The id query string parameter can not be null');

  const byDefault = (await ok(s, 'GET', '/api/v1/site')).find((x: { default: boolean }) => x.default);
  const unpublish = await s.http('PUT', `/api/v1/site/${byDefault.identifier}/_unpublish`, { headers: admin });
  t.equal(unpublish.status, 409);
  t.equal(unpublish.json.errors[0].errorCode, 'SITE_DEFAULT_NOT_UNPUBLISHABLE');
  await ok(s, 'PUT', `/api/v1/site/${source.identifier}/_archive`);
  const archived = await s.http('PUT', `/api/v1/site/${source.identifier}/_publish`, { headers: admin });
  t.equal(archived.status, 409);
  t.equal(archived.json.errors[0].errorCode, 'SITE_ARCHIVED_NOT_PUBLISHABLE');
  const system = await s.http('PUT', '/api/v1/site?id=SYSTEM_HOST', { headers: admin, body: { siteName: 'x.y' } });
  t.equal(system.status, 409);

  const stoppedDefault = await s.http('PUT', `/api/v1/site/${source.identifier}/_makedefault`, { headers: admin });
  t.equal(stoppedDefault.status, 409, 'an archived site is not made the default');
  t.equal(stoppedDefault.json.errors[0].errorCode, 'SITE_STOPPED_NOT_DEFAULTABLE');
  t.same(await ok(s, 'PUT', `/api/v1/site/${copy.identifier}/_makedefault`), true);
  t.equal((await ok(s, 'GET', `/api/v1/site/${copy.identifier}`)).default, true);
  t.equal((await ok(s, 'GET', `/api/v1/site/${byDefault.identifier}`)).default, false, 'the former default is not');
  t.equal(
    (await s.app.services.siteByHost.forHost('unclaimed.example.com'))?.identifier,
    copy.identifier,
    'unclaimed host names reach the new default',
  );
});
