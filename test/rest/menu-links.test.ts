import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { createFolders } from '../helpers/folders.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

const SITE = SEED_IDS.defaultSite;

function api(s: TestApp) {
  const admin = s.basicAuth();
  return {
    create: (body: Record<string, unknown>) => s.http('POST', '/api/v1/menulinks', { headers: admin, body }),
    get: (id: string) => s.http('GET', `/api/v1/menulinks/${id}`, { headers: admin }),
    put: (id: string, body: Record<string, unknown>) =>
      s.http('PUT', `/api/v1/menulinks/${id}`, { headers: admin, body }),
    list: (query: string) => s.http('GET', `/api/v1/menulinks?${query}`, { headers: admin }),
  };
}

testOnSqlite('menu links of each type are created, read and listed as the Link map', async (t, s) => {
  await createFolders(s, 'default', ['/about/team']);
  const { create, get, list } = api(s);
  const external = await create({
    title: 'Docs',
    siteId: SITE,
    folderPath: '/about',
    url: 'docs.example.com/guide',
    protocol: 'https://',
    target: '_blank',
    showOnMenu: true,
    sortOrder: 2,
  });
  t.equal(external.status, 200);
  t.match(external.json.entity, {
    title: 'Docs',
    friendlyName: 'Docs',
    linkType: 'EXTERNAL',
    protocol: 'https://',
    url: 'docs.example.com/guide',
    target: '_blank',
    showOnMenu: true,
    sortOrder: 2,
    hostId: SITE,
    folderPath: '/about/',
    working: true,
    live: false,
    hasLiveVersion: false,
    type: 'links',
    internalLinkIdentifier: '',
    linkCode: '',
  });
  t.match(external.json.entity.identifier, /^[0-9a-f-]{36}$/);
  t.not(external.json.entity.inode, external.json.entity.identifier);

  const team = (await s.http('GET', `/api/v1/folder/siteId/${SITE}/path/about/team`, { headers: s.basicAuth() })).json
    .entity.identifier as string;
  const internal = await create({
    title: 'Team',
    siteId: 'default',
    folderPath: 'about',
    linkType: 'internal',
    internalLinkIdentifier: team,
  });
  t.equal(internal.status, 200);
  t.match(internal.json.entity, {
    linkType: 'INTERNAL',
    internalLinkIdentifier: team,
    url: '/about/team/',
    target: '_self',
    showOnMenu: false,
  });
  const code = await create({ title: 'Search', siteId: SITE, folderPath: '/', linkType: 'CODE', linkCode: '<form/>' });
  t.equal(code.status, 200);
  t.match(code.json.entity, {
    linkType: 'CODE',
    linkCode: '<form/>',
    url: '',
    parent: 'SYSTEM_FOLDER',
    folderPath: '/',
  });
  const relative = await create({ title: 'Home', siteId: SITE, folderPath: '/', url: '/index' });
  t.match(relative.json.entity, { protocol: '', url: '/index' }, 'a path on the site takes no protocol');
  const bare = await create({ title: 'Bare', siteId: SITE, folderPath: '/', url: 'example.com' });
  t.match(bare.json.entity, { protocol: 'http://' }, "the original's default protocol");

  t.same((await get(internal.json.entity.identifier)).json.entity, internal.json.entity, 'read back the same');
  const inAbout = await list(`siteId=${SITE}&folderPath=/about`);
  t.same(
    inAbout.json.entity.map((l: { title: string }) => l.title),
    ['Docs', 'Team'],
    'a folder, by title',
  );
  const all = await list(`siteId=default&orderBy=sortOrder&limit=0`);
  t.equal(all.json.entity.length, 5, 'every link of the site');
  t.same((await list(`siteId=${SITE}&offset=1&limit=1`)).json.entity.length, 1, 'a page');
  t.same((await list(`siteId=${SITE}&folderPath=/nowhere`)).json.entity, [], 'an unknown folder holds nothing');
  t.equal((await list('folderPath=/about')).json.errors[0].message, 'siteId is required when folderPath is specified');
  t.equal((await get('no-such-link')).status, 404);
  t.equal((await get('no-such-link')).json.errors[0].message, 'Menu link not found: no-such-link');
});

