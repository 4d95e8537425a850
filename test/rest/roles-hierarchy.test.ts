import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { checkDocumentedAnswer } from '../helpers/documented-answer.js';
import type { Test } from 'tap';
import { testOnEachStorage, type TestApp } from '../helpers/test-app.js';

// The role tree as the original's role resource exposes it: a role created under a parent, the
// tree members of each read, the root list, and deletion refused while a role has children.

const PASS = 'first-pass-phrase-1';

async function createRole(t: Test, s: TestApp, body: Record<string, unknown>) {
  const answer = await s.http('POST', '/api/v1/roles', { headers: s.basicAuth(), body });
  checkDocumentedAnswer(t, s, 'POST /api/v1/roles', answer);
  return answer.json.entity as { id: string; parent: string; DBFQN: string; FQN: string };
}

testOnEachStorage('roles form a tree: created under a parent, read with their place in it', async (t, s) => {
  const admin = s.basicAuth();
  const editors = await createRole(t, s, { roleName: 'Editors', roleKey: 'editors' });
  t.same([editors.parent, editors.DBFQN, editors.FQN], [editors.id, editors.id, 'Editors'], 'a root is its own parent');
  const senior = await createRole(t, s, { roleName: 'senior', parentRoleId: editors.id });
  t.match(senior, { parent: editors.id, DBFQN: `${editors.id} --> ${senior.id}`, FQN: 'Editors --> senior' });
  const juniors = await createRole(t, s, { roleName: 'Juniors', roleKey: 'juniors', parentRoleId: 'editors' });
  t.equal(juniors.parent, editors.id, 'the parent named by key');
  const lead = await createRole(t, s, { roleName: 'Lead', parentRoleId: senior.id });
  t.match(lead, { DBFQN: `${editors.id} --> ${senior.id} --> ${lead.id}`, FQN: 'Editors --> senior --> Lead' });
  const loose = await createRole(t, s, { roleName: 'Loose', parentRoleId: null });
  t.equal(loose.parent, loose.id, 'a null parent: a root');

  const ann = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'ann@example.com', firstName: 'Ann', lastName: 'A', password: PASS, roles: [senior.id] },
  });
  const annId = ann.json.entity.userId as string;
  const annRole = ann.json.entity.roleId as string;

  const one = await s.http('GET', `/api/v1/roles/${senior.id}`, { headers: admin });
  checkDocumentedAnswer(t, s, 'GET /api/v1/roles/:roleId', one);
  t.match(one.json.entity, {
    id: senior.id,
    parent: editors.id,
    dbfqn: `${editors.id} --> ${senior.id}`,
    fqn: 'Editors --> senior',
    childCount: 1,
    userCount: 1,
    roleChildren: [
      {
        id: lead.id,
        parent: senior.id,
        dbfqn: `${editors.id} --> ${senior.id} --> ${lead.id}`,
        fqn: 'Editors --> senior --> Lead',
        childCount: 0,
        userCount: 0,
        roleChildren: [],
      },
    ],
  });
  const unloaded = await s.http('GET', `/api/v1/roles/${senior.id}?loadChildrenRoles=false`, { headers: admin });
  t.match(unloaded.json.entity, { childCount: 1, roleChildren: [] }, 'the count stays when children are not loaded');

  const roots = await s.http('GET', '/api/v1/roles', { headers: admin });
  checkDocumentedAnswer(t, s, 'GET /api/v1/roles', roots);
  const rootIds = roots.json.entity.map((r: { id: string }) => r.id);
  t.ok(rootIds.includes(editors.id) && rootIds.includes(SEED_IDS.adminRole), 'roots listed');
  t.notOk(
    [senior.id, juniors.id, lead.id].some((id) => rootIds.includes(id)),
    'roots only',
  );
  const editorsRoot = roots.json.entity.find((r: { id: string }) => r.id === editors.id);
  t.same(
    editorsRoot.roleChildren.map((r: { name: string }) => r.name),
    ['Juniors', 'senior'],
    'its direct children, by name ignoring case',
  );
  t.equal(editorsRoot.childCount, 2);
  const bare = await s.http('GET', '/api/v1/roles?loadChildrenRoles=false', { headers: admin });
  t.same(bare.json.entity.find((r: { id: string }) => r.id === editors.id).roleChildren, []);
  const sorted = await s.http('GET', '/api/v1/roles?orderby=name&direction=DESC', { headers: admin });
  t.same(
    sorted.json.entity.map((r: { name: string }) => r.name),
    [...sorted.json.entity.map((r: { name: string }) => r.name)].sort((a, b) =>
      b.localeCompare(a, undefined, { sensitivity: 'base' }),
    ),
    'roots sorted as asked',
  );

  // The original's role model: children as ids, ancestors first with roleHierarchyForAssign.
  const lone = await s.http('GET', `/api/v1/roles/${senior.id}/rolehierarchyanduserroles`, { headers: admin });
  checkDocumentedAnswer(t, s, 'GET /api/v1/roles/:roleId/rolehierarchyanduserroles', lone);
  t.same(
    lone.json.entity.map((r: { id: string }) => r.id),
    [senior.id, annRole],
  );
  t.match(lone.json.entity[0], { parent: editors.id, fqn: 'Editors --> senior', roleChildren: [lead.id] });
  t.equal(lone.json.entity[1].roleChildren, null, 'no children: null, as the original leaves it');
  const assign = await s.http('GET', `/api/v1/roles/${lead.id}/rolehierarchyanduserroles?roleHierarchyForAssign=true`, {
    headers: admin,
  });
  t.same(
    assign.json.entity.map((r: { id: string }) => r.id),
    [editors.id, senior.id, lead.id, annRole],
    'the ancestors first, then the personal roles of the users holding any of them',
  );

  const ofAnn = await s.http('GET', `/api/v1/roles/users/${annId}`, { headers: admin });
  checkDocumentedAnswer(t, s, 'GET /api/v1/roles/users/:userIdOrEmail', ofAnn);
  t.match(ofAnn.json.entity[0], { id: senior.id, parent: editors.id, childCount: 1, roleChildren: [] });
  t.match(ofAnn.json.entity[1], { id: annRole, parent: annRole, dbfqn: annRole, childCount: 0 }, 'personal: a root');

  // The search lists every shared role, at any depth, without tree members (as the original's).
  const search = await s.http('GET', '/api/v1/roles/_search?includeUserRoles=false&count=500', { headers: admin });
  const names = search.json.entity.map((r: { name: string }) => r.name);
  for (const name of ['Editors', 'senior', 'Juniors', 'Lead']) t.ok(names.includes(name), `${name} found`);
  t.notOk('parent' in search.json.entity[0]);
});

