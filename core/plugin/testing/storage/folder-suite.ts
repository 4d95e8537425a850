import type { ContentType, Folder } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { definitionType } from './fixtures.js';

const RecordNotUnique = { code: 'RECORD_NOT_UNIQUE' };

const folder = (identifier: string, hostId: string, path: string, overrides: Partial<Folder> = {}): Folder => {
  const name = path.split('/').at(-2) ?? '';
  return {
    identifier,
    inode: identifier,
    hostId,
    path,
    name,
    title: name,
    showOnMenu: false,
    sortOrder: 0,
    defaultFileType: null,
    filesMasks: '',
    owner: 'o',
    iDate: 1,
    modDate: 2,
    modUser: 'u',
    ...overrides,
  };
};

const fileType: ContentType = {
  ...definitionType('files'),
  clazz: 'com.cms.contenttype.model.type.ImmutableFileAssetContentType',
  baseType: 'FILEASSET',
  name: 'Files',
  variable: 'Files',
  multilingualable: true,
  icon: '',
};

const item = (identifier: string, host: string, parentPath: string, assetName: string | null) => ({
  identifier,
  contentTypeId: 'files',
  host,
  folder: 'SYSTEM_FOLDER',
  parentPath,
  assetName,
  owner: 'o',
  createdAt: 1,
});

