import { testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const PASS = 'first-pass-phrase-1';

async function newUser(s: TestApp, email: string, roles: string[] = []) {
  const answer = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: 'F', lastName: email.split('@')[0], password: PASS, roles },
  });
  return answer.json.entity as { userId: string; roleId: string };
}

testOnEachStorage('roles read, granted and taken away as the original does', async (t, s) => {
  const admin = s.basicAuth();
  const editors = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } })
  ).json.entity;
  const ann = await newUser(s, 'ann@example.com', ['editors']);
  const ben = await newUser(s, 'ben@example.com');

  const one = await s.http('GET', `/api/v1/roles/${editors.id}?loadChildrenRoles=true`, { headers: admin });
  t.equal(one.status, 200);
  t.match(one.json.entity, {
    id: editors.id,
    name: 'Editors',
    roleKey: 'editors',
    parent: editors.id,
    roleChildren: [],
    childCount: 0,
    userCount: 1,
  });
  for (const member of [
    'dbfqn',
    'fqn',
    'description',
    'editLayouts',
    'editPermissions',
    'editUsers',
    'locked',
    'system',
    'user',
  ])
    t.ok(member in one.json.entity, `the original's ${member} member`);
  t.equal((await s.http('GET', '/api/v1/roles/editors', { headers: admin })).json.entity.id, editors.id, 'by key too');

  const roots = await s.http('GET', '/api/v1/roles', { headers: admin });
  t.ok(
    roots.json.entity.some((r: { id: string; userCount: number }) => r.id === editors.id && r.userCount === 1),
    'every shared role is a root',
  );

  const granted = await s.http('POST', `/api/v1/roles/${editors.id}/users/${ben.userId}`, { headers: admin });
  t.equal(granted.status, 200);
  t.same(granted.json.entity, {
    granted: true,
    roleId: editors.id,
    user: { userId: ben.userId, email: 'ben@example.com', fullName: 'F ben' },
  });
  t.equal(
    (await s.http('POST', `/api/v1/roles/${editors.id}/users/${ben.userId}`, { headers: admin })).status,
    200,
    'granting again changes nothing',
  );
  const holders = await s.http('GET', `/api/v1/roles/${editors.id}/users`, { headers: admin });
  t.same(
    holders.json.entity.map((u: { email: string }) => u.email),
    ['ann@example.com', 'ben@example.com'],
  );

  const tree = await s.http(
    'GET',
    `/api/v1/roles/${editors.id}/rolehierarchyanduserroles?roleHierarchyForAssign=true`,
    {
      headers: admin,
    },
  );
  t.same(
    tree.json.entity.map((r: { id: string }) => r.id),
    [editors.id, ann.roleId, ben.roleId],
    'the role, then the personal roles of its users',
  );
  const filtered = await s.http('GET', `/api/v1/roles/${editors.id}/rolehierarchyanduserroles?name=edit*`, {
    headers: admin,
  });
  t.same(
    filtered.json.entity.map((r: { id: string }) => r.id),
    [editors.id],
  );

  const ofBen = await s.http('GET', '/api/v1/roles/users/ben@example.com', { headers: admin });
  t.same(
    ofBen.json.entity.map((r: { id: string }) => r.id),
    [editors.id, ben.roleId],
    'a user by e-mail: granted roles, then the personal role',
  );
  const check = (userId: string, roles: string) =>
    s.http('GET', `/api/v1/roles/checkuserroles/userid/${userId}/roleids/${roles}`, { headers: admin });
  t.same((await check(ben.userId, `nope,${editors.id}`)).json.entity, { checkRoles: true });

  const removed = await s.http('DELETE', `/api/v1/roles/${editors.id}/users`, {
    headers: admin,
    body: { userIds: [ben.userId, 'nobody', ann.userId] },
  });
  t.equal(removed.status, 200);
  t.same(removed.json.entity, {
    removedUserIds: [ben.userId, ann.userId],
    skipped: [{ userId: 'nobody', reason: 'not_found' }],
  });
  t.same((await check(ben.userId, editors.id)).json.entity, { checkRoles: false });
  const personal = await s.http('DELETE', `/api/v1/roles/${ben.roleId}/users`, {
    headers: admin,
    body: { userIds: [ben.userId] },
  });
  t.same(personal.json.entity.skipped, [{ userId: ben.userId, reason: 'inherited' }], 'a personal role stays');
});

