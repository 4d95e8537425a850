import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

const CONFIG = '/api/v1/apps/cmsContentAnalytics-config';
const generate = (s: TestApp, siteId: string, headers: Record<string, string>) =>
  s.http('GET', `/api/v1/analytics/content/siteauth/generate/${siteId}`, { headers });
const siteKeys = (s: TestApp) => s.app.services.siteKeys;

/** A site, and a user whose role may edit it (and so manage its key), and one whose role may only read it. */
async function siteWithUsers(s: TestApp) {
  const admin = s.basicAuth();
  const site = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'shop.example.com' } })).json
    .entity.identifier as string;
  const user = async (name: string, permissions: string[]) => {
    const role = (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: name } })).json.entity
      .id as string;
    await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email: `${name}@x.com`, firstName: name, lastName: 'L', password: `${name}-password-1`, roles: [role] },
    });
    return { role, permissions, headers: s.basicAuth(`${name}@x.com`, `${name}-password-1`) };
  };
  const editor = await user('editor', ['READ', 'WRITE']);
  const reader = await user('reader', ['READ']);
  await s.http('PUT', `/api/v1/permissions/${site}`, {
    headers: admin,
    body: { permissions: [editor, reader].map((u) => ({ roleId: u.role, permissions: u.permissions })) },
  });
  return { site, admin, editor: editor.headers, reader: reader.headers };
}

testOnSqlite('generate: a new key each time, shown once, the old one stops working', async (t, s) => {
  const { site, admin, editor } = await siteWithUsers(s);
  const first = await generate(s, site, admin);
  t.equal(first.status, 200);
  t.match(first.headers.get('content-type'), /^text\/plain/, 'the bare key as plain text, as the original answers');
  t.equal(first.headers.get('cache-control'), 'no-store');
  t.match(first.text, /^shop\.example\.com\.[A-Za-z0-9_-]{32}$/);
  t.same(await siteKeys(s).verify(first.text), { siteId: site });

  const second = await generate(s, 'shop.example.com', editor);
  t.equal(second.status, 200, 'by name too, and by a user who may edit the site');
  t.not(second.text, first.text);
  t.equal(await siteKeys(s).verify(first.text), undefined, 'the replaced key no longer verifies');
  t.same(await siteKeys(s).verify(second.text), { siteId: site });

  const system = await generate(s, 'SYSTEM_HOST', admin);
  t.match(system.text, /^SYSTEM_HOST\./, 'SYSTEM_HOST has a key of its own');
  t.same(await siteKeys(s).verify(system.text), { siteId: 'SYSTEM_HOST' });
  t.same(await siteKeys(s).verify(second.text), { siteId: site }, 'one key per site: the others are untouched');

  t.notOk(JSON.stringify(s.logs).includes(second.text.split('.').pop()!), 'no key in any log line');
});

testOnSqlite('generate: anonymous 401, a user who may not edit the site 403, no such site 404', async (t, s) => {
  const { site, reader } = await siteWithUsers(s);
  t.equal((await generate(s, site, {})).status, 401);
  const refused = await generate(s, site, reader);
  t.equal(refused.status, 403);
  t.equal(refused.json.errors[0].errorCode, 'PERMISSION_DENIED');
  const missing = await generate(s, 'no-such-site', s.basicAuth());
  t.equal(missing.status, 404);
  t.equal(missing.json.errors[0].errorCode, 'SITE_NOT_FOUND');
  t.equal(await siteKeys(s).verify('x'), undefined, 'an unknown key names no site');
  t.equal(await siteKeys(s).verify({ key: 'x' }), undefined, 'nor does anything not a string');

  const before = (await generate(s, site, s.basicAuth())).text;
  const linked = await generate(s, site, { ...s.basicAuth(), 'sec-fetch-site': 'cross-site' });
  t.equal(linked.status, 403, 'a GET that replaces the key is refused from another site, as writes are');
  t.equal(linked.json.errors[0].errorCode, 'HTTP_CROSS_SITE_REFUSED');
  t.same(await siteKeys(s).verify(before), { siteId: site }, 'and the key is unchanged');
});

