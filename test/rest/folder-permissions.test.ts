import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { eventually } from '../search/search-helpers.js';

const PASSWORD = 'member-password-1';

async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  const role = async (roleName: string) =>
    (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName, roleKey: roleName.toLowerCase() } }))
      .json.entity.id as string;
  const user = async (email: string, roles: string[]) => {
    await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName: 'U', lastName: 'U', password: PASSWORD, roles },
    });
    return s.basicAuth(email, PASSWORD);
  };
  const grant = (assetId: string, permissions: Array<{ roleId: string; permissions: string[] }>) =>
    s.http('PUT', `/api/v1/permissions/${assetId}`, { headers: admin, body: { permissions } });
  const folders = async (paths: string[], headers = admin) =>
    s.http('POST', '/api/v1/folder/createfolders/default', { headers, body: paths });
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { baseType: 'FILEASSET', name: 'Docs', variable: 'Docs' },
  });
  const draftFile = async (folder: string, fileName: string) => {
    const upload = `data:text/plain;name=${fileName};base64,${Buffer.from(fileName).toString('base64')}`;
    const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: admin,
      body: {
        contentletFormData: { contentType: 'Docs', hostFolder: `default:${folder}`, fileAsset: upload, fileName },
      },
    });
    if (fired.status !== 200) throw new Error(fired.text);
    return fired.json.entity.identifier as string;
  };
  return { admin, role, user, grant, folders, draftFile };
}

testOnSqlite('READ on a folder reaches its sub-folders and the content in them, and nothing outside', async (t, s) => {
  const { admin, role, user, grant, folders, draftFile } = await setUp(s);
  const made = await folders(['/private/inner', '/public']);
  const [inner, publicFolder] = made.json.entity as Array<{ identifier: string }>;
  const privateFolder = (await folders(['/private'])).json.entity[0] as { identifier: string };
  const secret = await draftFile('/private/inner', 'secret.txt');
  const open = await draftFile('/public', 'open.txt');
  const readers = await role('Readers');
  const reader = await user('reader@x.com', [readers, SEED_IDS.backendUserRole]);
  const read = (id: string) => s.http('GET', `/api/content/id/${id}?live=false`, { headers: reader });
  t.equal((await read(secret)).status, 404, 'no grant yet: as unknown');

  const granted = await grant(privateFolder.identifier, [{ roleId: readers, permissions: ['READ'] }]);
  t.equal(granted.status, 200, granted.text);
  t.match(granted.json.entity, { assetType: 'folder', inheriting: false });
  t.equal((await read(secret)).status, 200, 'READ on /private reads content in /private/inner');
  const found = async () =>
    (
      await s.http('POST', '/api/es/search?live=false', {
        headers: reader,
        body: { query: { bool: { must: { term: { identifier: secret } } } } },
      })
    ).json.contentlets.length;
  t.ok(await eventually(async () => (await found()) === 1), "the search index learns the folder's grants");
  t.equal((await read(open)).status, 404, 'but not content elsewhere');
  t.equal((await s.http('GET', `/api/v1/folder/${inner!.identifier}`, { headers: reader })).status, 200);
  t.equal((await s.http('GET', `/api/v1/folder/${publicFolder!.identifier}`, { headers: reader })).status, 403);

  const innerPermissions = await s.http('GET', `/api/v1/permissions/${inner!.identifier}`, { headers: admin });
  t.match(innerPermissions.json.entity, {
    assetType: 'folder',
    inheriting: true,
    inheritsFrom: [{ kind: 'folder', id: privateFolder.identifier }],
  });
  const contentPermissions = await s.http('GET', `/api/v1/permissions/${secret}`, { headers: admin });
  t.same(contentPermissions.json.entity.inheritsFrom, [{ kind: 'folder', id: privateFolder.identifier }]);
  const byContent = await s.http('GET', `/api/v1/permissions/_bycontent?contentletId=${secret}`, { headers: admin });
  t.same(
    byContent.json.entity.map((p: { roleId: string; inode: string }) => [p.roleId, p.inode]),
    [[readers, privateFolder.identifier]],
  );

  const reset = await s.http('PUT', `/api/v1/permissions/${privateFolder.identifier}/_reset`, { headers: admin });
  t.equal(reset.status, 200);
  t.equal((await read(secret)).status, 404, 'reset: inherits from the site again');
  t.ok(await eventually(async () => (await found()) === 0), 'and so does the search index');
  const again = await s.http('GET', `/api/v1/permissions/${inner!.identifier}`, { headers: admin });
  t.same(
    again.json.entity.inheritsFrom.map((r: { kind: string }) => r.kind),
    ['site'],
  );

  const frontEnd = await user('front@x.com', [readers]);
  const refused = await s.http('GET', `/api/v1/folder/${inner!.identifier}`, { headers: frontEnd });
  t.equal(refused.status, 403, 'folder endpoints serve back-end users only');
});