testOnSqlite('role search and refusals', async (t, s) => {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Publishers', roleKey: 'pub-key' } });
  const cid = await newUser(s, 'cid@example.com');
  const byName = await s.http('GET', '/api/v1/roles/_search?searchName=publ', { headers: admin });
  t.same(
    byName.json.entity.map((r: { name: string; roleKey: string; user: boolean }) => [r.name, r.roleKey, r.user]),
    [['Publishers', 'pub-key', false]],
  );
  const unknownId = await s.http('GET', '/api/v1/roles/_search?roleId=nope&searchName=publ', { headers: admin });
  t.equal(unknownId.json.entity.length, 1, 'a roleId that names no role: the search runs');
  const byKey = await s.http('GET', '/api/v1/roles/_search?searchKey=PUB', { headers: admin });
  t.equal(byKey.json.entity.length, 1);
  const users = await s.http('GET', '/api/v1/roles/_search?searchName=F%20cid', { headers: admin });
  t.same(
    users.json.entity.map((r: { name: string; user: boolean }) => [r.name, r.user]),
    [['F cid (User)', true]],
    'personal roles say they are a user’s',
  );
  const noUsers = await s.http('GET', '/api/v1/roles/_search?searchName=F%20cid&includeUserRoles=false', {
    headers: admin,
  });
  t.same(noUsers.json.entity, []);
  // Shared roles first, then personal ones: pages run across the boundary without gap or repeat.
  const all = await s.http('GET', '/api/v1/roles/_search?count=500', { headers: admin });
  const names = all.json.entity.map((r: { name: string }) => r.name);
  t.ok(names.indexOf('F cid (User)') > names.indexOf('Publishers'), 'personal roles after shared ones');
  const paged: string[] = [];
  for (let start = 0; start < names.length; start += 3) {
    const page = await s.http('GET', `/api/v1/roles/_search?start=${start}&count=3`, { headers: admin });
    paged.push(...page.json.entity.map((r: { name: string }) => r.name));
  }
  t.same(paged, names, 'the same roles, page by page');

  t.equal((await s.http('GET', '/api/v1/roles/nope', { headers: admin })).status, 404);
  t.equal((await s.http('GET', '/api/v1/roles/nope/rolehierarchyanduserroles', { headers: admin })).status, 404);
  t.equal((await s.http('POST', '/api/v1/roles/nope/users/nobody', { headers: admin })).status, 404);
  t.equal((await s.http('GET', '/api/v1/roles/users/nobody@example.com', { headers: admin })).status, 404);
  const empty = await s.http('DELETE', '/api/v1/roles/pub-key/users', { headers: admin, body: { userIds: [] } });
  t.equal(empty.status, 400, 'userIds must not be empty');

  const cidAuth = s.basicAuth('cid@example.com', PASS);
  const own = await s.http('GET', `/api/v1/roles/checkuserroles/userid/${cid.userId}/roleids/${cid.roleId}`, {
    headers: cidAuth,
  });
  t.same(own.json.entity, { checkRoles: true }, 'a user checks their own roles');
  const other = await s.http('GET', `/api/v1/roles/checkuserroles/userid/cms.org.1/roleids/x`, { headers: cidAuth });
  t.equal(other.status, 403, 'not another’s');
  t.equal((await s.http('GET', '/api/v1/roles/_search', { headers: cidAuth })).status, 403);
  t.equal((await s.http('POST', `/api/v1/roles/pub-key/users/${cid.userId}`, { headers: cidAuth })).status, 403);
});
