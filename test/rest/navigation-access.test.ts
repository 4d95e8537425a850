import { buildNavTree, fireForm, menuFolder, outline, page } from '../helpers/nav-tree.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Who sees which tree, and trees that follow every change.

const PASSWORD = 'a-long-user-password-1';

async function userWith(s: TestApp, email: string, roles: string[]) {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: 'N', lastName: 'N', password: PASSWORD, roles },
  });
  if (made.status !== 200) throw new Error(made.text);
  return s.basicAuth(email, PASSWORD);
}

async function grant(s: TestApp, assetId: string, permissions: Array<{ roleId: string; permissions: string[] }>) {
  const granted = await s.http('PUT', `/api/v1/permissions/${assetId}`, {
    headers: s.basicAuth(),
    body: { permissions },
  });
  if (granted.status !== 200) throw new Error(granted.text);
}

/** A role that alone may read /about-us/ (and what inherits from it); /products/ is for administrators only. */
async function restrictedTree(s: TestApp) {
  const tree = await buildNavTree(s);
  const role = (await s.http('POST', '/api/v1/roles', { headers: s.basicAuth(), body: { roleName: 'Team readers' } }))
    .json.entity.id as string;
  await grant(s, tree.folders.aboutUs!, [{ roleId: role, permissions: ['READ'] }]);
  await grant(s, tree.folders.products!, []);
  return {
    tree,
    role,
    reader: await userWith(s, 'reader@x.com', [role]),
    other: await userWith(s, 'other@x.com', []),
  };
}

const navOf = async (s: TestApp, headers: Record<string, string>, path = '/api/v1/nav/?depth=3') => {
  const answer = await s.http('GET', path, { headers });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return outline(answer.json.entity);
};

const FULL =
  'System folder[Home[], About Us[About, Team, Brochure, Contact], Products[Widgets, Catalog, Store], News[], Meet the team[]]';

testOnSqlite(
  'with the permission check turned off every caller gets the whole tree',
  async (t, s) => {
    const { reader, other } = await restrictedTree(s);
    t.equal(await navOf(s, reader), FULL);
    t.equal(await navOf(s, other), FULL);
  },
  { env: { ENABLE_NAV_PERMISSION_CHECK: 'false' } },
);

testOnSqlite('by default the tree keeps what the caller may read', async (t, s) => {
  const { reader, other } = await restrictedTree(s);
  t.equal(await navOf(s, s.basicAuth()), FULL, 'administrators read everything');
  t.equal(
    await navOf(s, reader),
    'System folder[Home[], About Us[About, Team, Brochure, Contact], News[], Meet the team[]]',
  );
  t.equal(await navOf(s, other), 'System folder[Home[], News[], Meet the team[]]');
});

for (const name of ['ENABLE_NAV_PERMISSION_CHECK', 'ENABLE_NAV_PERMISSION']) {
  testOnSqlite(
    `with ${name}=true the tree keeps what the caller may read`,
    async (t, s) => {
      const { tree, role, reader, other } = await restrictedTree(s);
      t.equal(await navOf(s, s.basicAuth()), FULL, 'administrators read everything');
      t.equal(
        await navOf(s, reader),
        'System folder[Home[], About Us[About, Team, Brochure, Contact], News[], Meet the team[]]',
      );
      t.equal(await navOf(s, other), 'System folder[Home[], News[], Meet the team[]]');
      await grant(s, tree.links.team!, [{ roleId: role, permissions: ['READ'] }]);
      t.equal(await navOf(s, other), 'System folder[Home[], News[]]', "a link's own permissions count");
      t.equal(
        (await s.http('GET', '/api/v1/nav/products?depth=2', { headers: other })).status,
        404,
        'a root the caller may not read is refused as a path with nothing there',
      );
      await grant(s, tree.folders.products!, [{ roleId: role, permissions: ['READ'] }]);
      t.equal(await navOf(s, reader), FULL, 'a permission change is seen by the next request');
      await grant(s, tree.pages.contact!, []);
      t.equal(
        await navOf(s, reader),
        'System folder[Home[], About Us[About, Team, Brochure], Products[Widgets, Catalog, Store], News[], Meet the team[]]',
        "a page's own permissions count",
      );
    },
    { env: { [name]: 'true' } },
  );
}

