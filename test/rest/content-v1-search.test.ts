import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { eventually, fireSystem } from '../search/search-helpers.js';
import { testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

/** Blog items in several states: published, working only, archived, locked. */
async function blogs(s: TestApp) {
  await textContentType(s, 'Blog', ['title', 'body']);
  const fire = async (verb: string, form: Record<string, unknown>) =>
    (await fireSystem(s, verb, form)).identifier as string;
  const live = await fire('NEW', { contentType: 'Blog', title: 'Hello World', body: 'spring sale' });
  await fire('PUBLISH', { identifier: live });
  const draft = await fire('NEW', { contentType: 'Blog', title: 'Hello Again', body: 'autumn sale' });
  const archived = await fire('NEW', { contentType: 'Blog', title: 'Old News', body: 'winter' });
  await fire('ARCHIVE', { identifier: archived });
  const locked = await fire('NEW', { contentType: 'Blog', title: 'Held Back', body: 'summer' });
  const lock = await s.http('PUT', `/api/v1/content/_lock/${locked}`, { headers: s.basicAuth() });
  if (lock.status !== 200) throw new Error(lock.text);
  return { live, draft, archived, locked };
}

const search = (s: TestApp, body: unknown, headers = s.basicAuth()) =>
  s.http('POST', '/api/v1/content/search', { headers, body });

const titles = (answer: { json: { entity: { jsonObjectView: { contentlets: Array<{ title: string }> } } } }) =>
  answer.json.entity.jsonObjectView.contentlets.map((c) => c.title).sort();

testOnSqlite('POST /api/v1/content/search: the search form of the original', async (t, s) => {
  await blogs(s);
  // The lock's index change is deferred: wait until the search sees it.
  const byType = { searchableFieldsByContentType: { Blog: {} } };
  await eventually(async () => (await search(s, { ...byType, lockedContent: true })).json.entity.resultsSize === 1);
  const all = await search(s, byType);
  t.equal(all.status, 200, all.text);
  t.strictSame(titles(all), ['Held Back', 'Hello Again', 'Hello World'], 'working versions, archived ones left out');
  t.equal(all.json.entity.resultsSize, 3);
  t.match(all.json.entity, { queryTook: Number, contentTook: Number }, 'the answer of the content search');

  t.strictSame(
    titles(await search(s, { ...byType, globalSearch: 'again' })),
    ['Hello Again'],
    'globalSearch: the title',
  );
  t.strictSame(
    titles(await search(s, { searchableFieldsByContentType: { Blog: { body: 'sale spring' } } })),
    ['Hello World'],
    'a field: every token in it',
  );
  t.strictSame(titles(await search(s, { ...byType, archivedContent: true })), ['Old News'], 'archivedContent');
  t.strictSame(
    titles(await search(s, { ...byType, unpublishedContent: 'true' })),
    ['Held Back', 'Hello Again'],
    'unpublishedContent: items without a live version',
  );
  t.strictSame(titles(await search(s, { ...byType, lockedContent: true })), ['Held Back'], 'lockedContent');
  t.strictSame(
    titles(await search(s, { ...byType, systemSearchableFields: { languageId: 2 } })),
    [],
    'languageId: none in another language',
  );
  const page = await search(s, { ...byType, orderBy: 'title asc', perPage: 1, page: 2 });
  t.strictSame(titles(page), ['Hello Again'], 'perPage and page (from 1), in orderBy');
  t.equal(page.json.entity.resultsSize, 3, 'resultsSize counts every page');
  t.equal((await search(s, { ...byType, orderBy: 'title sideways' })).status, 400);
  t.equal((await search(s, { ...byType, orderBy: 'score,modDate desc' })).status, 200, 'relevance, then the newest');
  t.equal((await search(s, { ...byType, orderBy: '__wfstep__ desc' })).status, 200, 'the workflow step');
  t.equal((await search(s, { ...byType, perPage: 'ten' })).status, 400);
  t.strictSame(
    titles(await search(s, { searchableFieldsByContentType: { NoSuchType: {} } })).length,
    3,
    'unknown types are skipped: no type filter then',
  );
});

testOnSqlite('the v1 search is for back-end users, and keeps to what they may read', async (t, s) => {
  const { live } = await blogs(s);
  const admin = s.basicAuth();
  const user = async (email: string, roles: string[]) => {
    const made = await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName: 'U', lastName: 'U', password: 'a-long-user-password-1', roles },
    });
    if (made.status !== 200) throw new Error(made.text);
    return s.basicAuth(email, 'a-long-user-password-1');
  };
  const team = (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Team' } })).json.entity.id;
  await s.http('PUT', `/api/v1/permissions/${live}`, {
    headers: admin,
    body: { permissions: [{ roleId: team, permissions: ['READ'] }] },
  });
  const front = await user('front@x.com', [team]);
  const back = await user('back@x.com', [team, SEED_IDS.backendUserRole]);
  const body = { searchableFieldsByContentType: { Blog: {} } };
  t.equal((await search(s, body, front)).status, 403, 'a front-end user is refused');
  t.equal((await search(s, body, {})).status, 401, 'anonymous callers are refused');
  // The grant reaches the documents just after its answer.
  await eventually(async () => (await search(s, body, back)).json.entity.resultsSize === 1);
  const seen = await search(s, body, back);
  t.strictSame(titles(seen), ['Hello World'], 'only the item the role may read');
  t.equal(seen.json.entity.resultsSize, 1, 'and the total counts only those');
});

