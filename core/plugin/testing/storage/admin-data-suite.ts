import type { DriverStorage, PushEndpoint } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { role, site, user } from './fixtures.js';

/** How a unique-key violation reaches core: the catalogue's RECORD_NOT_UNIQUE. */
const RecordNotUnique = { code: 'RECORD_NOT_UNIQUE' };

/**
 * Sites, users, settings, sessions, permissions, categories and push publishing as the REST
 * scenarios use them: filters, orders, pages, counts and conflicts, asserted on every driver.
 */
export function adminDataSuite(t: ContractTest, open: OpenStorage): void {
  t.test('sites listed by name filter, archived, live and system, paged and counted', async (t) => {
    const s = await open(t);
    await s.sites.insert({ ...site('s1', 'Alpha.com'), modDate: 3 });
    await s.sites.insert({ ...site('s2', 'beta.org'), archived: true, live: false, modDate: 1 });
    await s.sites.insert({ ...site('s3', 'GAMMA_50%.net'), modDate: 3, aliases: 'g.net\nwww.g.net' });
    await s.sites.insert({ ...site('s0', 'System Host'), system: true, isDefault: true, modDate: 2 });
    const list = async (query: Partial<Parameters<DriverStorage['sites']['list']>[0]> = {}) => {
      const page = await s.sites.list({ offset: 0, limit: 10, ...query });
      return { names: page.items.map((x) => x.siteName), total: page.total };
    };
    t.same(await list(), { names: ['Alpha.com', 'beta.org', 'GAMMA_50%.net', 'System Host'], total: 4 });
    t.same(await list({ filter: 'A.' }), { names: ['Alpha.com', 'beta.org'], total: 2 }, 'ignoring case');
    t.same(await list({ filter: '_50%' }), { names: ['GAMMA_50%.net'], total: 1 }, '% and _ are plain text');
    t.same(await list({ filter: 'a_5' }), { names: ['GAMMA_50%.net'], total: 1 });
    t.same(await list({ filter: 'b%' }), { names: [], total: 0 });
    t.same(await list({ archived: true }), { names: ['beta.org'], total: 1 });
    t.same(await list({ archived: false }), { names: ['Alpha.com', 'GAMMA_50%.net', 'System Host'], total: 3 });
    t.same(await list({ live: false }), { names: ['beta.org'], total: 1 });
    t.same(await list({ live: true, system: false }), { names: ['Alpha.com', 'GAMMA_50%.net'], total: 2 });
    t.same((await list({ system: true })).total, 4, 'the system site is listed unless left out');
    t.same(await list({ archived: false, offset: 1, limit: 1 }), { names: ['GAMMA_50%.net'], total: 3 });
    t.same(await list({ offset: 7, limit: 1 }), { names: [], total: 4 }, 'past the end, still counted');
    t.same(
      await list({ sort: { column: 'modDate', descending: true } }),
      { names: ['Alpha.com', 'GAMMA_50%.net', 'System Host', 'beta.org'], total: 4 },
      'ties by identifier',
    );
    t.same((await s.sites.findById('s3'))?.aliases, 'g.net\nwww.g.net');
    t.equal((await s.sites.findByName('ALPHA.COM'))?.identifier, 's1');
    t.equal(await s.sites.findByName('alpha'), undefined);
    await s.sites.update({ ...site('s2', 'beta.org'), archived: false, live: true, modDate: 9 });
    t.same(await list({ archived: true }), { names: [], total: 0 });
    t.match(await s.sites.findById('s2'), { archived: false, live: true, modDate: 9 });
    await t.rejects(s.sites.insert(site('s9', 'ALPHA.com')), RecordNotUnique, 'names are unique ignoring case');
  });

  t.test('users sorted by e-mail either way, paged; an e-mail taken by another is refused on update', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('r1'));
    await s.users.insert(user('u1', 'b@x.com', 'r1'));
    await s.users.insert(user('u2', 'A@x.com', 'r1'));
    await s.users.insert(user('u3', 'c@x.com', 'r1'));
    const emails = async (descending: boolean, offset = 0, limit = 10) => {
      const page = await s.users.list({ offset, limit, sort: { column: 'email', descending } });
      return { emails: page.items.map((u) => u.email), total: page.total };
    };
    t.same(await emails(true), { emails: ['c@x.com', 'b@x.com', 'a@x.com'], total: 3 });
    t.same(await emails(false, 1, 1), { emails: ['b@x.com'], total: 3 });
    await t.rejects(s.users.update('u1', { email: 'C@X.com' }), RecordNotUnique);
    t.equal((await s.users.findById('u1'))?.email, 'b@x.com', 'unchanged');
    await s.users.update('u1', { email: 'New@X.com', active: false, passwordHash: 'scrypt$y', modDate: 5 });
    t.match(await s.users.findByEmail('NEW@x.com'), {
      userId: 'u1',
      email: 'new@x.com',
      active: false,
      passwordHash: 'scrypt$y',
      modDate: 5,
    });
    await s.users.update('u1', { active: true });
    t.equal((await s.users.findById('u1'))?.active, true);
    await s.users.grantRoles('u1', []);
    t.same(await s.users.roleIdsOf('u1'), [], 'granting no role is harmless');
    t.equal(await s.users.findByEmail('b@x.com'), undefined);
    t.equal(await s.users.findById('nobody'), undefined);
  });

  t.test('settings: put replaces, putIfAbsent keeps, long multi-byte values whole', async (t) => {
    const s = await open(t);
    await s.settings.put('k', 'one');
    await s.settings.put('k', 'two');
    t.equal(await s.settings.get('k'), 'two');
    t.equal(await s.settings.putIfAbsent('k', 'three'), 'two');
    const long = 'ü✓'.repeat(10_000);
    await s.transaction(async (tx) => {
      await tx.settings.put('long', 'first');
      await tx.settings.put('long', long);
    });
    t.equal(await s.settings.get('long'), long);
    t.same(await s.settings.getTwo('k', 'missing'), ['two', undefined]);
  });

  t.test("sessions: a user's listed oldest first", async (t) => {
    const s = await open(t);
    await s.roles.insert(role('r1'));
    await s.users.insert(user('u1', 'a@x.com', 'r1'));
    await s.users.insert(user('u2', 'b@x.com', 'r1'));
    for (const [tokenHash, userId, createdAt] of [
      ['t2', 'u1', 20],
      ['t3', 'u1', 10],
      ['t1', 'u1', 10],
      ['t4', 'u2', 5],
    ] as const)
      await s.sessions.insert({ tokenHash, userId, createdAt, lastSeenAt: createdAt, expiresAt: createdAt + 100 });
    t.same(
      (await s.sessions.listByUser('u1')).map((x) => x.tokenHash),
      ['t1', 't3', 't2'],
      'ties by token hash',
    );
    t.same(await s.sessions.listByUser('nobody'), []);
  });

  t.test('permissions: own grants replaced whole, inherited again, listed per role', async (t) => {
    const s = await open(t);
    for (const id of ['r1', 'r2', 'r3']) await s.roles.insert(role(id));
    t.equal(await s.permissions.find('folder-1'), undefined, 'inherits');
    await s.permissions.replace('folder-1', 'folder', [
      { roleId: 'r2', bits: 3 },
      { roleId: 'r1', bits: 1 },
    ]);
    t.same(await s.permissions.find('folder-1'), [
      { roleId: 'r1', bits: 1 },
      { roleId: 'r2', bits: 3 },
    ]);
    await s.permissions.replace('content-1', 'content', [{ roleId: 'r1', bits: 31 }]);
    t.same(
      (await s.permissions.listForRoles(['r1', 'r3'])).sort((a, b) => a.bits - b.bits),
      [
        { roleId: 'r1', bits: 1 },
        { roleId: 'r1', bits: 31 },
      ],
    );
    t.same(await s.permissions.listForRoles([]), []);
    await s.transaction(async (tx) => {
      await tx.permissions.replace('folder-1', 'folder', [{ roleId: 'r3', bits: 2 }]);
      await tx.permissions.replace('folder-1', 'folder', []);
    });
    t.same(await s.permissions.find('folder-1'), [], 'its own, empty: no grant at all, not inherited');
    await s.permissions.reset('content-1');
    t.equal(await s.permissions.find('content-1'), undefined);
    t.same(await s.permissions.listForRoles(['r1', 'r2', 'r3']), []);
    await t.rejects(
      s.permissions.replace('x', 'site', [{ roleId: 'missing', bits: 1 }]),
      { code: 'STORAGE_REFERENCE_MISSING' },
      'a grant to a missing role is refused',
    );
  });

  t.test('categories: found by inode, key or variable; children by sortOrder, then name ignoring case', async (t) => {
    const s = await open(t);
    const category = (inode: string, name: string, parent: string | null, sortOrder: number, key: string | null) => ({
      inode,
      name,
      key,
      variable: `var-${inode}`,
      parent,
      sortOrder,
      modDate: 1,
    });
    await s.categories.insert(category('top', 'Top', null, 0, 'top-key'));
    await s.categories.insert(category('c1', 'banana', 'top', 1, null));
    await s.categories.insert(category('c2', 'Apple', 'top', 1, null));
    await s.categories.insert(category('c3', 'cherry', 'top', 0, 'c3-key'));
    await s.categories.insert(category('c4', 'apple', 'top', 1, null));
    t.same(
      (await s.categories.listChildren('top')).map((c) => c.inode),
      ['c3', 'c2', 'c4', 'c1'],
      'several without a key; ties by inode',
    );
    t.same(
      (await s.categories.listChildren(null)).map((c) => c.inode),
      ['top'],
    );
    t.same(await s.categories.findByInode('c3'), category('c3', 'cherry', 'top', 0, 'c3-key'));
    t.equal((await s.categories.findByKey('top-key'))?.inode, 'top');
    t.equal((await s.categories.findByVariable('var-c2'))?.inode, 'c2');
    t.equal(await s.categories.findByKey('nothing'), undefined);
    await t.rejects(s.categories.insert(category('c5', 'x', null, 0, 'top-key')), RecordNotUnique);
    await t.rejects(
      s.categories.insert({ ...category('c6', 'x', null, 0, null), variable: 'var-c1' }),
      RecordNotUnique,
    );
    const moved = { ...category('c1', 'Banana split', null, 7, 'banana'), variable: 'banana-split', modDate: 9 };
    await s.categories.update(moved);
    t.same(await s.categories.findByInode('c1'), moved, 'an update writes every column but the inode');
    t.same(
      (await s.categories.listChildren(null)).map((c) => c.inode),
      ['top', 'c1'],
      'moved to the top level',
    );
    await t.rejects(s.categories.update({ ...moved, key: 'top-key' }), RecordNotUnique);
    await s.categories.delete('c3');
    t.equal(await s.categories.findByInode('c3'), undefined, 'a deleted category is gone');
    t.equal((await s.categories.listChildren('top')).length, 2, 'its siblings stay');
  });

  t.test(
    'push publishing: environments and endpoints unique by name, records replaced, removals cascade',
    async (t) => {
      const s = await open(t);
      await s.publishing.insertEnvironment({ id: 'e1', name: 'Prod', pushToAll: false, createdAt: 1 });
      await s.publishing.insertEnvironment({ id: 'e2', name: 'Beta', pushToAll: false, createdAt: 2 });
      t.same(
        (await s.publishing.listEnvironments()).map((e) => e.name),
        ['Beta', 'Prod'],
      );
      t.equal((await s.publishing.findEnvironmentByName('Prod'))?.id, 'e1');
      await t.rejects(
        s.publishing.insertEnvironment({ id: 'e3', name: 'Prod', pushToAll: false, createdAt: 3 }),
        RecordNotUnique,
      );
      await s.publishing.updateEnvironment({ id: 'e1', name: 'Production', pushToAll: true, createdAt: 1 });
      t.same(await s.publishing.findEnvironment('e1'), { id: 'e1', name: 'Production', pushToAll: true, createdAt: 1 });
      const endpoint = (id: string, environmentId: string, serverName: string): PushEndpoint => ({
        id,
        environmentId,
        serverName,
        protocol: 'https',
        address: 'receiver.example',
        port: 443,
        authKey: 'k',
        enabled: true,
        sending: false,
        createdAt: 1,
      });
      await s.publishing.insertEndpoint(endpoint('p1', 'e1', 'srv-b'));
      await s.publishing.insertEndpoint(endpoint('p2', 'e1', 'srv-a'));
      await s.publishing.insertEndpoint(endpoint('p3', 'e2', 'srv-c'));
      t.same(
        (await s.publishing.listEndpoints('e1')).map((e) => e.serverName),
        ['srv-a', 'srv-b'],
      );
      t.equal((await s.publishing.listEndpoints()).length, 3);
      await t.rejects(s.publishing.insertEndpoint(endpoint('p4', 'e2', 'srv-a')), RecordNotUnique);
      await s.publishing.updateEndpoint({ ...endpoint('p1', 'e1', 'srv-b'), enabled: false, port: 8443 });
      t.same(await s.publishing.findEndpoint('p1'), { ...endpoint('p1', 'e1', 'srv-b'), enabled: false, port: 8443 });
      const record = (endpointId: string, identifier: string, status: 'SUCCESS' | 'FAILED_TO_SENT') => ({
        endpointId,
        identifier,
        bundleId: `b-${status}`,
        status,
        sentHash: status === 'SUCCESS' ? 'h' : null,
        lastError: status === 'SUCCESS' ? null : 'refused',
        updatedAt: 1,
      });
      await s.publishing.putRecord(record('p1', 'x', 'SUCCESS'));
      await s.publishing.putRecord(record('p1', 'x', 'FAILED_TO_SENT'));
      await s.publishing.putRecord(record('p2', 'x', 'SUCCESS'));
      await s.publishing.putRecord(record('p3', 'y', 'SUCCESS'));
      t.same(await s.publishing.findRecord('p1', 'x'), record('p1', 'x', 'FAILED_TO_SENT'), 'replaced');
      t.same(
        (await s.publishing.listRecords('x')).map((r) => r.endpointId),
        ['p1', 'p2'],
      );
      t.equal((await s.publishing.listRecords()).length, 3);
      await s.publishing.removeEndpoint('p2');
      t.same(
        (await s.publishing.listRecords('x')).map((r) => r.endpointId),
        ['p1'],
        "an endpoint's records go with it",
      );
      await s.publishing.removeEnvironment('e1');
      t.equal(await s.publishing.findEnvironment('e1'), undefined);
      t.same(
        (await s.publishing.listEndpoints()).map((e) => e.id),
        ['p3'],
      );
      t.same(
        (await s.publishing.listRecords()).map((r) => r.identifier),
        ['y'],
        'with its endpoints and their records',
      );
    },
  );
}
