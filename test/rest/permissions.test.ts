import t from 'tap';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { startTestApp, tempDataDir, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'member-password-1';

async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  await textContentType(s, 'Note', ['title']);
  const role = async (roleName: string) =>
    (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName, roleKey: roleName.toLowerCase() } }))
      .json.entity.id as string;
  const user = async (email: string, roles: string[] = []) => {
    await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName: 'U', lastName: 'U', password: PASSWORD, roles },
    });
    return s.basicAuth(email, PASSWORD);
  };
  const fire = (verb: string, headers: Record<string, string>, form: Record<string, unknown>) =>
    s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}`, { headers, body: { contentletFormData: form } });
  const grant = (assetId: string, permissions: Array<{ roleId: string; permissions: string[] }>, headers = admin) =>
    s.http('PUT', `/api/v1/permissions/${assetId}`, { headers, body: { permissions } });
  return { admin, role, user, fire, grant };
}

testOnSqlite(
  'a signed-in user with no role cannot edit, publish, archive, delete or read unpublished versions of the administrator’s content; roles granted permissions can',
  async (t, s) => {
    const { admin, role, user, fire, grant } = await setUp(s);
    const published = await fire('PUBLISH', admin, { contentType: 'Note', title: 'Admin note' });
    t.equal(published.status, 200);
    const id = published.json.entity.identifier as string;
    const nobody = await user('nobody@x.com');

    // Roleless: 403 for everything but reading the published version (CMS Anonymous reads it).
    for (const verb of ['EDIT', 'PUBLISH', 'UNPUBLISH', 'ARCHIVE', 'DELETE', 'DESTROY']) {
      const refused = await fire(verb, nobody, { identifier: id, title: 'Mine now' });
      t.equal(refused.status, 403, `${verb} refused`);
      t.match(refused.json.message, /does not have (READ|WRITE|PUBLISH) permission/);
    }
    t.equal((await fire('NEW', nobody, { contentType: 'Note', title: 'x' })).status, 403, 'creating refused');
    t.equal((await s.http('GET', `/api/content/id/${id}`, { headers: nobody })).status, 200, 'live version readable');
    const working = await s.http('GET', `/api/content/id/${id}?live=false`, { headers: nobody });
    t.equal(working.status, 403, 'working version refused');
    const still = await s.http('GET', `/api/content/id/${id}?live=false`, { headers: admin });
    t.equal(still.json.contentlets[0].title, 'Admin note', 'nothing changed');

    // Editors: add children on the site, write and publish on the type.
    const editors = await role('Editors');
    const editor = await user('editor@x.com', [editors]);
    t.equal(
      (
        await grant('SYSTEM_HOST', [
          { roleId: editors, permissions: ['READ', 'CAN_ADD_CHILDREN'] },
          { roleId: SEED_IDS.anonymousRole, permissions: ['READ'] },
        ])
      ).status,
      200,
    );
    const noteType = (await s.http('GET', '/api/v1/contenttype/id/Note', { headers: admin })).json.entity.id;
    const typeGrant = await grant('Note', [{ roleId: editors, permissions: ['READ', 'WRITE', 'PUBLISH'] }]);
    t.equal(typeGrant.status, 200);
    t.equal(typeGrant.json.entity.assetId, noteType, 'a type is named by variable or id');
    t.equal(typeGrant.json.entity.inheriting, false);
    const edited = await fire('EDIT', editor, { identifier: id, title: 'Edited' });
    t.equal(edited.status, 200, 'type-level WRITE lets the editor edit');
    t.equal((await fire('PUBLISH', editor, { identifier: id, title: 'Published' })).status, 200);
    const created = await fire('NEW', editor, { contentType: 'Note', title: 'Editor note' });
    t.equal(created.status, 200, 'CAN_ADD_CHILDREN on the site and WRITE on the type let the editor create');
    t.equal((await fire('NEW', nobody, { contentType: 'Note', title: 'x' })).status, 403, 'others still cannot');

    // Individual permissions on one item beat inheritance; reset inherits again.
    const own = await grant(id, [{ roleId: 'editors', permissions: ['READ'] }]);
    t.equal(own.status, 200, 'a role named by key');
    t.same(own.json.entity.permissions, [{ roleId: editors, permissions: ['READ'] }]);
    t.equal((await fire('EDIT', editor, { identifier: id, title: 'No' })).status, 403, 'own grants replace inherited');
    const reset = await s.http('PUT', `/api/v1/permissions/${id}/_reset`, { headers: admin });
    t.equal(reset.status, 200);
    t.equal(reset.json.entity.inheriting, true);
    t.same(
      reset.json.entity.inheritsFrom.map((r: { kind: string }) => r.kind),
      ['site', 'contentType'],
      'content inherits from its site and from its type',
    );
    t.equal((await fire('EDIT', editor, { identifier: id, title: 'Again' })).status, 200);

    // Reading one's own permissions is always allowed; others' grants only with EDIT_PERMISSIONS.
    const mine = await s.http('GET', `/api/v1/permissions/${id}`, { headers: editor });
    t.equal(mine.status, 200);
    t.same(mine.json.entity.userPermissions, ['READ', 'WRITE', 'PUBLISH', 'CAN_ADD_CHILDREN']);
    t.ok(
      mine.json.entity.permissions.every((p: { roleId: string }) => p.roleId === editors),
      'only the caller’s roles',
    );
    const all = await s.http('GET', `/api/v1/permissions/${id}`, { headers: admin });
    t.ok(all.json.entity.permissions.some((p: { roleId: string }) => p.roleId === SEED_IDS.anonymousRole));
    t.equal((await grant(id, [], editor)).status, 403, 'writing needs EDIT_PERMISSIONS');
  },
);

testOnSqlite('the permission endpoints refuse bad input with 400/404, never a 500', async (t, s) => {
  const { admin, user, fire, grant } = await setUp(s);
  const id = (await fire('PUBLISH', admin, { contentType: 'Note', title: 'n' })).json.entity.identifier as string;
  const unknownAsset = await grant('no-such-asset', []);
  t.equal(unknownAsset.status, 404);
  t.equal(unknownAsset.json.errors[0].errorCode, 'PERMISSION_ASSET_NOT_FOUND');
  const unknownRole = await grant(id, [{ roleId: 'ghost', permissions: ['READ'] }]);
  t.equal(unknownRole.status, 400);
  t.match(unknownRole.json.message, /ghost/);
  const unknownName = await grant(id, [{ roleId: SEED_IDS.anonymousRole, permissions: ['FLY'] }]);
  t.equal(unknownName.status, 400);
  t.match(unknownName.json.message, /FLY/);
  t.equal((await grant(id, [{ roleId: 5 } as never])).status, 400, 'shape');
  t.equal((await s.http('PUT', '/api/v1/permissions/SYSTEM_HOST/_reset', { headers: admin })).status, 400);
  t.equal((await s.http('GET', '/api/v1/permissions/nothing', { headers: admin })).status, 404);
  t.equal((await s.http('GET', '/api/v1/permissions/SYSTEM_HOST')).status, 401);

  const levels = await s.http('GET', '/api/v1/permissions/', { headers: admin });
  t.same(levels.json.entity.levels, ['READ', 'WRITE', 'PUBLISH', 'EDIT_PERMISSIONS', 'CAN_ADD_CHILDREN']);

  const byContent = await s.http('GET', `/api/v1/permissions/_bycontent?contentletId=${id}&type=ALL`, {
    headers: admin,
  });
  t.equal(byContent.status, 200);
  t.ok(
    byContent.json.entity.some(
      (p: { roleId: string; permission: string }) => p.roleId === SEED_IDS.anonymousRole && p.permission === 'READ',
    ),
  );
  t.equal((await s.http('GET', '/api/v1/permissions/_bycontent?contentletId=nope', { headers: admin })).status, 404);
  const member = await user('member@x.com');
  t.equal((await s.http('GET', `/api/v1/permissions/_bycontent?contentletId=${id}`, { headers: member })).status, 403);
  const byType = await s.http('GET', '/api/v1/permissions/_bypermissiontype?userid=cms.org.1', { headers: admin });
  t.same(byType.json.entity.CONTENTLETS, { canWrite: true, canRead: true });
  const bad = await s.http('GET', '/api/v1/permissions/_bypermissiontype?permissiontype=NOPE', { headers: admin });
  t.equal(bad.status, 400);
  t.equal(
    (await s.http('GET', '/api/v1/permissions/_bypermissiontype?userid=cms.org.1', { headers: member })).status,
    403,
  );
});

testOnSqlite(
  'anonymous reads need both CONTENT_APIS_ALLOW_ANONYMOUS and a READ grant to CMS Anonymous',
  async (t, s) => {
    const { admin, fire, grant } = await setUp(s);
    const id = (await fire('PUBLISH', admin, { contentType: 'Note', title: 'n' })).json.entity.identifier as string;
    t.equal((await s.http('GET', `/api/content/id/${id}`)).status, 200, 'seeded: anonymous reads live content');
    await grant('SYSTEM_HOST', [{ roleId: SEED_IDS.ownerRole, permissions: ['READ', 'WRITE', 'PUBLISH'] }]);
    t.equal((await s.http('GET', `/api/content/id/${id}`)).status, 404, 'without the grant: refused, as unknown');
  },
  { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } },
);

testOnSqlite(
  'a content type is changed by administrators, or by roles granted EDIT_PERMISSIONS on it',
  async (t, s) => {
    const { role, user, grant } = await setUp(s);
    const designers = await role('Designers');
    const designer = await user('designer@x.com', [designers]);
    const addField = () =>
      s.http('POST', '/api/v2/contenttype/Note/fields', {
        headers: designer,
        body: { clazz: 'TextField', name: 'Summary', variable: 'summary' },
      });
    const unseen = await addField();
    t.equal(unseen.status, 404, 'a type the role may not even read is as unknown');
    t.equal(unseen.json.errors[0].errorCode, 'CONTENT_TYPE_NOT_FOUND');
    await grant('Note', [{ roleId: designers, permissions: ['READ'] }]);
    const refused = await addField();
    t.equal(refused.status, 403, 'readable: the refusal says so');
    t.equal(refused.json.errors[0].errorCode, 'PERMISSION_DENIED');
    const rename = () =>
      s.http('PUT', '/api/v1/contenttype/id/Note', {
        headers: designer,
        body: { name: 'Notes', clazz: 'SimpleContentType' },
      });
    t.equal((await rename()).status, 403);
    await grant('Note', [{ roleId: designers, permissions: ['READ', 'EDIT_PERMISSIONS'] }]);
    t.equal((await addField()).status, 200, 'granted: the field is added');
    t.equal((await rename()).status, 200, 'and the type changed');
    t.equal(
      (
        await s.http('POST', '/api/v1/contenttype', {
          headers: designer,
          body: { clazz: 'SimpleContentType', name: 'Other', variable: 'Other' },
        })
      ).status,
      403,
      'creating types stays with administrators',
    );
  },
);

t.test('the seed grants reach an upgraded installation once, and never overwrite an installer’s choice', async (t) => {
  const dataDir = tempDataDir(t);
  const first = (await startTestApp(t, { dataDir }))!;
  const admin = first.basicAuth();
  const seeded = await first.http('GET', '/api/v1/permissions/SYSTEM_HOST', { headers: admin });
  t.same(seeded.json.entity.permissions, [
    { roleId: SEED_IDS.anonymousRole, permissions: ['READ'] },
    { roleId: SEED_IDS.ownerRole, permissions: ['READ', 'WRITE', 'PUBLISH'] },
  ]);
  // An installation from before permissions existed: SYSTEM_HOST has none.
  await first.app.services.storage.permissions.reset('SYSTEM_HOST');
  await first.app.close();
  const upgraded = (await startTestApp(t, { dataDir }))!;
  const after = await upgraded.http('GET', '/api/v1/permissions/SYSTEM_HOST', { headers: admin });
  t.equal(after.json.entity.permissions.length, 2, 'seeded on the first start after the upgrade');
  await upgraded.http('PUT', '/api/v1/permissions/SYSTEM_HOST', { headers: admin, body: { permissions: [] } });
  await upgraded.app.close();
  const later = (await startTestApp(t, { dataDir }))!;
  const kept = await later.http('GET', '/api/v1/permissions/SYSTEM_HOST', { headers: admin });
  t.same(kept.json.entity.permissions, [], 'an empty choice stays empty');
});
