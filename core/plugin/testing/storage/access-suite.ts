import type { UserQuery } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { englishAndType, identifierOfCt, RecordNotUnique, role, user, versionOfId1 } from './fixtures.js';

/** Users, roles, sessions and issued tokens. */
export function accessSuite(t: ContractTest, open: OpenStorage): void {
  t.test('users and roles', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('r1', { name: 'B role' }));
    await s.roles.insert(role('r2', { name: 'A role' }));
    await s.roles.insert(role('p1', { personal: true, key: 'user-1' }));
    await t.rejects(s.roles.insert(role('r3', { key: 'key-r1' })), RecordNotUnique, 'role keys are unique');
    t.same(
      (await s.roles.list()).map((r) => r.id),
      ['r2', 'r1'],
      'non-personal roles by name',
    );
    t.same(await s.roles.findByKey('key-r1'), role('r1', { name: 'B role' }));
    t.same(
      await s.roles.findById('p1'),
      role('p1', { personal: true, key: 'user-1' }),
      'booleans and strings round-trip',
    );
    t.equal(await s.roles.findById('nope'), undefined);

    const u = user('user-1', 'Mixed@Case.com', 'p1');
    await s.users.insert(u);
    await s.users.insert(user('user-2', 'a@first.com', 'p1'));
    await t.rejects(
      s.users.insert(user('user-3', 'MIXED@case.com', 'p1')),
      RecordNotUnique,
      'e-mails are unique, ignoring case',
    );
    await t.rejects(s.users.insert(user('user-1', 'other@x.com', 'p1')), RecordNotUnique, 'ids are unique');
    t.same(await s.users.findByEmail('mixed@CASE.com'), { ...u, email: 'mixed@case.com' });
    t.equal((await s.users.findById('user-1'))?.createdAt, 1_700_000_000_000, 'epoch milliseconds are numbers');
    const page = await s.users.list({ offset: 0, limit: 1 });
    t.same(
      { ids: page.items.map((x) => x.userId), total: page.total },
      { ids: ['user-2'], total: 2 },
      'paged by e-mail',
    );
    t.same(
      (await s.users.list({ offset: 1, limit: 5 })).items.map((x) => x.userId),
      ['user-1'],
    );

    await s.users.update('user-1', { firstName: 'New', active: false, email: 'NEW@case.com' });
    t.match(await s.users.findById('user-1'), { firstName: 'New', active: false, email: 'new@case.com' });
    await s.users.update('user-2', { firstName: 'able', modDate: 1_700_000_000_009 });
    const users = (sort: Parameters<typeof s.users.list>[0]['sort'], limit = 5) =>
      s.users.list({ offset: 0, limit, sort }).then((p) => p.items.map((x) => x.userId));
    t.same(await users({ column: 'firstName', descending: false }), ['user-2', 'user-1'], 'text ignoring case');
    t.same(await users({ column: 'firstName', descending: true }), ['user-1', 'user-2']);
    t.same(await users({ column: 'modDate', descending: true }), ['user-2', 'user-1']);
    t.same(await users({ column: 'lastName', descending: true }, 1), ['user-1'], 'ties by id, whatever the direction');
    t.same(
      (await s.users.list({ offset: 1, limit: 1, sort: { column: 'lastName', descending: true } })).items.map(
        (x) => x.userId,
      ),
      ['user-2'],
      'and the next page goes on from there',
    );

    await s.users.grantRoles('user-1', ['r2', 'r1', 'r1']);
    await s.users.grantRoles('user-1', ['r1']);
    t.same(await s.users.roleIdsOf('user-1'), ['r1', 'r2'], 'grants are idempotent');
    await t.rejects(s.users.grantRoles('user-1', ['missing-role']), 'unknown roles are refused by the foreign key');
    t.same(await s.users.roleIdsOf('user-2'), []);
  });

  t.test('users found by text in e-mail or names, and roles replaced', async (t) => {
    const s = await open(t);
    for (const id of ['personal-a', 'personal-b', 'personal-c', 'r1', 'r2']) await s.roles.insert(role(id));
    await s.users.insert({ ...user('a', 'ann@x.com', 'personal-a'), firstName: 'Ann', lastName: 'Berg' });
    await s.users.insert({ ...user('b', 'bob@y.com', 'personal-b'), firstName: 'Bob', lastName: 'Stone' });
    await s.users.insert({ ...user('c', 'c_100%@x.com', 'personal-c'), firstName: 'Cy', lastName: 'BERGMAN' });
    const found = async (search: string, limit = 10) => {
      const page = await s.users.list({ offset: 0, limit, search });
      return { ids: page.items.map((u) => u.userId), total: page.total };
    };
    t.same(await found('berg'), { ids: ['a', 'c'], total: 2 }, 'last names, ignoring case');
    t.same(await found('Y.COM'), { ids: ['b'], total: 1 }, 'e-mails');
    t.same(await found('bob'), { ids: ['b'], total: 1 }, 'first names');
    t.same(await found('berg', 1), { ids: ['a'], total: 2 }, 'the total counts every match, not the page');
    t.same(await found('_'), { ids: ['c'], total: 1 }, '_ is a character, not a wildcard');
    t.same(await found('0%'), { ids: ['c'], total: 1 }, '% is a character, not a wildcard');
    t.same(await found('!'), { ids: [], total: 0 }, 'the escape character itself is plain text');

    await s.users.grantRoles('a', ['r1']);
    await s.users.replaceRoles('a', ['r2', 'r2']);
    t.same(await s.users.roleIdsOf('a'), ['r2'], 'grants not named are removed, named ones added once');
    await s.users.replaceRoles('a', []);
    t.same(await s.users.roleIdsOf('a'), [], 'an empty list removes every grant');
    t.equal((await s.users.findById('a'))?.roleId, 'personal-a', 'the personal role stays');
  });

  t.test('the users holding a role', async (t) => {
    const s = await open(t);
    for (const id of ['personal-a', 'team', 'other']) await s.roles.insert(role(id));
    await s.users.insert(user('a', 'b-a@x.com', 'personal-a'));
    await s.users.insert(user('b', 'a-b@x.com', 'team'));
    await s.users.insert(user('c', 'c@x.com', 'other'));
    await s.users.grantRoles('a', ['team']);
    t.same(
      (await s.users.listByRole('team')).map((u) => u.userId),
      ['b', 'a'],
      'granted or personal, by e-mail',
    );
    t.same(
      (await s.users.listByRole('personal-a')).map((u) => u.userId),
      ['a'],
    );
    t.same(await s.users.listByRole('nobody'), []);
  });

  t.test('the role tree: children by name, a role deleted with its grants', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('root', { name: 'Root' }));
    await s.roles.insert(role('c-b', { name: 'beta', parent: 'root' }));
    await s.roles.insert(role('c-a', { name: 'Alpha', parent: 'root' }));
    await s.roles.insert(role('g', { name: 'Grandchild', parent: 'c-a' }));
    await s.roles.insert(role('personal', { personal: true, key: 'u' }));
    t.same(
      (await s.roles.listChildren('root')).map((r) => r.id),
      ['c-a', 'c-b'],
      'direct children only, by name ignoring case',
    );
    t.same(await s.roles.findById('g'), role('g', { name: 'Grandchild', parent: 'c-a' }), 'the parent round-trips');
    t.equal((await s.roles.findById('root'))?.parent, null, 'a root has none');
    t.same(await s.roles.listChildren('g'), []);
    t.same(await s.roles.listChildren('nobody'), []);

    await s.users.insert(user('u', 'u@x.com', 'personal'));
    await s.users.grantRoles('u', ['g', 'c-b']);
    await s.permissions.replace('folder-1', 'folder', [
      { roleId: 'g', bits: 1 },
      { roleId: 'c-b', bits: 3 },
    ]);
    const before = await s.definitionsVersion();
    t.equal(await s.roles.delete('g'), true);
    t.equal(await s.roles.delete('g'), false, 'deleted once');
    t.equal(await s.roles.findById('g'), undefined);
    t.same(await s.users.roleIdsOf('u'), ['c-b'], 'its grants to users went with it');
    t.same(await s.permissions.find('folder-1'), [{ roleId: 'c-b', bits: 3 }], 'and its permission grants');
    t.not(await s.definitionsVersion(), before, 'the definitions token renewed');
    t.same(
      (await s.roles.listChildren('c-a')).map((r) => r.id),
      [],
    );
  });

  t.test('a user deleted with what is theirs alone', async (t) => {
    const s = await open(t);
    for (const id of ['personal-a', 'personal-b', 'team']) await s.roles.insert(role(id, { personal: id !== 'team' }));
    await s.users.insert(user('a', 'a@x.com', 'personal-a'));
    await s.users.insert(user('b', 'b@x.com', 'personal-b'));
    await s.users.grantRoles('a', ['team']);
    await s.users.grantRoles('b', ['team']);
    await s.sessions.insert({ tokenHash: 'h-a', userId: 'a', createdAt: 1, lastSeenAt: 1, expiresAt: 10 });
    await s.issuedTokens.insert({
      id: 'k-a',
      userId: 'a',
      kind: 'api',
      issuedAt: 1,
      expiresAt: 10,
      notBefore: null,
      revokedAt: null,
      network: null,
      label: null,
      requestingUserId: 'a',
      requestingIp: '127.0.0.1',
    });
    t.equal(await s.users.delete('a'), true);
    t.equal(await s.users.delete('a'), false, 'deleted once');
    t.equal(await s.users.findById('a'), undefined);
    t.equal(await s.roles.findById('personal-a'), undefined, 'the personal role goes with its user');
    t.ok(await s.roles.findById('team'), 'shared roles stay');
    t.same(await s.users.roleIdsOf('a'), []);
    t.same(await s.sessions.listByUser('a'), []);
    t.equal(await s.issuedTokens.find('k-a'), undefined);
    t.same(
      (await s.users.listByRole('team')).map((u) => u.userId),
      ['b'],
      'other users keep their grants',
    );
  });

  t.test("a user's content handed to another", async (t) => {
    const s = await open(t);
    const en = await englishAndType(s);
    await s.roles.insert(role('personal-u', { personal: true, key: 'u' }));
    await s.roles.insert(role('personal-r', { personal: true, key: 'r' }));
    await s.users.insert(user('u', 'u@x.com', 'personal-u'));
    await s.users.insert(user('r', 'r@x.com', 'personal-r'));
    const task = (identifier: string, assignedTo: string, createdBy: string) => ({
      identifier,
      languageId: en,
      schemeId: 'scheme',
      stepId: 'step',
      assignedTo,
      createdBy,
      creationDate: 1,
      modDate: 1,
    });
    // Tasks of items with no version by `u`: found through the task alone.
    await s.tasks.put(task('t1', 'personal-u', 'x'));
    await s.tasks.put(task('t2', 'u', 'x'));
    await s.tasks.put(task('t3', 'team', 'u'));
    await s.tasks.put(task('t4', 'team', 'x'));
    const before = await s.definitionsVersion();
    // `id1` owned by `o` with a version by `u`; `id2` owned by `u`, its version by `o`; `id3` neither.
    await s.content.insertIdentifier(identifierOfCt('id1'));
    await s.content.insertIdentifier({ ...identifierOfCt('id2'), owner: 'u' });
    await s.content.insertIdentifier({ ...identifierOfCt('id3'), owner: 'x' });
    await s.content.insertVersion(versionOfId1('v1', en, {}));
    await s.content.insertVersion({ ...versionOfId1('v2', en, {}), identifier: 'id2', modUser: 'o' });
    await s.content.insertVersion({ ...versionOfId1('v3', en, {}), identifier: 'id3', modUser: 'x' });
    t.same(
      await s.users.reassign('u', 'r'),
      [
        { identifier: 'id1', languageId: en },
        { identifier: 'id2', languageId: en },
        { identifier: 't1', languageId: en },
        { identifier: 't2', languageId: en },
        { identifier: 't3', languageId: en },
      ],
      'the item-languages it touched, by identifier',
    );
    t.equal((await s.content.findVersion('v1'))?.modUser, 'r');
    t.equal((await s.content.findVersion('v2'))?.modUser, 'o', 'other authors stay');
    t.equal((await s.content.findIdentifier('id2'))?.owner, 'r');
    t.equal((await s.content.findIdentifier('id1'))?.owner, 'o');
    t.equal((await s.content.findVersion('v3'))?.modUser, 'x');
    t.equal((await s.tasks.find('t1', en))?.assignedTo, 'personal-r', 'from personal role to personal role');
    t.equal((await s.tasks.find('t2', en))?.assignedTo, 'r');
    t.equal((await s.tasks.find('t3', en))?.createdBy, 'r');
    t.same(await s.tasks.find('t4', en), task('t4', 'team', 'x'), 'other tasks stay');
    t.not(await s.definitionsVersion(), before, 'the definitions token renewed');
    t.same(await s.users.reassign('u', 'r'), [], 'nothing left the second time');
  });

  t.test('users filtered by state and role; personal roles paged', async (t) => {
    const s = await open(t);
    for (const id of ['back', 'admin', 'other']) await s.roles.insert(role(id));
    await s.roles.insert(role('p-a', { personal: true, name: 'Ann (User)', key: 'ann' }));
    await s.roles.insert(role('p-b', { personal: true, name: 'bob (User)', key: 'bob' }));
    await s.roles.insert(role('p-c', { personal: true, name: 'Cid_x (User)', key: 'cid' }));
    await s.users.insert(user('a', 'a@x.com', 'p-a'));
    await s.users.insert(user('b', 'b@x.com', 'p-b'));
    await s.users.insert({ ...user('c', 'c@x.com', 'p-c'), active: false });
    await s.users.insert(user('d', 'd@x.com', 'admin'));
    await s.users.grantRoles('a', ['back']);
    await s.users.grantRoles('b', ['other']);
    await s.users.grantRoles('c', ['back']);
    const ids = async (query: Omit<UserQuery, 'offset' | 'limit'>) =>
      (await s.users.list({ offset: 0, limit: 10, ...query })).items.map((u) => u.userId);
    t.same(await ids({ holdingAnyRole: ['back', 'admin'] }), ['a', 'c', 'd'], 'granted, or as the personal role');
    t.same(await ids({ holdingAnyRole: ['back', 'admin'], active: true, exceptUserId: 'd' }), ['a']);
    t.same(await ids({ active: false }), ['c']);
    t.same(await ids({ holdingAnyRole: [] }), [], 'no role, no user');
    const second = await s.users.list({ offset: 1, limit: 1, holdingAnyRole: ['back', 'admin'] });
    t.same([second.items.map((u) => u.userId), second.total], [['c'], 3], 'paged, with the total');

    const personal = await s.roles.listPersonal({ offset: 0, limit: 2 });
    t.same([personal.items.map((r) => r.id), personal.total], [['p-a', 'p-b'], 3], 'by name ignoring case');
    t.same(
      (await s.roles.listPersonal({ offset: 2, limit: 2 })).items.map((r) => r.id),
      ['p-c'],
    );
    const byName = await s.roles.listPersonal({ offset: 0, limit: 5, prefix: { column: 'name', text: 'B' } });
    t.same([byName.items.map((r) => r.id), byName.total], [['p-b'], 1], 'name prefix ignoring case');
    t.same(
      (await s.roles.listPersonal({ offset: 0, limit: 5, prefix: { column: 'key', text: 'ci' } })).items.map(
        (r) => r.id,
      ),
      ['p-c'],
      'key prefix',
    );
    t.same(
      (await s.roles.listPersonal({ offset: 0, limit: 5, prefix: { column: 'name', text: 'c_' } })).items,
      [],
      '`_` taken literally',
    );
    t.same(
      (await s.roles.listPersonal({ offset: 0, limit: 5, prefix: { column: 'name', text: 'cid_' } })).items.map(
        (r) => r.id,
      ),
      ['p-c'],
    );
  });

  t.test('sessions', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('p'));
    await s.users.insert(user('u', 'u@x.com', 'p'));
    await s.sessions.insert({ tokenHash: 'h1', userId: 'u', createdAt: 1, lastSeenAt: 1, expiresAt: 100 });
    await s.sessions.insert({ tokenHash: 'h2', userId: 'u', createdAt: 1, lastSeenAt: 1, expiresAt: 300 });
    await t.rejects(
      s.sessions.insert({ tokenHash: 'h1', userId: 'u', createdAt: 1, lastSeenAt: 1, expiresAt: 1 }),
      RecordNotUnique,
    );
    await s.sessions.touch('h2', 50, 500);
    t.same(await s.sessions.find('h2'), { tokenHash: 'h2', userId: 'u', createdAt: 1, lastSeenAt: 50, expiresAt: 500 });
    t.equal(await s.sessions.deleteExpired(200), 1);
    t.equal(await s.sessions.find('h1'), undefined);
    await s.sessions.delete('h2');
    t.equal(await s.sessions.find('h2'), undefined);
    t.equal(await s.sessions.deleteExpired(10_000), 0);
  });

  t.test('issued tokens: ids and metadata, revoked once, listed per user and kind, expiring', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('p'));
    await s.users.insert(user('u', 'u@x.com', 'p'));
    const token = (id: string, kind: 'api' | 'cookie', issuedAt: number, expiresAt: number) => ({
      id,
      userId: 'u',
      kind,
      issuedAt,
      expiresAt,
      notBefore: null,
      revokedAt: null,
      network: kind === 'api' ? '10.0.0.0/8' : null,
      label: kind === 'api' ? 'ci' : null,
      requestingUserId: 'u',
      requestingIp: '127.0.0.1',
    });
    await s.issuedTokens.insert(token('a1', 'api', 1, 1000));
    await s.issuedTokens.insert(token('a2', 'api', 2, 5000));
    await s.issuedTokens.insert(token('c1', 'cookie', 3, 900));
    t.same(await s.issuedTokens.find('a1'), token('a1', 'api', 1, 1000));
    t.equal(await s.issuedTokens.find('nope'), undefined);
    t.same(
      (await s.issuedTokens.listByUser('u', 'api')).map((x) => x.id),
      ['a2', 'a1'],
      'newest first',
    );
    t.same(
      (await s.issuedTokens.listExpiring('api', 500, 2000)).map((x) => x.id),
      ['a1'],
    );
    t.equal(await s.issuedTokens.revoke('a1', 50), true);
    t.equal(await s.issuedTokens.revoke('a1', 60), false, 'revoked once');
    t.equal((await s.issuedTokens.find('a1'))?.revokedAt, 50);
    t.same(await s.issuedTokens.listExpiring('api', 500, 2000), [], 'a revoked key is not expiring');
    t.same(await s.issuedTokens.revokeByUser('u', 70, 'api'), ['a2']);
    t.same(await s.issuedTokens.revokeByUser('u', 80), ['c1']);
    t.equal(await s.issuedTokens.delete('a2'), true);
    t.equal(await s.issuedTokens.delete('a2'), false);
    await s.issuedTokens.insert(token('c2', 'cookie', 4, 2000));
    t.equal(await s.issuedTokens.deleteExpired('cookie', 1000), 1, 'the cookie token expired at 900 goes');
    t.same(
      [await s.issuedTokens.find('c1'), (await s.issuedTokens.find('c2'))?.id, (await s.issuedTokens.find('a1'))?.id],
      [undefined, 'c2', 'a1'],
      'live cookie tokens and API keys of any age stay',
    );
    await t.rejects(
      s.issuedTokens.insert({ ...token('x', 'api', 1, 2), userId: 'ghost' }),
      'a token names an existing user',
    );
  });
}