testOnSqlite('the apps endpoint sets a key by hand and shows it masked', async (t, s) => {
  const { site, admin, editor, reader } = await siteWithUsers(s);
  const empty = await s.http('GET', `${CONFIG}/${site}`, { headers: editor });
  t.equal(empty.status, 200);
  t.match(empty.json.entity, {
    key: 'cmsContentAnalytics-config',
    name: 'Content Analytics',
    configurationsCount: 0,
    sites: [
      {
        id: site,
        name: 'shop.example.com',
        configured: false,
        secrets: [{ name: 'siteAuth', hidden: true, value: '' }],
      },
    ],
  });

  const key = 'our own key, chosen by hand: 0123456789-ABCD';
  const set = await s.http('POST', `${CONFIG}/${site}`, { headers: editor, body: { siteAuth: { value: key } } });
  t.equal(set.status, 200);
  t.equal(set.json.entity, 'Ok');
  t.same(await siteKeys(s).verify(key), { siteId: site });
  const shown = await s.http('GET', `${CONFIG}/${site}`, { headers: admin });
  t.match(shown.json.entity, {
    configurationsCount: 1,
    sites: [{ configured: true, secrets: [{ name: 'siteAuth', value: '*****ABCD' }] }],
  });
  t.notOk(shown.text.includes('chosen by hand'), 'the key is never answered');

  const kept = await s.http('POST', `${CONFIG}/${site}`, { headers: admin, body: { siteAuth: { value: '*****' } } });
  t.equal(kept.status, 200, 'asterisks only (the masked value sent back) keep the key');
  t.same(await siteKeys(s).verify(key), { siteId: site });

  const generated = (await generate(s, site, admin)).text;
  t.equal(await siteKeys(s).verify(key), undefined, 'generating replaces a hand-set key');
  await s.http('POST', `${CONFIG}/${site}`, { headers: admin, body: { siteAuth: { value: key } } });
  t.equal(await siteKeys(s).verify(generated), undefined, 'and setting one replaces a generated key');

  const taken = await s.http('POST', `${CONFIG}/SYSTEM_HOST`, { headers: admin, body: { siteAuth: { value: key } } });
  t.equal(taken.status, 409, 'two sites never share a key');
  t.equal(taken.json.errors[0].errorCode, 'ANALYTICS_SITE_AUTH_TAKEN');
  t.same(await siteKeys(s).verify(key), { siteId: site }, 'the holder keeps it');

  t.equal((await s.http('GET', `${CONFIG}/${site}`, { headers: reader })).status, 403);
  t.equal((await s.http('GET', `${CONFIG}/${site}`)).status, 401);
  t.equal(
    (await s.http('POST', `${CONFIG}/${site}`, { headers: reader, body: { siteAuth: { value: 'another-key' } } }))
      .status,
    403,
  );
  t.equal(
    (await s.http('POST', `${CONFIG}/nowhere`, { headers: admin, body: { siteAuth: { value: 'k' } } })).status,
    404,
  );
  t.notOk(JSON.stringify(s.logs).includes('chosen by hand'), 'no key in any log line');
});

testOnSqlite('a key set by hand: 1 to 255 printable characters, refused with a clear message', async (t, s) => {
  const admin = s.basicAuth();
  const post = (value: unknown) =>
    s.http('POST', `${CONFIG}/SYSTEM_HOST`, { headers: admin, body: { siteAuth: { value } } });
  for (const [value, reason] of [
    ['', /empty/],
    ['x'.repeat(256), /256 characters/],
    ['tab\there', /character 4 is a control or invisible character/],
    ['*****', /asterisks only stand for the current one/],
  ] as const) {
    const refused = await post(value);
    t.equal(refused.status, 400);
    t.equal(refused.json.errors[0].errorCode, 'ANALYTICS_SITE_AUTH_INVALID');
    t.equal(refused.json.errors[0].fieldName, 'siteAuth');
    t.match(refused.json.message, reason);
  }
  t.equal((await post(42)).status, 400, 'not a string');
  t.equal((await s.http('POST', `${CONFIG}/SYSTEM_HOST`, { headers: admin, body: {} })).status, 400, 'no siteAuth');
  t.equal((await post('x'.repeat(255))).status, 200, '255 characters are fine');
});
