import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { startTestApp, tempDataDir, testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { eventually } from '../search/search-helpers.js';

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

testOnSqlite(
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

    const racing = await Promise.all([1, 2, 3].map(() => create(['/news/2024/race/one'])));
    t.same(
      racing.map((r) => r.status),
      [200, 200, 200],
      'requests making the same folders at once all succeed',
    );
    t.equal(new Set(racing.map((r) => r.json.entity[0].identifier)).size, 1, 'and answer the same folder');
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

testOnSqlite('createfolders refuses reserved names at the root, invalid names and unknown sites', async (t, s) => {
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

/** A file type `Docs` and a file in a folder, published and indexed before the answer. */
async function fileIn(s: TestApp, folder: string, fileName: string): Promise<string> {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' },
  });
  const upload = `data:text/plain;name=${fileName};base64,${Buffer.from(fileName).toString('base64')}`;
  const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH?indexPolicy=WAIT_FOR', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Docs', hostFolder: `default:${folder}`, fileAsset: upload, fileName } },
  });
  if (fired.status !== 200) throw new Error(fired.text);
  return fired.json.entity.identifier as string;
}

testOnSqlite(
  'update, rename and move: members change, paths move with what is below them, and the index follows',
  async (t, s) => {
    const { admin, create, get } = api(s);
    await create(['/team/people', '/archive']);
    const file = await fileIn(s, '/team/people', 'cv.txt');
    const search = async (path: string) =>
      (
        await s.http('POST', '/api/es/search', {
          headers: admin,
          body: { query: { bool: { must: { term: { parentpath: path } } } } },
        })
      ).json.contentlets.map((c: { identifier: string }) => c.identifier);
    t.same(await search('/team/people'), [file], 'indexed at its first path');

    const updated = await s.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: {
        assetPath: '//default/team/',
        data: { title: 'Our Team', showOnMenu: true, sortOrder: 3, fileMasks: ['*.txt', '*.md'] },
      },
    });
    t.equal(updated.status, 200, updated.text);
    t.match(updated.json.entity, {
      title: 'Our Team',
      showOnMenu: true,
      sortOrder: 3,
      filesMasks: '*.txt,*.md',
      host: 'default',
      path: '/team/',
    });
    const badType = await s.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/team/', data: { defaultAssetType: 'NoSuchType' } },
    });
    t.equal(badType.status, 400);
    t.equal(badType.json.errors[0].errorCode, 'FOLDER_DEFAULT_FILE_TYPE_INVALID');
    const goodType = await s.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/team/', data: { defaultAssetType: 'Docs' } },
    });
    t.equal(goodType.status, 200);
    t.type(goodType.json.entity.defaultFileType, 'string', 'stored as the type id');

    const renamed = await s.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/team/', data: { name: 'Staff' } },
    });
    t.equal(renamed.status, 200, renamed.text);
    t.match(renamed.json.entity, { name: 'Staff', path: '/staff/', title: 'Staff' });
    t.equal((await get('/api/v1/folder/sitename/default/uri/staff/people')).status, 200, 'the sub-folder moved along');
    t.equal((await get('/api/v1/folder/sitename/default/uri/team')).status, 404);
    const storage = s.app.services.storage;
    t.equal((await storage.content.findIdentifier(file))?.parentPath, '/staff/people', "the file's path moved");
    t.ok(await eventually(async () => (await search('/staff/people')).includes(file)), 'found at its new path');
    t.same(await search('/team/people'), [], 'no longer at the old one');

    await create(['/archive/people']);
    const taken = await s.http('PUT', '/api/v1/assets/folders/_move', {
      headers: admin,
      body: { assetPath: '//default/staff/people/', destination: '//default/archive/' },
    });
    t.equal(taken.status, 409, 'the destination has a folder of that name');
    const intoItself = await s.http('PUT', '/api/v1/assets/folders/_move', {
      headers: admin,
      body: { assetPath: '//default/staff/', destination: '//default/staff/people/' },
    });
    t.equal(intoItself.status, 400);
    t.equal(intoItself.json.errors[0].errorCode, 'FOLDER_MOVE_INTO_ITSELF');
    const moved = await s.http('PUT', '/api/v1/assets/folders/_move', {
      headers: admin,
      body: { assetPath: '//default/staff/', destination: '//default/archive/people/' },
    });
    t.equal(moved.status, 200, moved.text);
    t.equal(moved.json.entity.path, '/archive/people/staff/');
    t.equal((await storage.content.findIdentifier(file))?.parentPath, '/archive/people/staff/people');
    t.ok(await eventually(async () => (await search('/archive/people/staff/people')).includes(file)), 're-indexed');
    const toRoot = await s.http('PUT', '/api/v1/assets/folders/_move', {
      headers: admin,
      body: { assetPath: '//default/archive/people/staff/', destination: '//default/' },
    });
    t.equal(toRoot.status, 200);
    t.equal(toRoot.json.entity.path, '/staff/', "to the site's root");
    const renameTaken = await s.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/staff/', data: { name: 'Archive' } },
    });
    t.equal(renameTaken.status, 409, 'a rename onto a taken path');
    t.equal(renameTaken.json.errors[0].errorCode, 'FOLDER_PATH_TAKEN');
  },
);

