import type { DriverRepositories as Repositories } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { englishFrenchAndType, identifierOfCt, role, versionOfId1 } from './fixtures.js';

/** Items, versions, states, tasks and grants of many assets in one call, as a batch being indexed reads them. */
export function batchReadSuite(t: ContractTest, open: OpenStorage): void {
  t.test('batch reads answer what the single reads answer, for any number of keys', async (t) => {
    const s = await open(t);
    const { en, fr } = await englishFrenchAndType(s);
    // More items than one statement binds (the driver splits the list), some in two languages.
    const ids = Array.from({ length: 510 }, (_, i) => `item-${String(i).padStart(4, '0')}`);
    // One transaction: a commit per row would make this the slowest test of the suite.
    await s.transaction(async (tx) => {
      for (const [i, identifier] of ids.entries()) await fill(tx, i, identifier);
    });
    async function fill(s: Repositories, i: number, identifier: string) {
      await s.content.insertIdentifier(identifierOfCt(identifier));
      for (const languageId of i % 3 === 0 ? [en, fr] : [en]) {
        const inode = `${identifier}-${languageId}`;
        await s.content.insertVersion({ ...versionOfId1(inode, languageId, { n: i }), identifier });
        await s.content.putState({
          identifier,
          languageId,
          workingInode: inode,
          liveInode: i % 2 === 0 ? inode : null,
          archived: false,
          lockedBy: null,
          lockedAt: null,
          modDate: i,
        });
        await s.tasks.put({
          identifier,
          languageId,
          schemeId: 'scheme',
          stepId: `step-${i % 4}`,
          assignedTo: null,
          createdBy: 'u',
          creationDate: 1,
          modDate: i,
        });
      }
    }
    const asked = [...ids, ids[0]!, 'missing'];
    const byIdentifier = <T extends { identifier: string }>(rows: T[]) =>
      [...rows].sort((a, b) => a.identifier.localeCompare(b.identifier));
    const byItemLanguage = <T extends { identifier: string; languageId: number }>(rows: T[]) =>
      [...rows].sort((a, b) => a.identifier.localeCompare(b.identifier) || a.languageId - b.languageId);

    const identifiers = await s.content.findIdentifiers(asked);
    t.equal(identifiers.length, ids.length, 'each identifier once; none for a missing one');
    t.same(byIdentifier(identifiers)[5], await s.content.findIdentifier(ids[5]!));

    const states = await s.content.listStatesOf(asked);
    t.equal(states.length, ids.length + Math.ceil(ids.length / 3), 'every language of every item');
    t.same(
      byItemLanguage(states).filter((state) => state.identifier === ids[3]),
      await s.content.listStates(ids[3]!),
    );

    const inodes = states.map((state) => state.workingInode);
    const versions = await s.content.findVersions([...inodes, 'no-such-inode']);
    t.equal(versions.length, inodes.length);
    const version = versions.find((v) => v.inode === `${ids[7]}-${en}`);
    t.same(version, await s.content.findVersion(`${ids[7]}-${en}`), 'values as findVersion answers them');
    t.same(version?.values, { n: 7 });

    const tasks = await s.tasks.listOf(asked);
    t.equal(tasks.length, states.length);
    t.same(
      byItemLanguage(tasks).find((task) => task.identifier === ids[9] && task.languageId === fr),
      await s.tasks.find(ids[9]!, fr),
    );

    t.same(await s.content.findIdentifiers([]), []);
    t.same(await s.content.listStatesOf([]), []);
    t.same(await s.content.findVersions([]), []);
    t.same(await s.tasks.listOf([]), []);
  });

  t.test('permissions: the own grants of many assets in one read; an inheriting asset is absent', async (t) => {
    const s = await open(t);
    for (const id of ['r1', 'r2']) await s.roles.insert(role(id));
    await s.permissions.replace('a', 'content', [
      { roleId: 'r2', bits: 3 },
      { roleId: 'r1', bits: 1 },
    ]);
    await s.permissions.replace('b', 'folder', []);
    const found = await s.permissions.findMany(['a', 'b', 'inherits', 'a']);
    t.same([...found.keys()].sort(), ['a', 'b']);
    t.same(found.get('a'), await s.permissions.find('a'), 'grants in the order find answers them');
    t.same(found.get('b'), [], 'an asset with no grant at all is found, with none');
    t.same(await s.permissions.findMany([]), new Map());
  });
}
