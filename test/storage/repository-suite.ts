import type { Test } from 'tap';
import { Errors } from '../../core/errors/index.js';

/** How a unique-key violation reaches core: the catalogue's RECORD_NOT_UNIQUE. */
const RecordNotUnique = { code: Errors.RECORD_NOT_UNIQUE.code };
import type { ContentType } from '../../core/model/content-type.js';
import type { Field } from '../../core/model/field.js';
import type { WorkflowAction } from '../../core/model/workflow.js';
import type { Role } from '../../core/model/role.js';
import type { Site } from '../../core/model/site.js';
import type { User } from '../../core/model/user.js';
import type { DriverStorage } from '../../core/plugin/storage/index.js';
import { analyticsEventSuite } from './analytics-event-suite.js';
import { folderSuite } from './folder-suite.js';
import { menuLinkSuite } from './menu-link-suite.js';
import { jobSuite } from './job-suite.js';
import { systemEventSuite } from './system-event-suite.js';
import { scheme, workflowSuite } from './workflow-suite.js';
import { contentSuite } from './content-suite.js';
import { adminDataSuite } from './admin-data-suite.js';

export const role = (id: string, overrides: Partial<Role> = {}): Role => ({
  id,
  name: `Role ${id}`,
  key: `key-${id}`,
  description: '',
  system: false,
  personal: false,
  ...overrides,
});
export const user = (userId: string, email: string, roleId: string): User => ({
  userId,
  email,
  firstName: 'F',
  lastName: 'L',
  passwordHash: 'scrypt$x',
  active: true,
  roleId,
  createdAt: 1_700_000_000_000,
  modDate: 1_700_000_000_001,
});
export const site = (identifier: string, siteName: string): Site => ({
  identifier,
  inode: `i-${identifier}`,
  siteName,
  aliases: '',
  isDefault: false,
  system: false,
  archived: false,
  live: true,
  modUser: 'u',
  modDate: 1_700_000_000_000,
});

/**
 * The repository contract, run by every storage driver against a real database. `open` answers a
 * freshly migrated, empty storage.
 */