testOnSqlite('a menu link is refused with the reason when a member is missing or wrong', async (t, s) => {
  await createFolders(s, 'default', ['/about']);
  await createFolders(s, 'default', ['/other']);
  const { create } = api(s);
  const base = { title: 'T', siteId: SITE, folderPath: '/about', url: 'https://example.com' };
  const refused = async (body: Record<string, unknown>, code: string, message?: string | RegExp) => {
    const answer = await create(body);
    t.equal(answer.status, 400, JSON.stringify(body));
    t.equal(answer.json.errors[0]?.errorCode, code);
    if (message) t.match(answer.json.errors[0]?.message, message);
  };
  await refused({ ...base, title: ' ' }, 'MENU_LINK_FIELD_REQUIRED', 'title is required');
  await refused({ ...base, siteId: undefined }, 'MENU_LINK_FIELD_REQUIRED', 'siteId is required');
  await refused({ ...base, folderPath: '' }, 'MENU_LINK_FIELD_REQUIRED', 'folderPath is required');
  await refused({ ...base, title: 'x'.repeat(256) }, 'MENU_LINK_FIELD_INVALID', /title/);
  await refused({ ...base, siteId: 'nowhere.example' }, 'FOLDER_SITE_UNKNOWN');
  await refused({ ...base, folderPath: '/missing' }, 'MENU_LINK_FOLDER_NOT_FOUND');
  await refused({ ...base, url: undefined }, 'MENU_LINK_FIELD_REQUIRED', 'url is required');
  await refused({ ...base, url: 'javascript:alert(1)' }, 'MENU_LINK_URL_REFUSED');
  await refused({ ...base, url: ' JavaScript:alert(1)', protocol: '' }, 'MENU_LINK_URL_REFUSED');
  await refused({ ...base, url: 'java\tscript:alert(1)' }, 'MENU_LINK_FIELD_INVALID');
  await refused({ ...base, url: 'data:text/html,<script>' }, 'MENU_LINK_URL_REFUSED');
  await refused({ ...base, url: '//evil.example' }, 'MENU_LINK_URL_REFUSED');
  await refused({ ...base, url: '/\\evil.example' }, 'MENU_LINK_FIELD_INVALID');
  await refused({ ...base, url: 'example.com', protocol: 'gopher://' }, 'MENU_LINK_FIELD_INVALID', /protocol/);
  await refused({ ...base, target: '_new' }, 'MENU_LINK_FIELD_INVALID', /target/);
  await refused({ ...base, linkType: 'FILE' }, 'MENU_LINK_FIELD_INVALID', /linkType/);
  await refused({ ...base, sortOrder: 2 ** 31 }, 'badType');
  await refused({ ...base, linkType: 'CODE' }, 'MENU_LINK_FIELD_REQUIRED', 'linkCode is required');
  await refused({ ...base, linkType: 'INTERNAL' }, 'MENU_LINK_FIELD_REQUIRED', 'internalLinkIdentifier is required');
  await refused(
    { ...base, linkType: 'INTERNAL', internalLinkIdentifier: 'nothing' },
    'MENU_LINK_INTERNAL_TARGET_NOT_FOUND',
  );
  await s.http('POST', '/api/v1/site', { headers: s.basicAuth(), body: { siteName: 'elsewhere.example' } });
  await createFolders(s, 'elsewhere.example', ['/far']);
  const far = (await s.http('GET', '/api/v1/folder/sitename/elsewhere.example/uri/far', { headers: s.basicAuth() }))
    .json.entity.identifier as string;
  await refused(
    { ...base, linkType: 'INTERNAL', internalLinkIdentifier: far },
    'MENU_LINK_INTERNAL_TARGET_NOT_FOUND',
    /names no folder, page or file of the site default/,
  );
  for (const url of ['mailto:a@b.example', 'ftp://files.example/x', 'HTTPS://EXAMPLE.COM', '/a/b?c=d'])
    t.equal((await create({ ...base, url })).status, 200, url);
  for (const target of ['_self', '_blank', '_parent', '_top'])
    t.equal((await create({ ...base, target })).status, 200, target);
});