/** Authors, and a Book related to two of them. */
async function library(s: TestApp) {
  await textContentType(s, 'Author', ['name']);
  await textContentType(s, 'Book', ['title']);
  await s.http('POST', '/api/v2/contenttype/Book/fields', {
    headers: s.basicAuth(),
    body: [{ clazz: 'RelationshipField', name: 'authors', variable: 'authors', relationType: 'Author', values: '1' }],
  });
  const ids: string[] = [];
  for (const name of ['Mary Shelley', 'Jane Austen', 'John Keats']) {
    const author = await fireSystem(s, 'NEW', { contentType: 'Author', name });
    await fireSystem(s, 'PUBLISH', { identifier: author.identifier });
    ids.push(author.identifier as string);
  }
  const [mary, jane, john] = ids as [string, string, string];
  const book = await fireSystem(s, 'NEW', { contentType: 'Book', title: 'Anthology', authors: `${john},${jane}` });
  await fireSystem(s, 'PUBLISH', { identifier: book.identifier });
  return { book: book.identifier as string, mary, jane, john };
}

testOnSqlite('POST /api/v1/content/related pulls the items of a relationship field', async (t, s) => {
  const { book, mary, jane, john } = await library(s);
  const pull = (body: Record<string, unknown>, headers = s.basicAuth()) =>
    s.http('POST', '/api/v1/content/related', {
      headers,
      body: { identifier: book, fieldVariable: 'authors', ...body },
    });
  const ids = (answer: { json: { entity: Array<{ identifier: string }> } }) =>
    answer.json.entity.map((c) => c.identifier);
  const all = await pull({});
  t.equal(all.status, 200, all.text);
  t.strictSame(ids(all), [john, jane], "the relationship's own order");
  t.equal(all.json.entity[0].name, 'John Keats', 'each item is its map');
  t.strictSame(ids(await pull({ condition: '+Author.name:jane*' })), [jane], 'condition');
  t.strictSame(ids(await pull({ orderBy: 'Author.name asc' })), [jane, john], 'orderBy');
  t.strictSame(ids(await pull({ limit: 1, offset: 1 })), [jane], 'limit and offset');
  const notRelationship = await pull({ fieldVariable: 'title' });
  t.equal(notRelationship.status, 400);
  t.equal(notRelationship.json.errors[0].message, 'The field:title is not a relationship');
  t.equal((await pull({ identifier: 'no-such-item' })).status, 404);
  t.equal((await pull({ condition: 'name:(x' })).status, 400);

  const byAuthor = async (authors: string) =>
    (
      await search(s, { searchableFieldsByContentType: { Book: { authors } } })
    ).json.entity.jsonObjectView.contentlets.map((c: { identifier: string }) => c.identifier);
  t.strictSame(await byAuthor(jane), [book], 'the form search: a relationship field holding an identifier');
  t.strictSame(await byAuthor(`${mary},${john}`), [book], 'any of several');
  t.strictSame(await byAuthor(mary), [], 'none');

  // The legacy read's `related` option, from either side of the relationship.
  const legacy = async (spec: string, more = '') =>
    (
      await s.http('GET', `/api/content/related/${encodeURIComponent(spec)}${more}`, { headers: s.basicAuth() })
    ).json.contentlets.map((c: { identifier: string }) => c.identifier);
  t.strictSame((await legacy(`Book.authors:${book}`)).sort(), [jane, john].sort(), 'the items the field holds');
  t.strictSame(await legacy(`Book.authors:${jane}`), [book], 'the items whose field holds it');
  t.strictSame(await legacy(`Book.authors:${mary}`), [], 'none');
  t.strictSame(
    await legacy(`Book.authors:${book}`, `/query/${encodeURIComponent('+Author.name:john*')}`),
    [john],
    'with a query',
  );
});

