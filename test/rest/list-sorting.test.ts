import { testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { laterMillisecond } from '../helpers/wait-async.js';

const SIMPLE = 'com.cms.contenttype.model.type.ImmutableSimpleContentType';

/** The members `pick` reads from a list's entity, keeping only those `keep` accepts. */
async function listed(
  s: TestApp,
  path: string,
  pick: (item: any) => string,
  keep: (value: string) => boolean = () => true,
): Promise<string[]> {
  const r = await s.http('GET', path, { headers: s.basicAuth() });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return (r.json.entity as unknown[]).map(pick).filter(keep);
}

testOnSqlite('paged lists sort in storage by orderby and direction, page after page', async (t, s) => {
  const admin = s.basicAuth();
  for (const [name, variable] of [
    ['Sortx Charlie', 'sortxA'],
    ['sortx alpha', 'sortxC'],
    ['Sortx Bravo', 'sortxB'],
  ]) {
    await s.http('POST', '/api/v1/contenttype', { headers: admin, body: { clazz: SIMPLE, name, variable } });
  }
  const types = (query: string) =>
    listed(s, `/api/v1/contenttype?filter=sortx&${query}`, (x: { name: string }) => x.name.split(' ')[1]!);
  t.same(await types(''), ['alpha', 'Bravo', 'Charlie'], 'by name, ignoring case, by default');
  t.same(await types('orderby=name&direction=DESC'), ['Charlie', 'Bravo', 'alpha']);
  t.same(await types('orderby=upper(name)&direction=desc'), ['Charlie', 'Bravo', 'alpha'], "the original's default");
  t.same(await types('orderby=velocity_var_name'), ['Charlie', 'Bravo', 'alpha'], "the original's column name");
  t.same(await types('orderby=variable&direction=DESC'), ['alpha', 'Bravo', 'Charlie']);
  t.same(await types('orderBy=Variable'), ['Charlie', 'Bravo', 'alpha'], 'orderBy too, any case');
  t.same(await types('direction=DESC'), ['Charlie', 'Bravo', 'alpha'], 'a direction alone sorts by name');
  t.same(await types('orderby=variable&per_page=1&page=2'), ['Bravo'], 'a page of the sorted list');
  const page = await s.http('GET', '/api/v1/contenttype?filter=sortx&orderby=variable&per_page=2&page=2', {
    headers: admin,
  });
  t.match(page.json.pagination, { currentPage: 2, perPage: 2, totalEntries: 3 });

  for (const [email, firstName] of [
    ['b@sort.test', 'zoe'],
    ['c@sort.test', 'Adam'],
    ['a@sort.test', 'mia'],
  ]) {
    const created = await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName, lastName: 'Sorted', password: 'a long enough password' },
    });
    t.equal(created.status, 200);
  }
  const users = (query: string) =>
    listed(
      s,
      `/api/v1/users?${query}`,
      (u: { email: string }) => u.email,
      (e) => e.endsWith('@sort.test'),
    );
  t.same(await users(''), ['a@sort.test', 'b@sort.test', 'c@sort.test'], 'by e-mail by default');
  t.same(await users('orderby=firstName'), ['c@sort.test', 'a@sort.test', 'b@sort.test']);
  t.same(await users('orderby=emailAddress&direction=DESC'), ['c@sort.test', 'b@sort.test', 'a@sort.test']);

  for (const siteName of ['b.sort.test', 'A.sort.test', 'c.sort.test']) {
    t.equal((await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName } })).status, 200);
  }
  const sites = (query: string) =>
    listed(
      s,
      `/api/v1/site?${query}`,
      (x: { siteName?: string; hostname?: string }) => x.siteName ?? x.hostname ?? '',
      (n) => n.endsWith('.sort.test'),
    );
  t.same(await sites(''), ['A.sort.test', 'b.sort.test', 'c.sort.test']);
  t.same(await sites('orderby=hostname&direction=DESC'), ['c.sort.test', 'b.sort.test', 'A.sort.test']);
});

