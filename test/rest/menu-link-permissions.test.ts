import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { createFolders } from '../helpers/folders.js';
import { testOnSqlite } from '../helpers/test-app.js';

const SITE = SEED_IDS.defaultSite;
const PASSWORD = 'member-password-1';

testOnSqlite('menu links inherit their permissions from their folder', async (t, s) => {
  const admin = s.basicAuth();
  await createFolders(s, 'default', ['/team', '/closed']);
  const folderId = async (path: string) =>
    (await s.http('GET', `/api/v1/folder/siteId/${SITE}/path${path}`, { headers: admin })).json.entity
      .identifier as string;
  const team = await folderId('/team');
  const role = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } })
  ).json.entity.id as string;
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      email: 'ed@x.com',
      firstName: 'E',
      lastName: 'D',
      password: PASSWORD,
      roles: [role, SEED_IDS.backendUserRole],
    },
  });
  const editor = s.basicAuth('ed@x.com', PASSWORD);
  const grant = (assetId: string, permissions: string[]) =>
    s.http('PUT', `/api/v1/permissions/${assetId}`, {
      headers: admin,
      body: { permissions: [{ roleId: role, permissions }] },
    });
  const body = { title: 'L', siteId: SITE, folderPath: '/team', url: 'https://x.example' };
  const create = (extra = {}) => s.http('POST', '/api/v1/menulinks', { headers: editor, body: { ...body, ...extra } });

  t.equal((await create()).status, 403, 'no CAN_ADD_CHILDREN on the folder');
  await grant(team, ['READ', 'CAN_ADD_CHILDREN']);
  const made = await create();
  t.equal(made.status, 200, made.text);
  const id = made.json.entity.identifier as string;
  t.equal((await create({ folderPath: '/closed' })).status, 403, 'only in the folder granted');
  t.equal((await s.http('GET', `/api/v1/menulinks/${id}`, { headers: editor })).status, 200, 'READ from the folder');
  const edit = () => s.http('PUT', `/api/v1/menulinks/${id}`, { headers: editor, body: { title: 'M' } });
  t.equal((await edit()).status, 403, 'no WRITE');
  t.equal((await s.http('PUT', `/api/v1/menulinks/${id}/_publish`, { headers: editor })).status, 403, 'no PUBLISH');
  t.equal((await s.http('DELETE', `/api/v1/menulinks/${id}`, { headers: editor })).status, 403);
  t.equal((await create({ publish: true })).status, 403, 'publish: true needs PUBLISH, and nothing is made');
  t.equal((await s.http('GET', `/api/v1/menulinks?siteId=${SITE}`, { headers: editor })).json.entity.length, 1);

  await grant(team, ['READ', 'WRITE', 'PUBLISH', 'CAN_ADD_CHILDREN']);
  t.equal((await edit()).status, 200);
  t.equal((await s.http('PUT', `/api/v1/menulinks/${id}/_publish`, { headers: editor })).status, 200);
  t.equal((await s.http('PUT', `/api/v1/menulinks/${id}/_unpublish`, { headers: editor })).status, 200);
  const move = await s.http('PUT', `/api/v1/menulinks/${id}`, { headers: editor, body: { folderPath: '/closed' } });
  t.equal(move.status, 403, 'moving needs CAN_ADD_CHILDREN on the destination');

  const linkPermissions = await s.http('GET', `/api/v1/permissions/${id}`, { headers: admin });
  t.match(linkPermissions.json.entity, {
    assetType: 'menuLink',
    inheriting: true,
    inheritsFrom: [{ kind: 'folder', id: team }],
  });
  await grant(id, ['WRITE']);
  t.equal((await s.http('GET', `/api/v1/menulinks/${id}`, { headers: editor })).status, 403, "a link's own grants win");
  t.equal(
    (await s.http('GET', `/api/v1/menulinks?siteId=${SITE}`, { headers: editor })).json.entity.length,
    0,
    'and lists leave it out',
  );
  t.equal((await s.http('DELETE', `/api/v1/menulinks/${id}`, { headers: editor })).status, 200, 'WRITE deletes');

  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'front@x.com', firstName: 'F', lastName: 'E', password: PASSWORD, roles: [role] },
  });
  const front = await s.http('GET', `/api/v1/menulinks?siteId=${SITE}`, {
    headers: s.basicAuth('front@x.com', PASSWORD),
  });
  t.equal(front.json.errors[0].errorCode, 'AUTH_BACKEND_USER_REQUIRED');
  t.equal((await s.http('GET', `/api/v1/menulinks?siteId=${SITE}`)).status, 401);
});