export function repositorySuite(t: Test, open: () => Promise<DriverStorage>): void {
  t.test('users and roles', async (t) => {
    const s = await open();
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
    const s = await open();
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
    const s = await open();
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

  t.test('sessions', async (t) => {
    const s = await open();
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
    const s = await open();
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

  t.test('sites, languages, settings', async (t) => {
    const s = await open();
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
    const archived = { ...site('s2', 'renamed.example.com'), archived: true, live: false, modUser: 'u2', modDate: 5 };
    await s.sites.update(archived);
    t.same(
      await s.sites.findById('s2'),
      { ...archived, siteName: 'alpha.example.com' },
      'an update writes the state and the modifier, never the name',
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

    t.equal(await s.settings.get('k'), undefined);
    t.equal(await s.settings.putIfAbsent('k', 'first'), 'first');
    t.equal(await s.settings.putIfAbsent('k', 'second'), 'first', 'an existing value is kept');
    t.equal(await s.settings.get('k'), 'first');
  });

  t.test('analytics site keys: one per site, found by hash, replaced whole, hashes unique', async (t) => {
    const s = await open();
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

  analyticsEventSuite(t, open);
  folderSuite(t, open);
  menuLinkSuite(t, open);
  jobSuite(t, open);
  systemEventSuite(t, open);
  workflowSuite(t, open);
  contentSuite(t, open);
  adminDataSuite(t, open);

  t.test('a reference to a missing record is refused as a bad request, not a fault', async (t) => {
    const s = await open();
    const refused = await s.fields.insert(definitionField('f-orphan', 'no-such-type')).then(
      () => undefined,
      (error: unknown) => error as { code?: string; kind?: string; details?: Array<{ fieldName: string | null }> },
    );
    t.match(refused, { code: 'STORAGE_REFERENCE_MISSING', kind: 'invalid' });
    // MySQL names the column; SQLite does not say which key failed.
    t.ok([null, 'content_type_id'].includes(refused?.details?.[0]?.fieldName ?? null));
    t.equal(await s.fields.findById('f-orphan'), undefined);
  });

  t.test('content types and fields', async (t) => {
    const s = await open();
    const type = (id: string, name: string, variable: string, workflows: string[] = []): ContentType => ({
      id,
      clazz: 'com.cms.contenttype.model.type.ImmutableSimpleContentType',
      baseType: 'CONTENT',
      name,
      description: 'd',
      variable,
      host: 'SYSTEM_HOST',
      folder: 'SYSTEM_FOLDER',
      owner: 'o',
      defaultType: false,
      fixed: false,
      system: false,
      versionable: true,
      multilingualable: false,
      icon: 'event_note',
      sortOrder: 0,
      workflows,
      modDate: 1,
      iDate: 1,
    });
    await s.contentTypes.insert(type('t1', 'Blog Post', 'BlogPost', ['w2', 'w1']));
    await s.contentTypes.insert(type('t2', 'Article_%', 'article'));
    await t.rejects(
      s.contentTypes.insert(type('t3', 'Other', 'blogpost')),
      RecordNotUnique,
      'variables are unique, ignoring case',
    );
    t.same(
      await s.contentTypes.findByVariable('BLOGPOST'),
      type('t1', 'Blog Post', 'BlogPost', ['w2', 'w1']),
      'workflow order kept',
    );
    t.same(
      (await s.contentTypes.list({ offset: 0, limit: 10 })).items.map((x) => x.id),
      ['t2', 't1'],
    );
    t.same(
      (await s.contentTypes.list({ offset: 0, limit: 10, filter: 'POST' })).items.map((x) => x.id),
      ['t1'],
    );
    t.same(
      await s.contentTypes.list({ offset: 0, limit: 10, filter: '_%' }),
      { items: [type('t2', 'Article_%', 'article')], total: 1 },
      '% and _ are plain characters in a filter',
    );
    await s.contentTypes.insert({ ...type('t4', 'blog roll', 'roll'), sortOrder: 9, modDate: 3 });
    const typeIds = (sort: NonNullable<Parameters<typeof s.contentTypes.list>[0]['sort']>) =>
      s.contentTypes.list({ offset: 0, limit: 10, sort }).then((p) => p.items.map((x) => x.id));
    t.same(await typeIds({ column: 'name', descending: false }), ['t2', 't1', 't4'], 'names ignoring case');
    t.same(await typeIds({ column: 'name', descending: true }), ['t4', 't1', 't2']);
    t.same(await typeIds({ column: 'variable', descending: false }), ['t2', 't1', 't4']);
    t.same(await typeIds({ column: 'sortOrder', descending: true }), ['t4', 't1', 't2'], 'ties by id');
    t.same(await typeIds({ column: 'modDate', descending: true }), ['t4', 't1', 't2']);
    await s.contentTypes.insert({ ...type('t5', 'Site page', 'sitePage'), host: 'site-1', baseType: 'HTMLPAGE' });
    const filtered = (query: Omit<Parameters<typeof s.contentTypes.list>[0], 'offset' | 'limit'>) =>
      s.contentTypes.list({ offset: 0, limit: 10, ...query }).then((p) => [p.items.map((x) => x.id), p.total]);
    t.same(await filtered({ hosts: ['site-1'] }), [['t5'], 1], 'by site');
    t.same(await filtered({ hosts: ['SYSTEM_HOST'], baseTypes: ['CONTENT'] }), [['t2', 't1', 't4'], 3], 'by base type');
    t.same(await filtered({ baseTypes: ['HTMLPAGE', 'FORM'] }), [['t5'], 1]);
    t.same(await filtered({ variables: ['ROLL', 'article'] }), [['t2', 't4'], 2], 'by variables, ignoring case');
    t.same(await filtered({ variables: [] }), [[], 0], 'an empty list matches nothing');
    t.same(await filtered({ variables: ['roll'], filter: 'blog' }), [['t4'], 1], 'with the name filter');
    await s.contentTypes.delete('t5');
    await s.contentTypes.delete('t4');
    t.same(await s.contentTypes.idsBoundTo('w1'), ['t1'], 'the types bound to a scheme');
    t.same(await s.contentTypes.idsBoundTo('w9'), []);
    await s.contentTypes.update({ ...type('t1', 'Blog', 'BlogPost', ['w3']), modDate: 5 });
    t.match(await s.contentTypes.findById('t1'), { name: 'Blog', workflows: ['w3'], modDate: 5 });
    t.same(await s.contentTypes.idsBoundTo('w1'), [], 'bindings follow updates');

    const field = (id: string, variable: string, sortOrder: number): Field => ({
      id,
      contentTypeId: 't1',
      clazz: 'com.cms.contenttype.model.field.ImmutableTextField',
      name: variable,
      variable,
      dataType: 'TEXT',
      sortOrder,
      regexCheck: null,
      defaultValue: null,
      hint: 'h',
      values: null,
      required: true,
      searchable: false,
      indexed: true,
      listed: false,
      unique: false,
      readOnly: false,
      fixed: false,
      relationType: null,
      // Variable ids are unique across fields, as ids are.
      fieldVariables: [{ id: `v-${id}`, key: 'k', value: 'v' }],
      modDate: 1,
      iDate: 1,
    });
    await s.fields.insert(field('f2', 'body', 2));
    await s.fields.insert(field('f1', 'title', 1));
    await t.rejects(
      s.fields.insert(field('f3', 'Title', 3)),
      RecordNotUnique,
      'field variables are unique within a type',
    );
    t.same(
      (await s.fields.listByType('t1')).map((f) => f.id),
      ['f1', 'f2'],
    );
    t.same(await s.fields.findById('f1'), field('f1', 'title', 1), 'field variables round-trip');
    await s.fields.update({ ...field('f1', 'title', 5), hint: null });
    t.match(await s.fields.findById('f1'), { sortOrder: 5, hint: null });
    await s.fields.delete('f2');
    t.same(
      (await s.fields.listByType('t1')).map((f) => f.id),
      ['f1'],
    );
    await s.contentTypes.delete('t1');
    t.equal(await s.contentTypes.findById('t1'), undefined);
    t.equal(await s.fields.findById('f1'), undefined, 'fields go with their type');
  });

  t.test('field variables: one row each, kept in the order added, keys unique per field and exact', async (t) => {
    const s = await open();
    await s.contentTypes.insert(definitionType('tv'));
    await s.fields.insert({ ...definitionField('fv', 'tv'), fieldVariables: [{ id: 'a', key: 'a', value: '1' }] });
    await s.fields.insert({ ...definitionField('fw', 'tv'), variable: 'other' });
    const keys = async (id = 'fv') => (await s.fields.findById(id))!.fieldVariables.map((v) => `${v.key}=${v.value}`);
    // Three in the same millisecond still list in the order they were added.
    // (Ids differ by more than case: MySQL compares ids ignoring it.)
    for (const [n, key] of ['c', 'b', 'B'].entries()) {
      await s.fields.insertVariable('fv', { id: `id-${key}${n}`, key, value: key }, 5);
    }
    t.same(await keys(), ['a=1', 'c=c', 'b=b', 'B=B'], 'keys differing in case are different keys');
    await t.rejects(s.fields.insertVariable('fv', { id: 'dup', key: 'b', value: 'x' }, 6), RecordNotUnique);
    await s.fields.insertVariable('fw', { id: 'fw-b', key: 'b', value: 'other field' }, 6);
    await s.fields.updateVariable('fv', { id: 'id-c0', key: 'c2', value: 'changed' }, 7);
    await t.rejects(s.fields.updateVariable('fv', { id: 'id-c0', key: 'a', value: 'x' }, 8), RecordNotUnique);
    await s.fields.deleteVariable('fv', 'id-b1');
    await s.fields.deleteVariable('fv', 'fw-b');
    t.same(await keys(), ['a=1', 'c2=changed', 'B=B'], 'a variable of another field is not deleted through this one');
    await s.fields.update({ ...(await s.fields.findById('fv'))!, fieldVariables: [], hint: 'updated' });
    t.same(await keys(), ['a=1', 'c2=changed', 'B=B'], 'a field update leaves its variables alone');
    await s.fields.replaceVariables(
      'fv',
      [
        { id: 'r1', key: 'z', value: '' },
        { id: 'r2', key: 'y', value: '' },
      ],
      9,
    );
    t.same(await keys(), ['z=', 'y=']);
    await s.fields.delete('fw');
    await s.fields.insert({
      ...definitionField('fw', 'tv'),
      variable: 'other',
      fieldVariables: [{ id: 'fw-b', key: 'b', value: '' }],
    });
    t.same(await keys('fw'), ['b='], 'the variables of a deleted field went with it');
    await s.contentTypes.delete('tv');
    await s.contentTypes.insert(definitionType('tv'));
    await s.fields.insert({ ...definitionField('fv', 'tv'), fieldVariables: [{ id: 'r1', key: 'z', value: '' }] });
    t.same(await keys(), ['z='], 'and those of a deleted type too');
  });

  t.test('transactions commit together, roll back together, and nest', async (t) => {
    const s = await open();
    await s.transaction(async (tx) => {
      await tx.roles.insert(role('a'));
      await tx.transaction(async (inner) => inner.roles.insert(role('b')));
      t.ok(await tx.roles.findById('b'), 'a transaction sees its own writes');
    });
    t.ok(await s.roles.findById('a'));
    t.ok(await s.roles.findById('b'));

    await t.rejects(
      s.transaction(async (tx) => {
        await tx.roles.insert(role('c'));
        await tx.transaction(async (inner) => inner.roles.insert(role('d')));
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    t.equal(await s.roles.findById('c'), undefined, 'rolled back');
    t.equal(await s.roles.findById('d'), undefined, 'the nested part rolled back with it');

    await t.rejects(
      s.transaction(async (tx) => {
        await tx.roles.insert(role('e'));
        await tx.roles.insert(role('f', { key: 'key-a' }));
      }),
      RecordNotUnique,
      'errors inside a transaction are translated too',
    );
    t.equal(await s.roles.findById('e'), undefined);
  });

  t.test('a write outside a transaction survives a concurrent transaction that fails', async (t) => {
    const s = await open();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const failing = s.transaction(async (tx) => {
      await tx.roles.insert(role('in-tx'));
      await gate;
      throw new Error('boom');
    });
    const outside = s.roles.insert(role('outside'));
    release();
    await t.rejects(failing, /boom/);
    await outside;
    t.ok(await s.roles.findById('outside'), 'the independent write was kept');
    t.equal(await s.roles.findById('in-tx'), undefined);
  });

  t.test('migrating again is harmless; ping answers', async (t) => {
    const s = await open();
    await s.roles.insert(role('kept'));
    await s.migrate();
    t.ok(await s.roles.findById('kept'));
    await s.ping();
    t.pass('ping answered');
  });

  t.test('the navigation version changes when renewed, in the caller transaction, and is shared', async (t) => {
    const s = await open();
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
    const s = await open();
    await s.renewNavigationVersion();
    await s.languages.insert({ languageCode: 'xx', countryCode: 'XX', language: 'X', country: 'X' });
    t.same(await s.versionTokens(), {
      definitions: await s.definitionsVersion(),
      navigation: await s.navigationVersion(),
    });
    t.not((await s.versionTokens()).definitions, '', 'a definition write set the definitions token');
  });

  t.test('the definitions version changes with every definition write, and with nothing else', async (t) => {
    const s = await open();
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

  t.test('live pages and files in folders: one query, live and unarchived, by base type and language', async (t) => {
    const s = await open();
    const en = await englishAndType(s);
    const fr = await s.languages.insert({
      languageCode: 'fr',
      countryCode: 'FR',
      language: 'French',
      country: 'France',
    });
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
    const s = await open();
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
    const s = await open();
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

  t.test('system action mappings: one per owner and verb, gone with their action or owner', async (t) => {
    const s = await open();
    await s.workflows.insertScheme(scheme('sch', 'S'));
    const action = (id: string): WorkflowAction => ({
      id,
      schemeId: 'sch',
      name: id,
      condition: '',
      nextStep: 'currentstep',
      nextAssign: '',
      icon: 'workflowIcon',
      roleHierarchyForAssign: false,
      assignable: false,
      commentable: false,
      order: 0,
      owner: null,
      showOn: [],
      whoCanUse: [],
    });
    await s.workflows.insertAction(action('a1'));
    await s.workflows.insertAction(action('a2'));
    await s.contentTypes.insert({ ...definitionType('ct'), workflows: ['sch'] });
    await s.workflows.putSystemAction({
      id: 'm1',
      systemAction: 'PUBLISH',
      actionId: 'a1',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.putSystemAction({
      id: 'm2',
      systemAction: 'NEW',
      actionId: 'a1',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.putSystemAction({
      id: 'm3',
      systemAction: 'NEW',
      actionId: 'a2',
      ownerKind: 'contentType',
      ownerId: 'ct',
    });
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => m.id),
      ['m2', 'm1'],
      'in verb order',
    );
    await s.workflows.putSystemAction({
      id: 'm4',
      systemAction: 'PUBLISH',
      actionId: 'a2',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => [m.id, m.actionId]),
      [
        ['m2', 'a1'],
        ['m4', 'a2'],
      ],
      'a verb mapped again replaces its mapping',
    );
    t.same(await s.workflows.findSystemAction('m3'), {
      id: 'm3',
      systemAction: 'NEW',
      actionId: 'a2',
      ownerKind: 'contentType',
      ownerId: 'ct',
    });
    t.same(
      (await s.workflows.listSystemActionsOfAction('a2')).map((m) => m.id),
      ['m3', 'm4'],
    );
    await s.contentTypes.delete('ct');
    t.equal(await s.workflows.findSystemAction('m3'), undefined, 'gone with the content type');
    await s.workflows.deleteAction('a1');
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => m.id),
      ['m4'],
      'gone with the action',
    );
    await s.workflows.deleteSystemAction('m4');
    t.same(await s.workflows.listSystemActionsOfAction('a2'), []);
    await s.workflows.putSystemAction({
      id: 'm5',
      systemAction: 'EDIT',
      actionId: 'a2',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.deleteScheme('sch');
    t.equal(await s.workflows.findSystemAction('m5'), undefined, 'gone with the scheme');
  });

  t.test('concurrent transactions: the one that fails rolls back alone', async (t) => {
    const s = await open();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        s.transaction(async (tx) => {
          await tx.roles.insert(role(`c${i}`));
          if (i === 5) throw new Error('five fails');
          return i;
        }),
      ),
    );
    t.same(
      results.map((r) => r.status),
      results.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
    );
    for (let i = 0; i < 12; i++) t.equal(Boolean(await s.roles.findById(`c${i}`)), i !== 5, `c${i}`);
  });
}

export function definitionType(id: string): ContentType {
  return {
    id,
    clazz: 'com.cms.contenttype.model.type.ImmutableSimpleContentType',
    baseType: 'CONTENT',
    name: `Type ${id}`,
    description: '',
    variable: `Type${id}`,
    host: 'SYSTEM_HOST',
    folder: 'SYSTEM_FOLDER',
    owner: 'o',
    defaultType: false,
    fixed: false,
    system: false,
    versionable: true,
    multilingualable: false,
    icon: 'event_note',
    sortOrder: 0,
    workflows: [],
    modDate: 1,
    iDate: 1,
  };
}

function definitionField(id: string, contentTypeId: string): Field {
  return {
    id,
    contentTypeId,
    clazz: 'com.cms.contenttype.model.field.ImmutableTextField',
    name: id,
    variable: id,
    dataType: 'TEXT',
    sortOrder: 1,
    regexCheck: null,
    defaultValue: null,
    hint: null,
    values: null,
    required: false,
    searchable: false,
    indexed: false,
    listed: false,
    unique: false,
    readOnly: false,
    fixed: false,
    relationType: null,
    fieldVariables: [],
    modDate: 1,
    iDate: 1,
  };
}

/** English as language 1 and a content type `ct`: what a content row needs before it can be stored. */
export async function englishAndType(s: DriverStorage): Promise<number> {
  const languageId = await s.languages.insert({
    languageCode: 'en',
    countryCode: 'US',
    language: 'English',
    country: 'United States',
  });
  await s.contentTypes.insert(definitionType('ct'));
  return languageId;
}

/** An item of the type `ct` at the root of the system host. */
export function identifierOfCt(identifier: string) {
  return {
    identifier,
    contentTypeId: 'ct',
    host: 'SYSTEM_HOST',
    folder: 'SYSTEM_FOLDER',
    parentPath: '/',
    assetName: null,
    owner: 'o',
    createdAt: 1,
  };
}

/** A version of the item `id1`, titled by its inode. */
export function versionOfId1(inode: string, languageId: number, values: Record<string, unknown>) {
  return { inode, identifier: 'id1', languageId, title: inode, modUser: 'u', modDate: 1, sortOrder: 0, values };
}