testOnSqlite('the tree follows every change at the next request', async (t, s) => {
  const { pages } = await buildNavTree(s);
  const admin = s.basicAuth();
  const aboutUs = () => navOf(s, admin, '/api/v1/nav/about-us?depth=2');
  t.equal(await aboutUs(), 'About Us[About, Team, Brochure, Contact]');
  t.equal(await aboutUs(), 'About Us[About, Team, Brochure, Contact]', 'the cached answer');

  const added = await fireForm(s, 'PUBLISH', page('/about-us/news', 'Latest', { showOnMenu: 'true', sortOrder: 0 }));
  t.equal(await aboutUs(), 'About Us[Latest, About, Team, Brochure, Contact]', 'publish');
  await fireForm(s, 'UNPUBLISH', { identifier: added.identifier });
  t.equal(await aboutUs(), 'About Us[About, Team, Brochure, Contact]', 'unpublish');
  await fireForm(s, 'PUBLISH', { identifier: pages.contact, title: 'Write to us', showOnMenu: 'true', sortOrder: 0 });
  t.equal(await aboutUs(), 'About Us[Write to us, About, Team, Brochure]', 'a new title and order');
  await fireForm(s, 'ARCHIVE', { identifier: pages.contact });
  t.equal(await aboutUs(), 'About Us[About, Team, Brochure]', 'archive');
  await fireForm(s, 'DESTROY', { identifier: pages.contact });
  await fireForm(s, 'ARCHIVE', { identifier: pages.brochure });
  await fireForm(s, 'DELETE', { identifier: pages.brochure });
  t.equal(await aboutUs(), 'About Us[About, Team]', 'delete');

  const renamed = await s.http('PUT', '/api/v1/assets/folders', {
    headers: admin,
    body: { assetPath: '//default/about-us/team/', data: { name: 'crew', title: 'Crew' } },
  });
  t.equal(renamed.status, 200, renamed.text);
  const tree = await s.http('GET', '/api/v1/nav/about-us?depth=3', { headers: admin });
  t.match(
    tree.json.entity.children[1],
    {
      title: 'Crew',
      href: '/about-us/crew',
      children: [{ href: '/about-us/crew/leaders' }, { href: '/about-us/crew/members' }],
    },
    'rename',
  );
  const hidden = await s.http('PUT', '/api/v1/assets/folders', {
    headers: admin,
    body: { assetPath: '//default/about-us/crew/', data: { showOnMenu: false } },
  });
  t.equal(hidden.status, 200, hidden.text);
  t.equal(await aboutUs(), 'About Us[About]', 'a folder taken off the menu');
});

testOnSqlite(
  "the JavaScript client's request: language_id and an API token",
  async (t, s) => {
    await buildNavTree(s);
    const key = await s.http('POST', '/api/v1/apitoken', {
      headers: s.basicAuth(),
      body: { userId: 'cms.org.1', expirationSeconds: 3600, network: '0.0.0.0/0', claims: { label: 'nav' } },
    });
    t.equal(key.status, 200, key.text);
    const answer = await s.http('GET', '/api/v1/nav/?depth=2&language_id=1', {
      headers: { authorization: `Bearer ${key.json.entity.jwt}` },
    });
    t.equal(answer.status, 200, answer.text);
    t.match(answer.headers.get('content-type'), /^application\/json/);
    t.equal(outline(answer.json.entity), 'System folder[Home, About Us, Products, News, Meet the team]');
    t.same(answer.json.errors, []);
  },
  { env: { CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'test-signing-key-of-at-least-thirty-two-characters' } },
);

testOnSqlite('the site: the Host header (name or alias), else the default; host_id names one', async (t, s) => {
  await buildNavTree(s);
  const admin = s.basicAuth();
  const made = await s.http('POST', '/api/v1/site', {
    headers: admin,
    body: { siteName: 'shop.example.com', aliases: 'www.shop.example.com' },
  });
  t.equal(made.status, 200, made.text);
  const shop = made.json.entity.identifier as string;
  await menuFolder(s, '/cart/', { showOnMenu: true, title: 'Cart' }, 'shop.example.com');
  const nav = async (path: string, host?: string) =>
    outline((await s.http('GET', path, { headers: { ...admin, ...(host ? { host } : {}) } })).json.entity);
  t.equal(await nav('/api/v1/nav/?depth=2', 'shop.example.com'), 'System folder[Cart]');
  t.equal(await nav('/api/v1/nav/?depth=2', 'www.shop.example.com:8080'), 'System folder[Cart]', 'an alias');
  t.equal(
    await nav('/api/v1/nav/?depth=2', 'unknown.example.com'),
    'System folder[Home, About Us, Products, News, Meet the team]',
  );
  t.equal(await nav(`/api/v1/nav/?depth=2&host_id=${shop}`), 'System folder[Cart]');
});
