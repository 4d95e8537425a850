import type { DriverStorage, MenuLink } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';

const RecordNotUnique = { code: 'RECORD_NOT_UNIQUE' };

const link = (identifier: string, folder: string, overrides: Partial<MenuLink> = {}): MenuLink => ({
  identifier,
  inode: `${identifier}-1`,
  hostId: 'h1',
  folder,
  title: identifier,
  friendlyName: '',
  linkType: 'EXTERNAL',
  protocol: 'https://',
  url: 'example.com',
  internalLinkIdentifier: '',
  linkCode: '',
  target: '_self',
  showOnMenu: true,
  sortOrder: 0,
  owner: 'o',
  modUser: 'u',
  modDate: 2,
  iDate: 1,
  ...overrides,
});

const ids = (links: readonly MenuLink[]) => links.map((x) => x.identifier);

/** The menu link repository contract (part of the repository suite). */
export function menuLinkSuite(t: ContractTest, open: OpenStorage): void {
  t.test('menu links: working and live versions, publish copies, unpublish removes', async (t) => {
    const s = await open(t);
    const first = link('l1', 'f1', { linkType: 'CODE', linkCode: '<b>x</b>', target: '_blank', sortOrder: -3 });
    await s.menuLinks.insert(first);
    await t.rejects(s.menuLinks.insert(first), RecordNotUnique, 'one link per identifier');
    t.same(await s.menuLinks.find('l1', 'working'), first, 'every member round-trips');
    t.equal(await s.menuLinks.find('l1', 'live'), undefined, 'no live version before a publish');
    await s.menuLinks.publish('l1');
    t.same(await s.menuLinks.find('l1', 'live'), first, 'a publish copies working to live');
    const edited = { ...first, inode: 'l1-2', title: 'Edited', modDate: 5 };
    await s.menuLinks.update(edited);
    t.same(await s.menuLinks.find('l1', 'working'), edited, 'an edit changes working');
    t.same(await s.menuLinks.find('l1', 'live'), first, 'and leaves live alone');
    await s.menuLinks.publish('l1');
    t.same(await s.menuLinks.find('l1', 'live'), edited, 'a second publish replaces live');
    await s.menuLinks.unpublish('l1');
    t.equal(await s.menuLinks.find('l1', 'live'), undefined);
    t.same(await s.menuLinks.find('l1', 'working'), edited, 'unpublishing keeps working');
    await s.menuLinks.publish('l1');
    await s.menuLinks.delete('l1');
    t.equal(await s.menuLinks.find('l1', 'working'), undefined, 'a delete removes both versions');
    t.equal(await s.menuLinks.find('l1', 'live'), undefined);
    await s.menuLinks.publish('l1');
    t.equal(await s.menuLinks.find('l1', 'live'), undefined, 'publishing a missing link does nothing');
  });

  t.test('menu links: listed per folder and variant, in menu order, a page at a time', async (t) => {
    const s = await open(t);
    await s.menuLinks.insert(link('b', 'f1', { title: 'Zed', sortOrder: 1, modDate: 10 }));
    await s.menuLinks.insert(link('c', 'f1', { title: 'alpha', sortOrder: 1, modDate: 30 }));
    await s.menuLinks.insert(link('a', 'f1', { title: 'Mid', sortOrder: 0, modDate: 20 }));
    await s.menuLinks.insert(link('root', 'SYSTEM_FOLDER'));
    await s.menuLinks.insert(link('other-site', 'SYSTEM_FOLDER', { hostId: 'h2' }));
    await s.menuLinks.insert(link('elsewhere', 'f2'));
    const list = (query: Partial<Parameters<DriverStorage['menuLinks']['list']>[0]> = {}) =>
      s.menuLinks.list({ hostId: 'h1', folder: 'f1', variant: 'working', offset: 0, limit: 10, ...query });
    t.same(ids((await list()).items), ['a', 'c', 'b'], 'by sortOrder, then title ignoring case');
    t.equal((await list()).total, 3);
    t.same(ids((await list({ orderBy: 'title' })).items), ['c', 'a', 'b'], 'by title ignoring case');
    t.same(ids((await list({ orderBy: 'modDate' })).items), ['c', 'a', 'b'], 'newest first');
    const page = await list({ offset: 1, limit: 1 });
    t.same([ids(page.items), page.total], [['c'], 3], 'a page, and the total');
    t.same(ids((await list({ folder: 'SYSTEM_FOLDER' })).items), ['root'], "a site's root is per site");
    t.same((await list({ folder: undefined })).total, 5, 'every folder of the site');
    t.same((await list({ variant: 'live' })).total, 0, 'nothing live yet');
    await s.menuLinks.publish('b');
    t.same(ids((await list({ variant: 'live' })).items), ['b']);
  });

  t.test('menu links: live menu items of a set of folders; counted and deleted by folder', async (t) => {
    const s = await open(t);
    await s.menuLinks.insert(link('shown', 'f1', { sortOrder: 2 }));
    await s.menuLinks.insert(link('first', 'f2', { sortOrder: 1 }));
    await s.menuLinks.insert(link('hidden', 'f1', { showOnMenu: false }));
    await s.menuLinks.insert(link('draft', 'f1'));
    await s.menuLinks.insert(link('f3', 'f3'));
    await s.menuLinks.insert(link('far', 'f1', { hostId: 'h2' }));
    for (const id of ['shown', 'first', 'hidden', 'f3']) await s.menuLinks.publish(id);
    t.same(
      ids(await s.menuLinks.menuItems('h1', ['f1', 'f2'])),
      ['first', 'shown'],
      'live, shown on the menu, of these folders and site, in menu order',
    );
    t.same(await s.menuLinks.menuItems('h1', []), [], 'no folders, no items');
    t.equal(await s.menuLinks.countInFolders(['f1', 'f2']), 5, 'each link once, whatever its versions');
    t.equal(await s.menuLinks.countInFolders([]), 0);
    t.same((await s.menuLinks.deleteInFolders(['f1', 'f2'])).sort(), ['draft', 'far', 'first', 'hidden', 'shown']);
    t.equal(await s.menuLinks.countInFolders(['f1', 'f2']), 0);
    t.equal(await s.menuLinks.find('shown', 'live'), undefined, 'live versions go too');
    t.ok(await s.menuLinks.find('f3', 'live'), 'links of other folders stay');
  });

  t.test('menu link writes renew the navigation version in their transaction; reads do not', async (t) => {
    const s = await open(t);
    const definitions = await s.definitionsVersion();
    let before = await s.navigationVersion();
    const renews = async (what: string, write: () => Promise<unknown>) => {
      await write();
      const after = await s.navigationVersion();
      t.not(after, before, what);
      before = after;
    };
    await renews('insert', () => s.menuLinks.insert(link('l', 'f1')));
    await renews('update', () => s.menuLinks.update(link('l', 'f1', { title: 'T' })));
    await renews('publish', () => s.menuLinks.publish('l'));
    await renews('unpublish', () => s.menuLinks.unpublish('l'));
    await renews('delete', () => s.menuLinks.delete('l'));
    await renews('deleteInFolders', () => s.menuLinks.deleteInFolders(['f1']));
    await s.menuLinks.find('l', 'working');
    await s.menuLinks.list({ hostId: 'h1', folder: 'f1', variant: 'working', offset: 0, limit: 1 });
    await s.menuLinks.menuItems('h1', ['f1']);
    await s.menuLinks.countInFolders(['f1']);
    t.equal(await s.navigationVersion(), before, 'reads renew nothing');
    t.equal(await s.definitionsVersion(), definitions, 'links are not definitions');
    await t.rejects(
      s.transaction(async (tx) => {
        await tx.menuLinks.insert(link('gone', 'f1'));
        throw new Error('roll back');
      }),
    );
    t.equal(await s.navigationVersion(), before, 'a rolled-back write renews nothing');
    t.equal(await s.menuLinks.find('gone', 'working'), undefined);
  });

  t.test('menu links: a folder moved to another site takes its links (and those below) along', async (t) => {
    const s = await open(t);
    const folder = (identifier: string, path: string) => ({
      identifier,
      inode: identifier,
      hostId: 'h1',
      path,
      name: identifier,
      title: identifier,
      showOnMenu: false,
      sortOrder: 0,
      defaultFileType: null,
      filesMasks: '',
      owner: 'o',
      iDate: 1,
      modDate: 1,
      modUser: 'u',
    });
    await s.folders.insert(folder('fa', '/a/'));
    await s.folders.insert(folder('fab', '/a/b/'));
    await s.folders.insert(folder('fc', '/c/'));
    await s.menuLinks.insert(link('in-a', 'fa'));
    await s.menuLinks.insert(link('in-b', 'fab'));
    await s.menuLinks.insert(link('in-c', 'fc'));
    await s.menuLinks.publish('in-b');
    await s.folders.repath({ hostId: 'h1', from: '/a/', toHostId: 'h1', to: '/x/' });
    t.equal((await s.menuLinks.find('in-a', 'working'))?.folder, 'fa', 'a rename changes no link');
    await s.folders.repath({ hostId: 'h1', from: '/x/', toHostId: 'h2', to: '/x/' });
    t.equal((await s.menuLinks.find('in-a', 'working'))?.hostId, 'h2');
    t.equal((await s.menuLinks.find('in-b', 'working'))?.hostId, 'h2', 'below too');
    t.equal((await s.menuLinks.find('in-b', 'live'))?.hostId, 'h2', 'both versions');
    t.equal((await s.menuLinks.find('in-c', 'working'))?.hostId, 'h1', 'other folders stay');
  });
}