testOnEachStorage('a bad parent is refused, and a role with children is not deleted', async (t, s) => {
  const admin = s.basicAuth();
  const unknown = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Orphan', parentRoleId: 'no-such-role' },
  });
  t.equal(unknown.status, 404);
  t.match(unknown.json.errors, [{ errorCode: 'ROLE_PARENT_NOT_FOUND', fieldName: 'parentRoleId' }]);
  t.match(unknown.json.message, /Parent role no-such-role not found/);
  const empty = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'X', parentRoleId: '' } });
  t.equal(empty.status, 400, 'an empty parent is malformed');
  const user = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'bob@example.com', firstName: 'Bob', lastName: 'B', password: PASS },
  });
  const personal = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Under Bob', parentRoleId: user.json.entity.roleId },
  });
  t.equal(personal.status, 400, 'a personal role has no children');
  t.match(personal.json.errors, [{ errorCode: 'ROLE_PARENT_PERSONAL' }]);

  const parent = await createRole(t, s, { roleName: 'Parent', roleKey: 'parent' });
  const child = await createRole(t, s, { roleName: 'Child', parentRoleId: parent.id });
  const refused = await s.http('DELETE', `/api/v1/roles/${parent.id}`, { headers: admin });
  t.equal(refused.status, 409);
  t.match(refused.json.errors, [{ errorCode: 'ROLE_HAS_CHILDREN' }]);
  t.match(refused.json.message, /Parent has 1 child role/);
  t.equal((await s.http('GET', `/api/v1/roles/${parent.id}`, { headers: admin })).status, 200, 'still there');

  // The child goes with its grants to users and its permissions; then its parent may go.
  await s.http('POST', `/api/v1/roles/${child.id}/users/${user.json.entity.userId}`, { headers: admin });
  const granted = await s.http('PUT', `/api/v1/permissions/${SEED_IDS.defaultSite}`, {
    headers: admin,
    body: { permissions: [{ roleId: child.id, permissions: ['READ'] }] },
  });
  t.equal(granted.status, 200);
  const deleted = await s.http('DELETE', `/api/v1/roles/${child.id}`, { headers: admin });
  checkDocumentedAnswer(t, s, 'DELETE /api/v1/roles/:roleId', deleted);
  t.same(deleted.json.entity, { deleted: true, roleId: child.id, usersAffected: 1 });
  t.equal((await s.http('GET', `/api/v1/roles/${child.id}`, { headers: admin })).status, 404);
  const holds = await s.http('GET', `/api/v1/roles/users/${user.json.entity.userId}`, { headers: admin });
  t.same(
    holds.json.entity.map((r: { id: string }) => r.id),
    [user.json.entity.roleId],
    'the grant went with the role',
  );
  const grants = await s.http('GET', `/api/v1/permissions/${SEED_IDS.defaultSite}`, { headers: admin });
  t.notOk(
    grants.json.entity.permissions.some((p: { roleId: string }) => p.roleId === child.id),
    'and its permissions',
  );
  t.equal((await s.http('GET', `/api/v1/roles/${parent.id}`, { headers: admin })).json.entity.childCount, 0);
  t.equal((await s.http('DELETE', '/api/v1/roles/parent', { headers: admin })).status, 200, 'by key');

  t.equal((await s.http('DELETE', '/api/v1/roles/nope', { headers: admin })).status, 404);
  const system = await s.http('DELETE', `/api/v1/roles/${SEED_IDS.adminRole}`, { headers: admin });
  t.equal(system.status, 403);
  t.match(system.json.errors, [{ errorCode: 'ROLE_NOT_DELETABLE' }]);
  t.equal(
    (await s.http('DELETE', `/api/v1/roles/${user.json.entity.roleId}`, { headers: admin })).status,
    403,
    'a personal role goes only with its user',
  );
});

