import t from 'tap';
import { PermissionService, type PermissionAsset } from '../../../core/auth/permission-service.js';
import type { Principal } from '../../../core/auth/principal.js';
import type { Definitions } from '../../../core/definitions/definition-cache.js';
import type { ContentType } from '../../../core/model/content-type.js';
import type { ContentIdentifier } from '../../../core/model/contentlet.js';
import type { Folder } from '../../../core/model/folder.js';
import type { PermissionGrant } from '../../../core/model/permission.js';
import type { User } from '../../../core/model/user.js';

const ROLES = { anonymous: 'anon', owner: 'owner' };

/** Only grants and folders are read by the permission service: the rest of the definitions stays out of reach. */
function definitions(
  grants: Record<string, PermissionGrant[]>,
  folders: readonly Folder[] = [],
): Definitions & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    grants: async (assetId: string) => {
      reads.push(assetId);
      return grants[assetId];
    },
    folderAt: async (hostId: string, path: string) => folders.find((f) => f.hostId === hostId && f.path === path),
  } as unknown as Definitions & { reads: string[] };
}

const folder = (identifier: string, path: string): Folder =>
  ({ identifier, hostId: 'site-1', path, owner: 'x' }) as Folder;

function caller(userId: string, roleIds: string[], admin = false): Principal {
  return { user: { userId } as User, roleIds, admin };
}

const type = { id: 'type-1', variable: 'Note', host: 'SYSTEM_HOST', owner: 'cms.org.1' } as ContentType;
const item = (owner = 'cms.org.1', host = 'site-1', parentPath = '/'): PermissionAsset => ({
  kind: 'content',
  identifier: { identifier: 'item-1', host, owner, parentPath } as ContentIdentifier,
  type,
});

t.test(
  'content inherits from its folder, a folder from the folder it sits in, a top-level folder from its site',
  async (t) => {
    const tree = [folder('f-a', '/a/'), folder('f-ab', '/a/b/')];
    const service = new PermissionService(ROLES);
    const onFolder = definitions(
      { SYSTEM_HOST: [{ roleId: 'editors', bits: 1 }], 'f-a': [{ roleId: 'readers', bits: 1 }] },
      tree,
    );
    const inB = item('cms.org.1', 'site-1', '/a/b');
    t.equal(await service.for(onFolder, caller('u', ['readers'])).bits(inB), 1, 'READ on /a/ reaches content in /a/b/');
    t.equal(
      await service.for(onFolder, caller('e', ['editors'])).bits(inB),
      0,
      "the folder's own grants replace the site's",
    );
    t.equal(await service.for(onFolder, caller('r', ['readers'])).bits(item()), 0, 'content at the root is not in /a/');
    t.same((await service.resolve(onFolder, inB)).inheritsFrom, [{ kind: 'folder', id: 'f-a' }]);
    t.same((await service.resolve(onFolder, { kind: 'folder', folder: tree[1]! })).inheritsFrom, [
      { kind: 'folder', id: 'f-a' },
    ]);
    const noFolders = definitions({ SYSTEM_HOST: [{ roleId: 'editors', bits: 1 }] }, tree);
    t.same(
      (await service.resolve(noFolders, inB)).inheritsFrom,
      [{ kind: 'site', id: 'SYSTEM_HOST' }],
      'with no grants on the way, the site (and SYSTEM_HOST) decide',
    );
    const unknownPath = item('cms.org.1', 'site-1', '/nowhere');
    t.equal(
      await service.for(onFolder, caller('e2', ['editors'])).bits(unknownPath),
      1,
      'a path with no folder stands at its site',
    );
  },
);

t.test('content inherits from its site, and the site from SYSTEM_HOST', async (t) => {
  const defs = definitions({ SYSTEM_HOST: [{ roleId: 'editors', bits: 3 }] });
  const service = new PermissionService(ROLES);
  const check = service.for(defs, caller('u', ['editors']));
  t.equal(await check.bits(item()), 3);
  t.ok(await check.has(item(), 'WRITE'));
  t.notOk(await check.has(item(), 'PUBLISH'));
  await t.rejects(check.check(item(), 'PUBLISH'), { code: 'PERMISSION_DENIED' });
  const resolved = await service.resolve(defs, item());
  t.same(resolved.inheritsFrom, [{ kind: 'site', id: 'SYSTEM_HOST' }], 'names the asset that holds the grants');
});