testOnSqlite(
  'creating a folder or moving into one needs CAN_ADD_CHILDREN there; moving and changing need WRITE',
  async (t, s) => {
    const { role, user, grant, folders } = await setUp(s);
    const made = await folders(['/open', '/closed', '/mine']);
    const [openFolder, closed, mine] = made.json.entity as Array<{ identifier: string }>;
    const writers = await role('Writers');
    const editor = await user('editor@x.com', [writers, SEED_IDS.backendUserRole]);
    const refused = await folders(['/open/new'], editor);
    t.equal(refused.status, 403, 'no CAN_ADD_CHILDREN on /open');
    t.match(refused.json.message, /CAN_ADD_CHILDREN/);
    t.equal((await folders(['/brand-new'], editor)).status, 403, 'nor on the site');

    await grant(openFolder!.identifier, [{ roleId: writers, permissions: ['READ', 'CAN_ADD_CHILDREN'] }]);
    const created = await folders(['/open/new/deeper'], editor);
    t.equal(created.status, 200, 'parents and children made under /open');
    t.equal(created.json.entity[0].path, '/open/new/deeper/');

    const move = (from: string, to: string) =>
      s.http('PUT', '/api/v1/assets/folders/_move', {
        headers: editor,
        body: { assetPath: `//default${from}`, destination: `//default${to}` },
      });
    t.equal((await move('/mine/', '/open/')).status, 403, 'no WRITE on /mine');
    const rename = await s.http('PUT', '/api/v1/assets/folders', {
      headers: editor,
      body: { assetPath: '//default/mine/', data: { title: 'Mine' } },
    });
    t.equal(rename.status, 403, 'changing needs WRITE too');
    await grant(mine!.identifier, [{ roleId: writers, permissions: ['READ', 'WRITE'] }]);
    t.equal((await move('/mine/', '/closed/')).status, 403, 'no CAN_ADD_CHILDREN on /closed');
    const moved = await move('/mine/', '/open/');
    t.equal(moved.status, 200, moved.text);
    t.equal(moved.json.entity.path, '/open/mine/');

    const removal = await s.http('DELETE', '/api/v1/folder/default', { headers: editor, body: ['/open/mine'] });
    t.equal(removal.status, 403, 'deleting needs EDIT_PERMISSIONS as well as WRITE');
    await grant(mine!.identifier, [{ roleId: writers, permissions: ['READ', 'WRITE', 'EDIT_PERMISSIONS'] }]);
    t.equal((await s.http('DELETE', '/api/v1/folder/default', { headers: editor, body: ['/open/mine'] })).status, 200);
    t.ok(closed);
  },
);

testOnSqlite('a new item needs CAN_ADD_CHILDREN on its folder (its site at the root)', async (t, s) => {
  const { admin, role, user, grant, folders } = await setUp(s);
  const [uploads] = (await folders(['/uploads'])).json.entity as Array<{ identifier: string }>;
  const typeId = (await s.http('GET', '/api/v1/contenttype/id/Docs', { headers: admin })).json.entity.id as string;
  const writers = await role('Writers');
  const writer = await user('writer@x.com', [writers]);
  await grant(typeId, [{ roleId: writers, permissions: ['READ', 'WRITE'] }]);
  const save = (folder: string, fileName: string) =>
    s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: writer,
      body: {
        contentletFormData: {
          contentType: 'Docs',
          hostFolder: `default:${folder}`,
          fileName,
          fileAsset: `data:text/plain;name=${fileName};base64,${Buffer.from('x').toString('base64')}`,
        },
      },
    });
  t.equal((await save('/uploads', 'a.txt')).status, 403, 'no CAN_ADD_CHILDREN on /uploads');
  await grant(uploads!.identifier, [{ roleId: writers, permissions: ['READ', 'CAN_ADD_CHILDREN'] }]);
  t.equal((await save('/uploads', 'a.txt')).status, 200, 'granted on the folder');
  t.equal((await save('/', 'b.txt')).status, 403, 'the site root still refuses');
});
