import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { RecordNotUnique, site } from './fixtures.js';

/** Sites, languages, settings and the analytics keys of sites. */
export function siteSuite(t: ContractTest, open: OpenStorage): void {
  t.test('sites, languages, settings', async (t) => {
    const s = await open(t);
    await s.sites.insert(site('s1', 'Beta.example.com'));
    await s.sites.insert(site('s2', 'alpha.example.com'));
    await t.rejects(
      s.sites.insert(site('s3', 'BETA.EXAMPLE.COM')),
      RecordNotUnique,
      'site names are unique, ignoring case',
    );
    t.same(await s.sites.findByName('beta.EXAMPLE.com'), site('s1', 'Beta.example.com'));
    t.same(await s.sites.findById('s2'), site('s2', 'alpha.example.com'));
    const page = await s.sites.list({ offset: 0, limit: 10 });
    t.same(
      { names: page.items.map((x) => x.siteName), total: page.total },
      { names: ['alpha.example.com', 'Beta.example.com'], total: 2 },
    );
    const sorted = await s.sites.list({ offset: 0, limit: 10, sort: { column: 'siteName', descending: true } });
    t.same(
      sorted.items.map((x) => x.identifier),
      ['s1', 's2'],
      'sorted by name, ignoring case',
    );
    t.same(
      (await s.sites.list({ offset: 0, limit: 1, sort: { column: 'identifier', descending: true } })).items.map(
        (x) => x.identifier,
      ),
      ['s2'],
    );
    const archived = {
      ...site('s2', 'Renamed.example.com'),
      aliases: 'www.renamed.example.com',
      archived: true,
      live: false,
      modUser: 'u2',
      modDate: 5,
    };
    await s.sites.update(archived);
    t.same(await s.sites.findById('s2'), archived, 'an update writes the name, aliases, state and modifier');
    t.equal((await s.sites.findByName('renamed.EXAMPLE.com'))?.identifier, 's2', 'found by its new name');
    t.equal(await s.sites.findByName('alpha.example.com'), undefined, 'the old name is free');
    await t.rejects(
      s.sites.update({ ...archived, siteName: 'BETA.example.com' }),
      RecordNotUnique,
      'a rename onto another site name is refused',
    );
    await s.sites.delete('s2');
    t.equal(await s.sites.findById('s2'), undefined, 'a deleted site is gone');
    t.equal((await s.sites.list({ offset: 0, limit: 10 })).total, 1);

    t.equal(
      await s.languages.insert({
        languageCode: 'en',
        countryCode: 'US',
        language: 'English',
        country: 'United States',
      }),
      1,
    );
    t.equal(
      await s.languages.insert({ languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' }),
      2,
    );
    t.equal(await s.languages.insert({ languageCode: 'fr', countryCode: '', language: 'French', country: '' }), 3);
    await t.rejects(
      s.languages.insert({ languageCode: 'es', countryCode: 'ES', language: 'x', country: 'y' }),
      RecordNotUnique,
    );
    t.same(
      (await s.languages.list()).map((l) => l.id),
      [1, 2, 3],
    );
    t.same(await s.languages.findByCode('fr', ''), {
      id: 3,
      languageCode: 'fr',
      countryCode: '',
      language: 'French',
      country: '',
    });
    t.equal(await s.languages.findById(9), undefined);
    await s.languages.update({ id: 3, languageCode: 'fr', countryCode: 'CA', language: 'French', country: 'Canada' });
    t.equal((await s.languages.findByCode('fr', 'CA'))?.id, 3, 'an update writes the codes and names');
    await t.rejects(
      s.languages.update({ id: 3, languageCode: 'es', countryCode: 'ES', language: 'x', country: 'y' }),
      RecordNotUnique,
      "an update onto another language's codes is refused",
    );

    t.equal(await s.settings.get('k'), undefined);
    t.equal(await s.settings.putIfAbsent('k', 'first'), 'first');
    t.equal(await s.settings.putIfAbsent('k', 'second'), 'first', 'an existing value is kept');
    t.equal(await s.settings.get('k'), 'first');
  });

  t.test('site variables: in the order added, keys unique per site, gone with the site', async (t) => {
    const s = await open(t);
    await s.sites.insert(site('s1', 'one.example.com'));
    await s.sites.insert(site('s2', 'two.example.com'));
    const variable = (id: string, siteId: string, key: string, modDate = 1) => ({
      id,
      siteId,
      name: `Name ${key}`,
      key,
      value: `value of ${key}`,
      modUser: 'u1',
      modDate,
    });
    await s.sites.insertVariable(variable('v1', 's1', 'zeta', 1));
    await s.sites.insertVariable(variable('v2', 's1', 'alpha', 2));
    await s.sites.insertVariable(variable('v3', 's2', 'zeta', 3));
    t.same(await s.sites.listVariables('s1'), [variable('v1', 's1', 'zeta', 1), variable('v2', 's1', 'alpha', 2)]);
    await t.rejects(s.sites.insertVariable(variable('v4', 's1', 'zeta')), RecordNotUnique, 'a key once per site');
    await s.sites.insertVariable(variable('v5', 's1', 'ZETA', 4));
    t.equal((await s.sites.listVariables('s1')).length, 3, 'keys are compared exactly');
    const changed = { ...variable('v2', 's1', 'beta', 9), value: 'new', modUser: 'u2' };
    await s.sites.updateVariable(changed);
    t.same((await s.sites.listVariables('s1'))[1], changed, 'an update keeps its place in the list');
    await t.rejects(s.sites.updateVariable({ ...changed, key: 'zeta' }), RecordNotUnique);
    await s.sites.deleteVariable('s2', 'v2');
    t.equal((await s.sites.listVariables('s1')).length, 3, "a variable is deleted through its own site's id only");
    await s.sites.deleteVariable('s1', 'v2');
    t.same(
      (await s.sites.listVariables('s1')).map((v) => v.id),
      ['v1', 'v5'],
    );
    await s.sites.delete('s2');
    t.same(await s.sites.listVariables('s2'), [], "a deleted site's variables go with it");
  });

  t.test('analytics site keys: one per site, found by hash, replaced whole, hashes unique', async (t) => {
    const s = await open(t);
    await s.sites.insert(site('s1', 'one.example.com'));
    await s.sites.insert(site('s2', 'two.example.com'));
    const key = (siteId: string, keyHash: string, createdAt = 1) => ({
      siteId,
      keyHash,
      masked: `${siteId}.*****${keyHash.slice(-4)}`,
      createdAt,
      createdBy: 'u',
    });
    t.equal(await s.analyticsSiteKeys.find('s1'), undefined);
    t.equal(await s.analyticsSiteKeys.count(), 0);
    await s.transaction((tx) => tx.analyticsSiteKeys.replace(key('s1', 'a'.repeat(64))));
    t.same(await s.analyticsSiteKeys.findByHash('a'.repeat(64)), key('s1', 'a'.repeat(64)));
    await s.transaction((tx) => tx.analyticsSiteKeys.replace(key('s1', 'b'.repeat(64), 2)));
    t.equal(await s.analyticsSiteKeys.findByHash('a'.repeat(64)), undefined, 'the replaced key is gone');
    t.same(await s.analyticsSiteKeys.find('s1'), key('s1', 'b'.repeat(64), 2));
    await t.rejects(
      s.transaction((tx) => tx.analyticsSiteKeys.replace(key('s2', 'b'.repeat(64)))),
      RecordNotUnique,
      'two sites never share a key',
    );
    t.same(await s.analyticsSiteKeys.find('s1'), key('s1', 'b'.repeat(64), 2), 'the refusal left the holder alone');
    await s.transaction((tx) => tx.analyticsSiteKeys.replace(key('s2', 'c'.repeat(64))));
    t.equal(await s.analyticsSiteKeys.count(), 2);
    await t.rejects(
      s.transaction((tx) => tx.analyticsSiteKeys.replace(key('ghost', 'd'.repeat(64)))),
      'a key names an existing site',
    );
    await s.transaction((tx) => tx.sites.delete('s2'));
    t.equal(await s.analyticsSiteKeys.findByHash('c'.repeat(64)), undefined, "a deleted site's key goes with it");
    t.same(await s.analyticsSiteKeys.find('s1'), key('s1', 'b'.repeat(64), 2), 'other keys stay');
  });
}
