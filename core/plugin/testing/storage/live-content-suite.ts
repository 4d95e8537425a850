import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { definitionType, englishAndType, englishFrenchAndType, identifierOfCt, versionOfId1 } from './fixtures.js';

/** What navigation and the asset sweep read of content: live items in folders, states, asset references. */
export function liveContentSuite(t: ContractTest, open: OpenStorage): void {
  t.test('live pages and files in folders: one query, live and unarchived, by base type and language', async (t) => {
    const s = await open(t);
    const { en, fr } = await englishFrenchAndType(s);
    await s.contentTypes.insert({ ...definitionType('pg'), baseType: 'HTMLPAGE' });
    const item = async (
      id: string,
      at: { type?: string; parentPath: string; languageId?: number; live?: boolean; archived?: boolean },
    ) => {
      const languageId = at.languageId ?? en;
      if (!(await s.content.findIdentifier(id)))
        await s.content.insertIdentifier({
          ...identifierOfCt(id),
          contentTypeId: at.type ?? 'pg',
          host: 'h1',
          parentPath: at.parentPath,
          assetName: id,
        });
      const inode = `${id}-${languageId}`;
      await s.content.insertVersion({
        ...versionOfId1(inode, languageId, { showOnMenu: 'true' }),
        identifier: id,
        sortOrder: 4,
      });
      await s.content.putState({
        identifier: id,
        languageId,
        workingInode: inode,
        liveInode: at.live === false ? null : inode,
        archived: at.archived ?? false,
        lockedBy: null,
        lockedAt: null,
        modDate: 1,
      });
    };
    await item('shown', { parentPath: '/a' });
    await item('shown', { parentPath: '/a', languageId: fr });
    await item('upper', { parentPath: '/About' });
    await item('draft', { parentPath: '/a', live: false });
    await item('archived', { parentPath: '/a', archived: true });
    await item('content', { parentPath: '/a', type: 'ct' });
    await item('elsewhere', { parentPath: '/c' });
    await item('root', { parentPath: '/' });
    const found = await s.content.listLiveInFolders({
      host: 'h1',
      parentPaths: ['/a', '/about', '/'],
      languageIds: [en],
      baseTypes: ['HTMLPAGE', 'FILEASSET'],
    });
    t.same(found.map((f) => `${f.identifier.identifier}:${f.languageId}:${f.baseType}`).sort(), [
      `root:${en}:HTMLPAGE`,
      `shown:${en}:HTMLPAGE`,
      `upper:${en}:HTMLPAGE`,
    ]);
    const shown = found.find((f) => f.identifier.identifier === 'shown')!;
    t.match(shown, { inode: `shown-${en}`, title: `shown-${en}`, sortOrder: 4, values: { showOnMenu: 'true' } });
    t.match(shown.identifier, { parentPath: '/a', assetName: 'shown', host: 'h1', contentTypeId: 'pg' });
    const both = await s.content.listLiveInFolders({
      host: 'h1',
      parentPaths: ['/a'],
      languageIds: [en, fr],
      baseTypes: ['HTMLPAGE'],
    });
    t.same(both.map((f) => f.languageId).sort(), [en, fr].sort(), 'each language asked for');
    t.same(
      await s.content.listLiveInFolders({
        host: 'h2',
        parentPaths: ['/a'],
        languageIds: [en],
        baseTypes: ['HTMLPAGE'],
      }),
      [],
      'another host',
    );
  });

  t.test('content states and workflow tasks are replaced in place', async (t) => {
    const s = await open(t);
    const languageId = await englishAndType(s);
    await s.content.insertIdentifier(identifierOfCt('id1'));
    for (const inode of ['v1', 'v2']) await s.content.insertVersion(versionOfId1(inode, languageId, { title: inode }));
    const state = {
      identifier: 'id1',
      languageId,
      workingInode: 'v1',
      liveInode: null,
      archived: false,
      lockedBy: null,
      lockedAt: null,
      modDate: 1,
    };
    await s.content.putState(state);
    await s.content.putState({ ...state, workingInode: 'v2', liveInode: 'v1', lockedBy: 'u', lockedAt: 5, modDate: 6 });
    t.same(await s.content.listStates('id1'), [
      { ...state, workingInode: 'v2', liveInode: 'v1', lockedBy: 'u', lockedAt: 5, modDate: 6 },
    ]);
    const task = {
      identifier: 'id1',
      languageId,
      schemeId: 's',
      stepId: 'a',
      assignedTo: null,
      createdBy: 'u',
      creationDate: 1,
      modDate: 1,
    };
    await s.tasks.put(task);
    await s.tasks.put({ ...task, stepId: 'b', assignedTo: 'someone', modDate: 2 });
    t.same(await s.tasks.find('id1', languageId), { ...task, stepId: 'b', assignedTo: 'someone', modDate: 2 });
  });

  t.test('asset references: the stored paths some version holds, at any depth, across pages', async (t) => {
    const s = await open(t);
    const languageId = await englishAndType(s);
    const version = (inode: string, values: Record<string, unknown>) => versionOfId1(inode, languageId, values);
    const file = (key: string) => ({ path: `assets/${key}`, name: 'f.txt', size: 1 });
    await s.transaction(async (tx) => {
      await tx.content.insertIdentifier(identifierOfCt('id1'));
      await tx.content.insertVersion(version('v-top', { title: 'x', fileAsset: file('k1/f.txt') }));
      await tx.content.insertVersion(version('v-nested', { blocks: [{ image: file('k2/f_1.txt') }] }));
      await tx.content.insertVersion(version('v-none', { title: 'assets/k3/f.txt is only mentioned' }));
      // More versions than one page holds, the last of them referencing a file.
      for (let i = 0; i < 510; i++)
        await tx.content.insertVersion(
          version(`w-${String(i).padStart(4, '0')}`, { fileAsset: file(i === 509 ? 'k4/last.txt' : `x${i}/f.txt`) }),
        );
    });
    const wanted = ['k1/f.txt', 'k2/f_1.txt', 'k3/f.txt', 'k4/last.txt', 'k5/f.txt', 'k2/fx1.txt'].map(
      (key) => `assets/${key}`,
    );
    t.same(
      [...(await s.content.referencedAssetPaths(wanted))].sort(),
      ['assets/k1/f.txt', 'assets/k2/f_1.txt', 'assets/k4/last.txt'],
      'exact strings only: no substring, no LIKE wildcard match',
    );
    t.same([...(await s.content.referencedAssetPaths([]))], []);
    await s.content.deleteIdentifier('id1');
    t.same([...(await s.content.referencedAssetPaths(wanted))], [], 'gone with their versions');
  });
}