testOnSqlite('GET /api/content/... reads with options as path segments', async (t, s) => {
  const { live, draft } = await blogs(s);
  const admin = s.basicAuth();
  const q = (lucene: string) => encodeURIComponent(lucene);
  const read = (path: string, headers = admin) => s.http('GET', `/api/content/${path}`, { headers });
  const names = (answer: { json: { contentlets: Array<{ title: string }> } }) =>
    answer.json.contentlets.map((c) => c.title);

  const published = await read(`render/false/query/${q('+contentType:Blog +deleted:false')}/orderby/title`);
  t.equal(published.status, 200, published.text);
  t.notOk('entity' in published.json, 'outside the envelope');
  t.strictSame(names(published), ['Hello World'], 'live versions by default');
  const working = await read(`query/${q('+stName:Blog +deleted:false')}/live/false/orderby/title%20desc`);
  t.strictSame(names(working), ['Hello World', 'Hello Again', 'Held Back'], 'live/false and stName, in orderby');
  const paged = await read(
    `query/${q('+contentType:Blog +working:true +deleted:false')}/orderby/title/limit/1/offset/1`,
  );
  t.strictSame(names(paged), ['Hello Again'], 'a query naming working picks it; limit and offset');
  t.strictSame(names(await read(`render/false/id/${live}`)), ['Hello World'], 'id among the options');
  t.equal((await read(`render/false/id/${draft}`)).status, 404, 'id: live by default, and the draft has none');
  t.strictSame(names(await read(`id/${draft}/live/false`)), ['Hello Again']);
  t.strictSame(names(await read(`id/${draft}?live=false`)), ['Hello Again'], 'or in the query string');
  const xmlItem = await read(`id/${live}/type/xml/depth/1`);
  t.match(xmlItem.text, /<contentlets><content>.*<identifier>/, 'an item by id with more options');

  const xml = await read(`query/${q('+contentType:Blog')}/type/xml`);
  t.equal(xml.status, 200);
  t.match(xml.headers.get('content-type'), /^application\/xml/);
  t.match(xml.text, /^<\?xml version="1.0" encoding="UTF-8"\?><contentlets><content>.*<title>Hello World<\/title>/);

  const indexed = await read(`indexsearch/${q('+contentType:Blog +live:true')}/sortby/title/limit/10/offset/0`);
  t.strictSame(indexed.json, [{ inode: published.json.contentlets[0].inode, identifier: live }], 'indexsearch: ids');
  const counted = await read(`indexcount/${q('+contentType:Blog +working:true +deleted:false')}`);
  t.equal(counted.text, '3', 'indexcount: plain text');
  t.match(counted.headers.get('content-type'), /^text\/plain/);

  const depth = await read(`query/${q('+contentType:Blog')}/depth/7`);
  t.equal(depth.status, 400);
  t.equal(depth.json.errors[0].message, 'Invalid value for Depth. Depth must be a number');
  t.equal((await read(`query/${q('title:(x')}`)).status, 400, 'a query that does not parse');
  t.equal((await read(`query/${q('+contentType:Blog')}`, {})).status, 401, 'anonymous reads are off by default');
});