testOnSqlite(
  'delete: an empty folder goes; one holding content needs recursive=true, which takes the content too',
  async (t, s) => {
    const { admin, create, remove, get } = api(s);
    await create(['/empty/inner', '/full/deep', '/fullish']);
    const file = await fileIn(s, '/full/deep', 'report.txt');
    const indexed = async () =>
      (
        await s.http('POST', '/api/es/search', {
          headers: admin,
          body: { query: { bool: { must: { term: { identifier: file } } } } },
        })
      ).json.contentlets.length;
    t.equal(await indexed(), 1);

    const empty = await remove(['/empty/']);
    t.equal(empty.status, 200, empty.text);
    t.same(empty.json.entity, ['/empty/']);
    t.equal((await get('/api/v1/folder/sitename/default/uri/empty/inner')).status, 404, 'sub-folders go too');

    const refused = await remove(['/full']);
    t.equal(refused.status, 400);
    t.equal(refused.json.errors[0].errorCode, 'FOLDER_NOT_EMPTY');
    t.match(refused.json.message, /Empty it first, or delete it recursively/);
    const assetRefused = await s.http('POST', '/api/v1/assets/folders/_delete', {
      headers: admin,
      body: { assetPath: '//default/full/' },
    });
    t.equal(assetRefused.status, 400, 'the assets API asks for emptying too');
    t.equal((await get('/api/v1/folder/sitename/default/uri/full/deep')).status, 200, 'nothing went');

    const missing = await remove(['/fullish', '/nope']);
    t.equal(missing.status, 404, 'a missing path');
    t.equal(
      (await get('/api/v1/folder/sitename/default/uri/fullish')).status,
      200,
      'and the whole request rolled back',
    );

    const recursive = await remove(['/full'], '?recursive=true');
    t.equal(recursive.status, 200, recursive.text);
    t.same(recursive.json.entity, ['/full/']);
    t.equal((await get('/api/v1/folder/sitename/default/uri/full/deep')).status, 404);
    t.equal(
      (await s.http('GET', `/api/content/id/${file}?live=false`, { headers: admin })).status,
      404,
      'the content is gone',
    );
    t.ok(await eventually(async () => (await indexed()) === 0), 'and its index entries');

    const viaAssets = await s.http('POST', '/api/v1/assets/folders/_delete?recursive=true', {
      headers: admin,
      body: { assetPath: '//default/fullish/' },
    });
    t.equal(viaAssets.status, 200);
    t.equal(viaAssets.json.entity, true);
    t.equal((await remove(['/a'], '', 'no-such-site')).status, 400, 'unknown site: 400 as the original');
  },
);

