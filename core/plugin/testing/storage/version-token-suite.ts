import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { definitionField, definitionType, role } from './fixtures.js';

/** The definitions and navigation version tokens. */
export function versionTokenSuite(t: ContractTest, open: OpenStorage): void {
  t.test('the navigation version changes when renewed, in the caller transaction, and is shared', async (t) => {
    const s = await open(t);
    const first = await s.navigationVersion();
    await s.renewNavigationVersion();
    const second = await s.navigationVersion();
    t.not(second, first, 'renewed');
    await t.rejects(
      s.transaction(async (tx) => {
        await tx.renewNavigationVersion();
        throw new Error('undo');
      }),
      /undo/,
    );
    t.equal(await s.navigationVersion(), second, 'a rolled-back renewal changes nothing');
    const definitions = await s.definitionsVersion();
    await s.transaction((tx) => tx.renewNavigationVersion());
    t.not(await s.navigationVersion(), second, 'a committed one does');
    t.equal(await s.definitionsVersion(), definitions, 'the definitions version is a token of its own');
  });

  t.test('versionTokens reads both tokens at once', async (t) => {
    const s = await open(t);
    await s.renewNavigationVersion();
    await s.languages.insert({ languageCode: 'xx', countryCode: 'XX', language: 'X', country: 'X' });
    t.same(await s.versionTokens(), {
      definitions: await s.definitionsVersion(),
      navigation: await s.navigationVersion(),
    });
    t.not((await s.versionTokens()).definitions, '', 'a definition write set the definitions token');
  });

  t.test('the definitions version changes with every definition write, and with nothing else', async (t) => {
    const s = await open(t);
    const versions = [await s.definitionsVersion()];
    const changed = async (what: string, expected: boolean) => {
      const now = await s.definitionsVersion();
      t.equal(now !== versions.at(-1), expected, `${what}: ${expected ? 'changed' : 'unchanged'}`);
      versions.push(now);
    };
    await s.roles.insert(role('r1'));
    await s.settings.putIfAbsent('k', 'v');
    await changed('a role and a setting', false);
    await s.contentTypes.insert(definitionType('dt'));
    await changed('a content type', true);
    await s.fields.insert(definitionField('df', 'dt'));
    await changed('a field', true);
    await s.languages.insert({ languageCode: 'fr', countryCode: 'FR', language: 'French', country: 'France' });
    await changed('a language', true);
    await t.rejects(
      s.transaction(async (tx) => {
        await tx.fields.delete('df');
        throw new Error('undo');
      }),
    );
    await changed('a definition write that rolled back', false);
    t.equal(new Set(versions).size, 4, 'every change gives a new token');
  });

  t.test("inside a transaction, the definitions version follows the transaction's own writes", async (t) => {
    const s = await open(t);
    await s.contentTypes.insert(definitionType('before'));
    const outside = await s.definitionsVersion();
    const seen = await s.transaction(async (tx) => {
      const first = await tx.definitionsVersion();
      const again = await tx.definitionsVersion();
      await tx.contentTypes.insert(definitionType('inside'));
      const afterWrite = await tx.definitionsVersion();
      await tx.fields.insert(definitionField('inside-field', 'inside'));
      return { first, again, afterWrite, afterSecond: await tx.definitionsVersion() };
    });
    t.equal(seen.first, outside, 'read in a transaction, the committed token');
    t.equal(seen.again, seen.first, 'read again, the same');
    t.not(seen.afterWrite, seen.first, "the transaction's own definition write renews it at once");
    t.not(seen.afterSecond, seen.afterWrite, 'and every further one');
    t.equal(await s.definitionsVersion(), seen.afterSecond, 'what committed is what the transaction saw last');
    // A transaction that renewed and rolled back leaves nothing behind for the next one.
    await t.rejects(
      s.transaction(async (tx) => {
        await tx.contentTypes.insert(definitionType('undone'));
        throw new Error('undo');
      }),
    );
    t.equal(
      await s.transaction((tx) => tx.definitionsVersion()),
      seen.afterSecond,
      'the next transaction reads the committed token',
    );
  });
}