/** The folder repository contract (part of the repository suite). */
export function folderSuite(t: ContractTest, open: OpenStorage): void {
  t.test('folders: unique per site and path, children in menu order, subtrees by prefix', async (t) => {
    const s = await open(t);
    await s.folders.insert(folder('a', 'h1', '/a/', { sortOrder: 2 }));
    await s.folders.insert(folder('b', 'h1', '/b/', { title: 'Zed', sortOrder: 1 }));
    await s.folders.insert(folder('c', 'h1', '/c/', { title: 'alpha', sortOrder: 1 }));
    await s.folders.insert(folder('ab', 'h1', '/a/b/'));
    await s.folders.insert(folder('abc', 'h1', '/a/b/c/'));
    await s.folders.insert(folder('other', 'h2', '/a/'));
    await t.rejects(s.folders.insert(folder('dup', 'h1', '/a/')), RecordNotUnique, 'one folder per site and path');
    t.same(await s.folders.findById('ab'), folder('ab', 'h1', '/a/b/'), 'every member round-trips');
    t.equal((await s.folders.findByPath('h2', '/a/'))?.identifier, 'other', 'paths are per site');
    t.equal(await s.folders.findByPath('h1', '/nope/'), undefined);
    t.same(
      (await s.folders.listChildren('h1', '/')).map((x) => x.identifier),
      ['c', 'b', 'a'],
      'by sortOrder, then title ignoring case',
    );
    t.same(
      (await s.folders.listChildren('h1', '/a/')).map((x) => x.identifier),
      ['ab'],
    );
    t.same(
      (await s.folders.listSubtree('h1', '/a/')).map((x) => x.path),
      ['/a/', '/a/b/', '/a/b/c/'],
    );
    await s.folders.update({ ...folder('a', 'h1', '/ignored/'), title: 'Renamed', showOnMenu: true, modDate: 9 });
    const updated = await s.folders.findById('a');
    t.same(
      { path: updated?.path, title: updated?.title, showOnMenu: updated?.showOnMenu, sortOrder: updated?.sortOrder },
      { path: '/a/', title: 'Renamed', showOnMenu: true, sortOrder: 0 },
      'update leaves the path alone',
    );
  });

  t.test('folders: LIKE wildcards in paths are taken literally', async (t) => {
    const s = await open(t);
    await s.folders.insert(folder('pct', 'h1', '/a%/'));
    await s.folders.insert(folder('pct-child', 'h1', '/a%/x/'));
    await s.folders.insert(folder('ab', 'h1', '/ab/'));
    await s.folders.insert(folder('under', 'h1', '/a_/'));
    await s.folders.insert(folder('bang', 'h1', '/a!/'));
    t.same(
      (await s.folders.listSubtree('h1', '/a%/')).map((x) => x.identifier),
      ['pct', 'pct-child'],
    );
    t.same(
      (await s.folders.listSubtree('h1', '/a_/')).map((x) => x.identifier),
      ['under'],
    );
    t.same(
      (await s.folders.listSubtree('h1', '/a!/')).map((x) => x.identifier),
      ['bang'],
    );
    await s.folders.deleteSubtree('h1', '/a_/');
    t.same(
      (await s.folders.listChildren('h1', '/')).map((x) => x.path).sort(),
      ['/a!/', '/a%/', '/ab/'],
      'deleting /a_/ spares /ab/',
    );
  });

  t.test('folders: a re-path moves the subtree and the content in it, in one transaction', async (t) => {
    const s = await open(t);
    await s.contentTypes.insert(fileType);
    await s.folders.insert(folder('a', 'h1', '/a/'));
    await s.folders.insert(folder('ab', 'h1', '/a/b/'));
    await s.folders.insert(folder('ax', 'h1', '/ax/'));
    await s.folders.insert(folder('d', 'h1', '/d/'));
    await s.content.insertIdentifier(item('in-a', 'h1', '/a', 'one.txt'));
    await s.content.insertIdentifier(item('in-ab', 'h1', '/a/b', 'two.txt'));
    await s.content.insertIdentifier(item('in-ax', 'h1', '/ax', 'three.txt'));
    await s.content.insertIdentifier(item('other-site', 'h2', '/a', 'one.txt'));
    t.same(
      await s.folders.contentUnder('h1', '/a/', 10),
      ['in-a', 'in-ab'],
      'a sibling with a longer name is not below',
    );
    t.same(await s.folders.contentUnder('h1', '/a/b/', 1), ['in-ab']);
    await s.content.insertIdentifier(item('also-in-a', 'h1', '/a', 'four.txt'));
    await s.content.insertIdentifier(item('at-root', 'h1', '/', 'five.txt'));
    t.same(
      await s.folders.contentParentPaths(),
      [
        { hostId: 'h1', parentPath: '/a' },
        { hostId: 'h1', parentPath: '/a/b' },
        { hostId: 'h1', parentPath: '/ax' },
        { hostId: 'h2', parentPath: '/a' },
      ],
      "each site's content paths once, the root left out",
    );
    await s.transaction((tx) => tx.folders.repath({ hostId: 'h1', from: '/a/', toHostId: 'h1', to: '/d/moved/' }));
    t.same(
      (await s.folders.listSubtree('h1', '/d/')).map((x) => x.path),
      ['/d/', '/d/moved/', '/d/moved/b/'],
    );
    t.same(
      (await s.folders.listChildren('h1', '/d/moved/')).map((x) => x.identifier),
      ['ab'],
      'parent paths follow',
    );
    t.equal((await s.content.findIdentifier('in-a'))?.parentPath, '/d/moved');
    t.equal((await s.content.findIdentifier('in-ab'))?.parentPath, '/d/moved/b');
    t.equal((await s.content.findIdentifier('in-ax'))?.parentPath, '/ax', 'a sibling stays');
    t.equal((await s.content.findIdentifier('other-site'))?.parentPath, '/a', 'another site stays');
    t.equal((await s.content.findByPath('h1', '/D/Moved/B', 'TWO.txt'))?.identifier, 'in-ab', 'paths ignore case');

    await s.transaction((tx) => tx.folders.repath({ hostId: 'h1', from: '/d/moved/', toHostId: 'h2', to: '/m/' }));
    t.same(
      (await s.folders.listSubtree('h2', '/m/')).map((x) => x.identifier),
      ['a', 'ab'],
      'to another site',
    );
    t.same(await s.content.findIdentifier('in-ab').then((x) => [x?.host, x?.parentPath]), ['h2', '/m/b']);

    await s.folders.insert(folder('taken', 'h2', '/n/'));
    await s.folders.insert(folder('taken-b', 'h2', '/n/b/'));
    await t.rejects(
      s.transaction((tx) => tx.folders.repath({ hostId: 'h2', from: '/m/', toHostId: 'h2', to: '/n/' })),
      RecordNotUnique,
    );
    t.equal((await s.folders.findById('a'))?.path, '/m/', 'a refused re-path changes nothing');
    t.equal((await s.content.findIdentifier('in-a'))?.parentPath, '/m');
  });

  t.test('folder writes renew the definitions version', async (t) => {
    const s = await open(t);
    const before = await s.definitionsVersion();
    await s.folders.insert(folder('a', 'h1', '/a/'));
    const afterInsert = await s.definitionsVersion();
    t.not(afterInsert, before);
    await s.folders.deleteSubtree('h1', '/a/');
    t.not(await s.definitionsVersion(), afterInsert);
  });
}