testOnEachStorage('a role workflow actions assign items to is not deleted', async (t, s) => {
  const admin = s.basicAuth();
  const reviewers = await createRole(t, s, { roleName: 'Reviewers' });
  const wf = async (path: string, body: Record<string, unknown>) =>
    (await s.http('POST', `/api/v1/workflow${path}`, { headers: admin, body })).json.entity;
  const scheme = await wf('/schemes', { schemeName: 'Review' });
  const step = await wf('/steps', { schemeId: scheme.id, stepName: 'Draft', escalationAction: '', escalationTime: '' });
  await wf('/actions', {
    actionName: 'Send for review',
    schemeId: scheme.id,
    actionNextStep: step.id,
    actionNextAssign: reviewers.id,
    whoCanUse: [],
    showOn: ['EDITING'],
  });
  const refused = await s.http('DELETE', `/api/v1/roles/${reviewers.id}`, { headers: admin });
  t.equal(refused.status, 409);
  t.match(refused.json.errors, [{ errorCode: 'ROLE_ASSIGNED_BY_WORKFLOW' }]);
  t.match(refused.json.message, /Review \[Send for review\]/, 'names the scheme and its action');

  const editor = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'cid@example.com', firstName: 'Cid', lastName: 'C', password: PASS },
  });
  const asEditor = s.basicAuth('cid@example.com', PASS);
  t.equal(editor.status, 200);
  t.equal((await s.http('DELETE', `/api/v1/roles/${reviewers.id}`, { headers: asEditor })).status, 403, 'admins only');
});
