import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { createFolders } from '../helpers/folders.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

const SITE = SEED_IDS.defaultSite;

async function makeLink(s: TestApp, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const made = await s.http('POST', '/api/v1/menulinks', {
    headers: s.basicAuth(),
    body: { title: 'Docs', siteId: SITE, folderPath: '/about', url: 'https://docs.example', ...body },
  });
  if (made.status !== 200) throw new Error(made.text);
  return made.json.entity;
}

testOnSqlite('working and live versions differ until published; unpublish and delete', async (t, s) => {
  await createFolders(s, 'default', ['/about', '/elsewhere']);
  const admin = s.basicAuth();
  const link = await makeLink(s);
  const id = link.identifier as string;
  const storage = s.app.services.storage;
  const live = () => storage.menuLinks.find(id, 'live');

  const published = await s.http('PUT', `/api/v1/menulinks/${id}/_publish`, { headers: admin });
  t.equal(published.status, 200);
  t.match(published.json.entity, { live: true, hasLiveVersion: true, inode: link.inode });
  t.equal((await live())?.title, 'Docs');

  const edited = await s.http('PUT', `/api/v1/menulinks/${id}`, { headers: admin, body: { title: 'Guides' } });
  t.equal(edited.status, 200, edited.text);
  t.match(edited.json.entity, {
    title: 'Guides',
    url: 'https://docs.example',
    live: false,
    hasLiveVersion: true,
  });
  t.not(edited.json.entity.inode, link.inode, 'an edit is a new version');
  t.equal((await live())?.title, 'Docs', 'live keeps the published version');

  const moved = await s.http('PUT', `/api/v1/menulinks/${id}`, {
    headers: admin,
    body: { folderPath: '/elsewhere', publish: true },
  });
  t.match(moved.json.entity, { folderPath: '/elsewhere/', live: true });
  t.equal((await live())?.title, 'Guides', 'publish: true publishes the change');

  const unpublished = await s.http('PUT', `/api/v1/menulinks/${id}/_unpublish`, { headers: admin });
  t.match(unpublished.json.entity, { live: false, hasLiveVersion: false, title: 'Guides' });
  t.equal(await live(), undefined);
  t.equal(
    (await s.http('PUT', `/api/v1/menulinks/${id}/_unpublish`, { headers: admin })).status,
    200,
    'twice is harmless',
  );

  const createdLive = await makeLink(s, { publish: true });
  t.match(createdLive, { live: true });

  const deleted = await s.http('DELETE', `/api/v1/menulinks/${id}`, { headers: admin });
  t.equal(deleted.status, 200);
  t.equal(deleted.json.entity, `Menu link deleted: ${id}`);
  t.equal((await s.http('GET', `/api/v1/menulinks/${id}`, { headers: admin })).status, 404);
  for (const [method, path] of [
    ['DELETE', ''],
    ['PUT', '/_publish'],
    ['PUT', '/_unpublish'],
  ] as const)
    t.equal((await s.http(method, `/api/v1/menulinks/${id}${path}`, { headers: admin })).status, 404, method + path);
});

testOnSqlite('the navigation version changes with each link write, and not on reads', async (t, s) => {
  await createFolders(s, 'default', ['/about']);
  const admin = s.basicAuth();
  const storage = s.app.services.storage;
  let before = await storage.navigationVersion();
  const changes = async (what: string, write: () => Promise<unknown>) => {
    await write();
    const after = await storage.navigationVersion();
    t.not(after, before, what);
    before = after;
  };
  let id = '';
  await changes('create', async () => (id = (await makeLink(s)).identifier as string));
  await changes('edit', () => s.http('PUT', `/api/v1/menulinks/${id}`, { headers: admin, body: { sortOrder: 3 } }));
  await changes('publish', () => s.http('PUT', `/api/v1/menulinks/${id}/_publish`, { headers: admin }));
  await changes('unpublish', () => s.http('PUT', `/api/v1/menulinks/${id}/_unpublish`, { headers: admin }));
  await s.http('GET', `/api/v1/menulinks/${id}`, { headers: admin });
  await s.http('GET', `/api/v1/menulinks?siteId=${SITE}`, { headers: admin });
  await s.http('PUT', `/api/v1/menulinks/${id}`, { headers: admin, body: { target: 'nowhere' } });
  t.equal(await storage.navigationVersion(), before, 'reads and refused writes change nothing');
  await changes('delete', () => s.http('DELETE', `/api/v1/menulinks/${id}`, { headers: admin }));
});

testOnSqlite('a folder holding only a link is not empty; a recursive delete takes the link', async (t, s) => {
  await createFolders(s, 'default', ['/about/team', '/kept']);
  const admin = s.basicAuth();
  const inTeam = await makeLink(s, { folderPath: '/about/team', publish: true });
  const team = (await s.http('GET', `/api/v1/folder/siteId/${SITE}/path/about/team`, { headers: admin })).json.entity
    .identifier as string;
  // A link elsewhere pointing into the deleted folder is kept: navigation skips a dangling link.
  const pointing = await makeLink(s, { folderPath: '/kept', linkType: 'INTERNAL', internalLinkIdentifier: team });

  const refused = await s.http('DELETE', '/api/v1/folder/default', { headers: admin, body: ['/about'] });
  t.equal(refused.status, 400);
  t.equal(refused.json.errors[0].errorCode, 'FOLDER_NOT_EMPTY');
  t.equal((await s.http('GET', `/api/v1/menulinks/${inTeam.identifier}`, { headers: admin })).status, 200);

  const renamed = await s.http('PUT', '/api/v1/assets/folders', {
    headers: admin,
    body: { assetPath: '//default/about/', data: { name: 'company' } },
  });
  t.equal(renamed.status, 200, renamed.text);
  t.match((await s.http('GET', `/api/v1/menulinks/${inTeam.identifier}`, { headers: admin })).json.entity, {
    folderPath: '/company/team/',
    parent: team,
  });

  const deleted = await s.http('DELETE', '/api/v1/folder/default?recursive=true', {
    headers: admin,
    body: ['/company'],
  });
  t.equal(deleted.status, 200, deleted.text);
  t.equal((await s.http('GET', `/api/v1/menulinks/${inTeam.identifier}`, { headers: admin })).status, 404);
  const storage = s.app.services.storage;
  t.equal(await storage.menuLinks.find(inTeam.identifier as string, 'live'), undefined, 'the live version too');
  t.match((await s.http('GET', `/api/v1/menulinks/${pointing.identifier}`, { headers: admin })).json.entity, {
    internalLinkIdentifier: team,
  });

  const site = await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'elsewhere.example' } });
  const moved = await s.http('PUT', '/api/v1/assets/folders/_move', {
    headers: admin,
    body: { assetPath: '//default/kept/', destination: '//elsewhere.example/' },
  });
  t.equal(moved.status, 200, moved.text);
  t.match(
    (await s.http('GET', `/api/v1/menulinks/${pointing.identifier}`, { headers: admin })).json.entity,
    {
      hostId: site.json.entity.identifier,
      folderPath: '/kept/',
    },
    'a folder moved to another site takes its links',
  );
});