testOnSqlite('lists read whole sort by orderby and direction too', async (t, s) => {
  const admin = s.basicAuth();
  for (const roleName of ['Sortx b', 'sortx A', 'Sortx c']) {
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName } });
  }
  const roles = (query: string) =>
    listed(
      s,
      `/api/v1/roles?${query}`,
      (r: { name?: string; roleName?: string }) => r.name ?? r.roleName ?? '',
      (n) => n.toLowerCase().startsWith('sortx'),
    );
  t.same(await roles(''), ['sortx A', 'Sortx b', 'Sortx c']);
  t.same(await roles('orderby=role_name&direction=desc'), ['Sortx c', 'Sortx b', 'sortx A']);

  for (const [languageCode, language] of [
    ['fr', 'French'],
    ['de', 'German'],
  ]) {
    await s.http('POST', '/api/v2/languages', { headers: admin, body: { languageCode, language } });
  }
  const languages = (query: string) =>
    listed(s, `/api/v2/languages?${query}`, (l: { languageCode: string }) => l.languageCode);
  t.same(await languages(''), ['en', 'fr', 'de'], 'by id by default');
  t.same(await languages('orderby=languageCode'), ['de', 'en', 'fr']);
  t.same(await languages('direction=DESC'), ['de', 'fr', 'en']);

  for (const [categoryName, sortOrder] of [
    ['beta', 1],
    ['Alpha', 2],
    ['gamma', 0],
  ] as const) {
    await s.http('POST', '/api/v1/categories', { headers: admin, body: { categoryName, sortOrder } });
  }
  const categories = (query: string) =>
    listed(s, `/api/v1/categories?${query}`, (c: { categoryName: string }) => c.categoryName);
  t.same(await categories(''), ['gamma', 'beta', 'Alpha'], 'by sort order by default');
  t.same(await categories('orderby=category_name'), ['Alpha', 'beta', 'gamma'], "the original's column name");
  t.same(await categories('direction=DESC'), ['Alpha', 'beta', 'gamma'], 'a direction alone: by sort order');

  for (const schemeName of ['Sortx Zeta', 'sortx alpha']) {
    await s.http('POST', '/api/v1/workflow/schemes', { headers: admin, body: { schemeName } });
    // Creation times are milliseconds: the next scheme must be created in a later one for the order by creationDate.
    await laterMillisecond();
  }
  const schemes = (query: string) =>
    listed(
      s,
      `/api/v1/workflow/schemes?${query}`,
      (x: { name: string }) => x.name,
      (n) => n.toLowerCase().startsWith('sortx'),
    );
  t.same(await schemes(''), ['sortx alpha', 'Sortx Zeta']);
  t.same(await schemes('orderby=name&direction=DESC'), ['Sortx Zeta', 'sortx alpha']);
  t.same(await schemes('orderby=creationDate'), ['Sortx Zeta', 'sortx alpha']);
});

testOnSqlite('a sort a list cannot apply is a 400 naming the member', async (t, s) => {
  const lists = [
    '/api/v1/contenttype',
    '/api/v1/users',
    '/api/v1/roles',
    '/api/v1/site',
    '/api/v2/languages',
    '/api/v1/categories',
    '/api/v1/workflow/schemes',
  ];
  for (const path of lists) {
    for (const [query, fieldName, errorCode] of [
      ['orderby=colour', 'orderby', 'HTTP_SORT_COLUMN_INVALID'],
      ['orderBy=name;drop', 'orderBy', 'HTTP_SORT_COLUMN_INVALID'],
      ['direction=sideways', 'direction', 'HTTP_SORT_DIRECTION_INVALID'],
    ]) {
      const r = await s.http('GET', `${path}?${query}`, { headers: s.basicAuth() });
      t.equal(r.status, 400, `${path}?${query}`);
      t.match(r.json.errors[0], { errorCode, fieldName }, `${path}?${query}`);
    }
  }
  const r = await s.http('GET', '/api/v1/contenttype?orderby=colour', { headers: s.basicAuth() });
  t.equal(
    r.json.message,
    'orderby must be one of name, variable, modDate, iDate, sortOrder, description, baseType, id',
    'the message says what the list sorts by',
  );
});