testOnSqlite(
  'paths are unique per site: folders against pages and files both ways, and items against items',
  async (t, s) => {
    const { admin, create } = api(s);
    await create(['/docs']);
    await fileIn(s, '/docs', 'guide');
    const folderOverFile = await create(['/docs/Guide/chapter']);
    t.equal(folderOverFile.status, 409, 'a folder where a file is (ignoring case)');
    t.equal(folderOverFile.json.errors[0].errorCode, 'FOLDER_PATH_TAKEN');
    const assetOverFile = await s.http('POST', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/docs/guide/' },
    });
    t.equal(assetOverFile.status, 409);
    const folderAgain = await s.http('POST', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/docs/', data: { title: 'x' } },
    });
    t.equal(folderAgain.status, 409, 'the assets API creates, it does not reuse');
    await create(['/docs/manual']);
    const fire = (values: Record<string, unknown>) =>
      s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
        headers: admin,
        body: {
          contentletFormData: {
            contentType: 'Docs',
            fileAsset: `data:text/plain;name=x.txt;base64,${Buffer.from('x').toString('base64')}`,
            ...values,
          },
        },
      });
    const fileOverFolder = await fire({ hostFolder: 'default:/docs', fileName: 'Manual' });
    t.equal(fileOverFolder.status, 409, 'a file where a folder is');
    t.equal(fileOverFolder.json.errors[0].errorCode, 'CONTENT_PATH_TAKEN');
    const fileOverFile = await fire({ hostFolder: 'default:/docs', fileName: 'GUIDE' });
    t.equal(fileOverFile.status, 409, 'a file where a file is');
    t.match(fileOverFile.json.message, /\/docs\/GUIDE is already taken/);
    const nowhere = await fire({ hostFolder: 'default:/no/such/folder', fileName: 'a.txt' });
    t.equal(nowhere.status, 400, 'a folder that does not exist');
    t.equal(nowhere.json.errors[0].errorCode, 'CONTENT_FOLDER_NOT_FOUND');
    t.match(nowhere.json.message, /\/no\/such\/folder/);
    const otherCase = await fire({ hostFolder: 'default:/DOCS', fileName: 'b.txt' });
    t.equal(otherCase.status, 200, 'folder paths ignore case');
    const stored = await s.app.services.storage.content.findIdentifier(otherCase.json.entity.identifier);
    t.equal(stored?.parentPath, '/docs', "kept as the folder's path");
    const docs = await s.http('GET', '/api/v1/folder/sitename/default/uri/docs', { headers: admin });
    t.equal(stored?.folder, docs.json.entity.identifier, "the item's folder is the folder's identifier");
    t.equal(otherCase.json.entity.folder, docs.json.entity.identifier, 'and its map says so');
  },
);

t.test('an upgrade makes the folders that content saved before folders were kept uses', async (t) => {
  const dataDir = tempDataDir(t);
  const first = (await startTestApp(t, { dataDir }))!;
  const storage = first.app.services.storage;
  const typeId = (
    await first.http('POST', '/api/v1/contenttype', {
      headers: first.basicAuth(),
      body: { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' },
    })
  ).json.entity[0].id as string;
  await storage.content.insertIdentifier({
    identifier: 'legacy-item',
    contentTypeId: typeId,
    host: DEFAULT_SITE,
    folder: 'SYSTEM_FOLDER',
    parentPath: '/Legacy/Deep',
    assetName: 'old.txt',
    owner: 'cms.org.1',
    createdAt: 1,
  });
  // As a database from before folders: the backfill has not run.
  const raw = new Database(join(dataDir, 'cms.db'));
  raw.prepare("DELETE FROM settings WHERE setting_key = 'folders.backfilled'").run();
  raw.close();
  const second = (await startTestApp(t, { dataDir }))!;
  const folders = second.app.services.storage.folders;
  t.same(
    (await folders.listSubtree(DEFAULT_SITE, '/legacy/')).map((f) => [f.path, f.name]),
    [
      ['/legacy/', 'Legacy'],
      ['/legacy/deep/', 'Deep'],
    ],
  );
  t.same(await folders.contentUnder(DEFAULT_SITE, '/legacy/deep/', 10), ['legacy-item'], 'found ignoring case');
});

testOnSqlite('pages: one page per path, and pages and folders never share one', async (t, s) => {
  const { admin, create } = api(s);
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'HTMLPAGE', name: 'Pages', variable: 'Pages' },
  });
  await create(['/about/team']);
  const page = (folder: string, url: string) =>
    s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: admin,
      body: { contentletFormData: { contentType: 'Pages', title: url, hostFolder: `default:${folder}`, url } },
    });
  const first = await page('/about', 'index');
  t.equal(first.status, 200, first.text);
  const second = await page('/about', 'index');
  t.equal(second.status, 409, 'page against page');
  t.equal(second.json.errors[0].errorCode, 'CONTENT_PATH_TAKEN');
  t.equal(second.json.errors[0].fieldName, 'url');
  const overFolder = await page('/about', 'Team');
  t.equal(overFolder.status, 409, 'page against folder');
  t.match(overFolder.json.message, /taken on this site by a folder/);
  const folderOverPage = await create(['/about/index']);
  t.equal(folderOverPage.status, 409, 'folder against page');
  const moveOverPage = await s.http('PUT', '/api/v1/assets/folders', {
    headers: admin,
    body: { assetPath: '//default/about/team/', data: { name: 'index' } },
  });
  t.equal(moveOverPage.status, 409, 'a rename onto a page');
  const elsewhere = await page('/about/team', 'index');
  t.equal(elsewhere.status, 200, 'the same name in another folder');
});