t.test('own grants replace inherited ones; a type with its own grants adds them', async (t) => {
  const service = new PermissionService(ROLES);
  const own = definitions({ SYSTEM_HOST: [{ roleId: 'editors', bits: 31 }], 'item-1': [] });
  t.equal(await service.for(own, caller('u', ['editors'])).bits(item()), 0, 'empty own grants: nothing');
  const typed = definitions({
    SYSTEM_HOST: [{ roleId: 'editors', bits: 1 }],
    'type-1': [{ roleId: 'editors', bits: 4 }],
  });
  t.equal(await service.for(typed, caller('u', ['editors'])).bits(item()), 5, 'site READ + type PUBLISH');
  const site = definitions({ SYSTEM_HOST: [{ roleId: 'editors', bits: 1 }], 'site-1': [] });
  t.equal(
    await service.for(site, caller('u', ['editors'])).bits(item()),
    0,
    "a type that inherits does not bring SYSTEM_HOST's grants back past its site's own",
  );
});

t.test('administrators hold every bit; owners and anonymous callers through their roles', async (t) => {
  const service = new PermissionService(ROLES);
  const defs = definitions({
    SYSTEM_HOST: [
      { roleId: 'anon', bits: 1 },
      { roleId: 'owner', bits: 7 },
    ],
  });
  t.equal(await service.for(defs, caller('admin', [], true)).bits(item()), 31);
  t.equal(await service.for(defs, null).bits(item()), 1, 'not signed in: CMS Anonymous');
  t.equal(await service.for(defs, caller('u', [])).bits(item()), 0, 'signed in, working version: no role, nothing');
  t.equal(await service.for(defs, caller('u', [])).bits(item(), { live: true }), 1, 'live: anonymous grants count');
  t.equal(await service.for(defs, caller('u', [])).bits(item('u')), 7, 'the owner: CMS Owner');
});

t.test('the bits of one caller on one asset are computed once per transaction', async (t) => {
  const service = new PermissionService(ROLES);
  const defs = definitions({ SYSTEM_HOST: [{ roleId: 'editors', bits: 1 }] });
  const check = service.for(defs, caller('u', ['editors']));
  await check.bits(item());
  const reads = defs.reads.length;
  await check.bits(item());
  await service.for(defs, caller('u', ['editors'])).has(item(), 'READ');
  t.equal(defs.reads.length, reads, 'no further reads of grants');
});

t.test(
  'whether a caller could hold a permission anywhere: its roles, and CMS Owner for a signed-in caller',
  async (t) => {
    const service = new PermissionService(ROLES);
    const WRITE = 2;
    const grants = (all: PermissionGrant[]) => ({
      asked: [] as string[][],
      async listForRoles(roleIds: readonly string[]) {
        this.asked.push([...roleIds]);
        return all.filter((g) => roleIds.includes(g.roleId));
      },
    });
    const ownerWrites = grants([
      { roleId: 'owner', bits: 1 | WRITE },
      { roleId: 'readers', bits: 1 },
    ]);
    t.ok(await service.mayHoldAnywhere(ownerWrites, caller('u', ['readers']), 'WRITE'), 'may own something writable');
    t.same(ownerWrites.asked, [['readers', 'owner']]);
    const anonymous = { ...caller('anonymous', ['anon']), anonymous: true };
    t.notOk(await service.mayHoldAnywhere(ownerWrites, anonymous, 'WRITE'), 'an anonymous caller never owns');
    t.notOk(await service.mayHoldAnywhere(ownerWrites, null, 'WRITE'));

    const ownerReads = grants([
      { roleId: 'owner', bits: 1 },
      { roleId: 'editors', bits: 1 | WRITE },
    ]);
    t.notOk(await service.mayHoldAnywhere(ownerReads, caller('u', ['readers']), 'WRITE'), 'nothing grants it');
    t.ok(await service.mayHoldAnywhere(ownerReads, caller('e', ['readers', 'editors']), 'WRITE'), 'a role grants it');
    const none = grants([]);
    t.ok(await service.mayHoldAnywhere(none, caller('a', [], true), 'WRITE'), 'administrators hold everything');
    t.same(none.asked, [], 'without reading the grants');
  },
);

t.test('the answers remembered under one definitions version are bounded', async (t) => {
  const service = new PermissionService(ROLES, { memoBound: 3 });
  const defs = definitions({ SYSTEM_HOST: [{ roleId: 'readers', bits: 1 }] });
  const reader = caller('u', ['readers']);
  const site = (siteId: string): PermissionAsset => ({ kind: 'site', siteId });
  await service.for(defs, reader).bits(site('SYSTEM_HOST'));
  await service.for(defs, reader).bits(site('SYSTEM_HOST'));
  t.same(defs.reads, ['SYSTEM_HOST'], 'an answer is remembered');
  for (const id of ['s-1', 's-2', 's-3']) await service.for(defs, reader).bits(site(id));
  defs.reads.length = 0;
  await service.for(defs, reader).bits(site('SYSTEM_HOST'));
  t.same(defs.reads, ['SYSTEM_HOST'], 'past the bound, forgotten and computed again');
});
