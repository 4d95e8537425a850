import type { DriverStorage } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { definitionType, englishFrenchAndType, identifierOfCt, versionOfId1 } from './fixtures.js';

/**
 * Content as the reindex, the unique fields and the deletion of languages read and write it: keyset
 * scans, counts, unique claims and the search index queue, on every driver.
 */
export function contentSuite(t: ContractTest, open: OpenStorage): void {
  /** Items a1, a2 (of `ct2`) on the system host and b1, b2 on site `h2`, in one or two languages. */
  async function items(s: DriverStorage): Promise<{ en: number; fr: number }> {
    const { en, fr } = await englishFrenchAndType(s);
    await s.contentTypes.insert(definitionType('ct2'));
    const layout: Array<[string, string, string, number[]]> = [
      ['b2', 'ct', 'h2', [en, fr]],
      ['a1', 'ct', 'SYSTEM_HOST', [en, fr]],
      ['b1', 'ct', 'h2', [fr]],
      ['a2', 'ct2', 'SYSTEM_HOST', [en]],
    ];
    for (const [identifier, contentTypeId, host, languages] of layout) {
      await s.content.insertIdentifier({ ...identifierOfCt(identifier), contentTypeId, host });
      for (const languageId of languages) {
        const inode = `${identifier}-${languageId}`;
        await s.content.insertVersion({ ...versionOfId1(inode, languageId, { title: inode }), identifier });
        await s.content.putState({
          identifier,
          languageId,
          workingInode: inode,
          liveInode: inode,
          archived: false,
          lockedBy: null,
          lockedAt: null,
          modDate: 1,
        });
      }
    }
    return { en, fr };
  }

  t.test('content scans: keyset pages in (identifier, language) order, of a type or site, counted', async (t) => {
    const s = await open(t);
    const { en, fr } = await items(s);
    const walk = async (query: { contentTypeId?: string; host?: string }, limit: number) => {
      const pages: string[][] = [];
      let after: { identifier: string; languageId: number } | undefined;
      for (;;) {
        const page = await s.content.scanItemLanguages({ ...query, after, limit });
        if (page.length === 0) return pages;
        pages.push(page.map((p) => `${p.identifier}/${p.languageId === en ? 'en' : 'fr'}`));
        after = page.at(-1);
      }
    };
    t.same(await walk({}, 2), [
      ['a1/en', 'a1/fr'],
      ['a2/en', 'b1/fr'],
      ['b2/en', 'b2/fr'],
    ]);
    t.same(
      await walk({}, 4),
      [
        ['a1/en', 'a1/fr', 'a2/en', 'b1/fr'],
        ['b2/en', 'b2/fr'],
      ],
      'a page ends mid-item',
    );
    t.same(await walk({ contentTypeId: 'ct' }, 10), [['a1/en', 'a1/fr', 'b1/fr', 'b2/en', 'b2/fr']]);
    t.same(await walk({ host: 'h2' }, 2), [['b1/fr', 'b2/en'], ['b2/fr']]);
    t.same(await walk({ contentTypeId: 'ct2', host: 'h2' }, 10), []);
    t.equal(await s.content.countItemLanguages({}), 6);
    t.equal(await s.content.countItemLanguages({ contentTypeId: 'ct' }), 5);
    t.equal(await s.content.countItemLanguages({ host: 'h2' }), 3);
    t.equal(await s.content.countItemLanguages({ contentTypeId: 'ct2', host: 'h2' }), 0);
    t.same((await s.content.listIdentifiersOfType('ct', 10)).sort(), ['a1', 'b1', 'b2']);
    t.equal((await s.content.listIdentifiersOfType('ct', 2)).length, 2, 'at most the limit');
    t.same(await s.content.listIdentifiersOfType('none', 10), []);
    t.same(
      [...(await s.content.countItemsOfTypes(['ct', 'ct2', 'none', 'ct']))].sort(),
      [
        ['ct', 3],
        ['ct2', 1],
      ],
      'items (not item-languages) per type, types without items left out',
    );
    t.same(await s.content.countItemsOfTypes([]), new Map());

    t.same(await s.content.findVersion(`a1-${fr}`), {
      ...versionOfId1(`a1-${fr}`, fr, { title: `a1-${fr}` }),
      identifier: 'a1',
    });
    t.match(await s.content.findState('a1', fr), { workingInode: `a1-${fr}`, liveInode: `a1-${fr}` });
    t.equal(await s.content.findState('a2', fr), undefined);
    await s.content.deleteLanguage('a1', fr);
    t.same(
      (await s.content.listStates('a1')).map((x) => x.languageId),
      [en],
      'the other language stays',
    );
    t.equal(await s.content.findVersion(`a1-${fr}`), undefined, 'its versions go with it');
    t.ok(await s.content.findVersion(`a1-${en}`));
    t.equal(await s.content.countItemLanguages({}), 5);
  });

  t.test(
    'unique values: one holder per field, language and value; a taken one is refused naming its field',
    async (t) => {
      const s = await open(t);
      const { en, fr } = await items(s);
      await s.content.claimUniqueValues('a1', en, [
        { fieldId: 'f1', valueHash: 'h1' },
        { fieldId: 'f2', valueHash: 'h1' },
      ]);
      t.equal(await s.content.findUniqueHolder('f1', en, 'h1'), 'a1');
      t.equal(await s.content.findUniqueHolder('f1', fr, 'h1'), undefined, 'per language');
      await s.content.claimUniqueValues('b2', fr, [{ fieldId: 'f1', valueHash: 'h1' }]);
      await s.content.claimUniqueValues('b2', en, [{ fieldId: 'f1', valueHash: 'h2' }]);
      t.equal(await s.content.findUniqueHolder('f1', en, 'h2'), 'b2', 'another value of the field');
      const refused = await s
        .transaction(async (tx) => {
          await tx.content.claimUniqueValues('b2', en, [
            { fieldId: 'f3', valueHash: 'x' },
            { fieldId: 'f2', valueHash: 'h1' },
          ]);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      t.match(refused, { code: 'CONTENT_UNIQUE_VALUE_TAKEN', details: [{ fieldName: 'f2' }] });
      t.equal(await s.content.findUniqueHolder('f3', en, 'x'), undefined, 'the refused claims roll back whole');
      t.equal(await s.content.findUniqueHolder('f1', en, 'h2'), 'b2', 'and the earlier ones stay');
      await s.content.claimUniqueValues('a1', en, [{ fieldId: 'f1', valueHash: 'h1' }]);
      t.equal(await s.content.findUniqueHolder('f2', en, 'h1'), undefined, 'claims are replaced whole');
      await s.content.claimUniqueValues('b2', en, [{ fieldId: 'f2', valueHash: 'h1' }]);
      t.equal(await s.content.findUniqueHolder('f2', en, 'h1'), 'b2', 'a released value is free');
      await s.content.claimUniqueValues('a1', en, []);
      t.equal(await s.content.findUniqueHolder('f1', en, 'h1'), undefined);
      await s.content.deleteLanguage('b2', fr);
      t.equal(await s.content.findUniqueHolder('f1', fr, 'h1'), undefined, 'gone with the language');
      await s.content.deleteIdentifier('b2');
      t.equal(await s.content.findUniqueHolder('f2', en, 'h1'), undefined, 'gone with the item');
    },
  );

  t.test('the search index queue: oldest first before a time, removed by key', async (t) => {
    const s = await open(t);
    const entry = (key: string, enqueuedAt: number) =>
      ({ key, scope: 'item', target: `id-${key}`, languageId: 1, enqueuedAt }) as const;
    await s.indexQueue.enqueue([entry('k1', 30), entry('k2', 10), entry('k3', 20)]);
    await s.indexQueue.enqueue([entry('k4', 50), { ...entry('k5', 40), scope: 'all', target: '', languageId: 0 }]);
    await s.indexQueue.enqueue([]);
    t.same(
      (await s.indexQueue.oldest(2, 45)).map((e) => e.key),
      ['k2', 'k3'],
    );
    t.same(
      (await s.indexQueue.oldest(10, 45)).map((e) => e.key),
      ['k2', 'k3', 'k1', 'k5'],
      'entered before the time only',
    );
    t.same((await s.indexQueue.oldest(1, 41))[0], entry('k2', 10));
    await s.indexQueue.remove(['k2', 'k5', 'missing']);
    await s.indexQueue.remove([]);
    t.same(await s.indexQueue.oldest(10, 100), [entry('k3', 20), entry('k1', 30), entry('k4', 50)]);
  });
}
