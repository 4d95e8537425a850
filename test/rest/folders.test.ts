import { testOnEachStorage, type TestApp } from '../helpers/test-app.js';

const DEFAULT_SITE = '8a7d5e23-da1e-420a-b4f0-471e7da8ea2d';

function api(s: TestApp) {
  const admin = s.basicAuth();
  return {
    admin,
    create: (paths: unknown, site = 'default', headers = admin) =>
      s.http('POST', `/api/v1/folder/createfolders/${site}`, { headers, body: paths }),
    remove: (paths: unknown, query = '', site = 'default', headers = admin) =>
      s.http('DELETE', `/api/v1/folder/${site}${query}`, { headers, body: paths }),
    get: (path: string, headers = admin) => s.http('GET', path, { headers }),
  };
}

testOnEachStorage(
  'createfolders makes every path with its parents, keeps existing ones and answers the deepest',
  async (t, s) => {
    const { create, get } = api(s);
    const made = await create(['/About-Us/Team', 'news/2024/']);
    t.equal(made.status, 200, made.text);
    const [team, year] = made.json.entity;
    t.match(team, {
      type: 'folder',
      path: '/about-us/team/',
      name: 'Team',
      title: 'Team',
      hostId: DEFAULT_SITE,
      showOnMenu: false,
      sortOrder: 0,
      filesMasks: '',
      defaultFileType: null,
    });
    t.equal(team.inode, team.identifier, 'the inode is the identifier');
    t.equal(year.path, '/news/2024/');

    const again = await create(['/about-us/team', '/ABOUT-US/']);
    t.equal(again.status, 200);
    t.equal(again.json.entity[0].identifier, team.identifier, 'idempotent, ignoring case');

    const byId = await get(`/api/v1/folder/${team.identifier}`);
    t.equal(byId.status, 200);
    t.equal(byId.json.entity.path, '/about-us/team/');
    const byUri = await get('/api/v1/folder/sitename/default/uri/About-Us/team');
    t.equal(byUri.json.entity.identifier, team.identifier, 'by site name and uri, ignoring case');
    const tree = await get(`/api/v1/folder/siteId/${DEFAULT_SITE}/path/about-us`);
    t.equal(tree.status, 200);
    t.same(
      tree.json.entity.subFolders.map((f: { path: string }) => f.path),
      ['/about-us/team/'],
    );
    t.same(tree.json.entity.subFolders[0].subFolders, []);
    t.equal((await get('/api/v1/folder/nope')).status, 404);
    t.equal((await get('/api/v1/folder/sitename/default/uri/missing')).status, 404);
    t.equal((await get(`/api/v1/folder/siteId/${DEFAULT_SITE}/path/missing`)).status, 404);
    t.equal(
      (await get('/api/v1/folder/siteId/nosuchsite/path/about-us')).status,
      400,
      'unknown site: 400 as the original',
    );

    const search = await get(`/api/v1/folder/search?siteId=${DEFAULT_SITE}&name=eam&recursive=true`);
    t.equal(search.status, 200, search.text);
    t.same(
      search.json.entity.map((f: { path: string }) => f.path),
      ['/about-us/team/'],
    );
    t.match(search.json.pagination, { totalEntries: 1 });
    const top = await get(`/api/v1/folder/search?siteId=${DEFAULT_SITE}&orderby=name&direction=DESC`);
    t.same(
      top.json.entity.map((f: { path: string }) => f.path),
      ['/news/', '/about-us/'],
    );
    t.equal((await get(`/api/v1/folder/search?siteId=${DEFAULT_SITE}&name=ab`)).status, 400);
    t.equal((await get('/api/v1/folder/search?siteId=nosuchsite')).status, 404);
  },
);

testOnEachStorage('createfolders refuses reserved names at the root, invalid names and unknown sites', async (t, s) => {
  const { create } = api(s);
  const reserved = await create(['/WEB-INF']);
  t.equal(reserved.status, 400);
  t.equal(reserved.json.message, "Folder can't be saved. You entered a reserved folder name: WEB-INF");
  t.equal((await create(['/docs/web-inf'])).status, 200, 'reserved only at the root');
  for (const bad of ['/a//b', '/a/../b', '/', '/a/./b', '/bad\u0007name', '/ spaced', `/${'x'.repeat(300)}`]) {
    const refused = await create([bad]);
    t.equal(refused.status, 400, JSON.stringify(bad));
    t.equal(refused.json.errors[0].errorCode, 'FOLDER_PATH_INVALID');
  }
  t.equal((await create(['/a'], 'no-such-site')).status, 400, 'unknown site: 400 as the original');
  t.equal((await create([])).status, 400, 'at least one path');
  const nothingMade = await s.http('GET', `/api/v1/folder/siteId/${DEFAULT_SITE}/path/a`, { headers: s.basicAuth() });
  t.equal(nothingMade.status, 404, 'a refused request made nothing');
});
