import t from 'tap';
import { startTestApp, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';
import { eventually, fireSystem } from './search-helpers.js';

const PASSWORD = 'a-long-test-password-1';

async function blogs(s: TestApp) {
  await textContentType(s, 'Blog', ['title', 'body']);
  const one = await fireSystem(s, 'NEW', { contentType: 'Blog', title: 'Hello World', body: 'spring sale' });
  const two = await fireSystem(s, 'NEW', { contentType: 'Blog', title: 'Hello Again', body: 'autumn sale' });
  const draft = await fireSystem(s, 'NEW', { contentType: 'Blog', title: 'Draft only', body: 'unseen' });
  await fireSystem(s, 'PUBLISH', { identifier: one.identifier });
  await fireSystem(s, 'PUBLISH', { identifier: two.identifier });
  return { one: one.identifier as string, two: two.identifier as string, draft: draft.identifier as string };
}

const es = (s: TestApp, path: string, body: unknown, headers = s.basicAuth()) =>
  s.http('POST', path, { headers, body });

testOnSqlite('POST /api/es/search answers contentlets and the engine response', async (t, s) => {
  const { one, two, draft } = await blogs(s);
  const found = await es(s, '/api/es/search', {
    query: { bool: { must: [{ term: { contenttype: 'blog' } }] } },
    sort: [{ 'blog.title_dotraw': 'asc' }],
  });
  t.equal(found.status, 200, found.status === 200 ? 'status' : found.text);
  t.match(found.headers.get('content-type'), /^application\/json/);
  t.strictSame(
    found.json.contentlets.map((c: { identifier: string }) => c.identifier),
    [two, one],
    'live versions by default, sorted',
  );
  t.equal(found.json.contentlets[0].title, 'Hello Again', 'each contentlet is its flat map');
  t.equal(found.json.esresponse.length, 1, 'esresponse is a one-element array');
  t.equal(found.json.esresponse[0].hits.total.value, 2);
  const working = await es(s, '/api/es/search?live=false', { query: { term: { contenttype: 'blog' } } });
  t.equal(working.json.contentlets.length, 3, 'live=false: working versions for a back-end user');
  t.ok(working.json.contentlets.some((c: { identifier: string }) => c.identifier === draft));

  const raw = await es(s, '/api/es/raw', {
    query: { query_string: { query: '+contentType:Blog +Blog.title:hel*' } },
    aggs: { types: { terms: { field: 'contenttype' } } },
    size: 0,
  });
  t.equal(raw.status, 200, raw.status === 200 ? 'status' : raw.text);
  t.equal(raw.json.hits.total.value, 2, 'query_string with a trailing wildcard');
  t.strictSame(raw.json.aggregations.types.buckets, [{ key: 'blog', doc_count: 2 }]);
  t.notOk('entity' in raw.json, 'the raw response, no envelope');

  const pretty = await s.http('POST', '/api/es/raw?pretty', {
    headers: s.basicAuth(),
    body: { query: { match_all: {} }, size: 1 },
  });
  t.match(pretty.text, /^\{\n {2}"/, 'pretty: formatted for reading');
});

t.test('bad requests are 400s that say what is wrong', async (t) => {
  const s = (await startTestApp(t))!;
  await blogs(s);
  const depth = await es(s, '/api/es/search?depth=7', { query: { match_all: {} } });
  t.equal(depth.status, 400);
  t.equal(depth.json.errors[0].message, 'Invalid value for Depth. Depth must be a number');
  const word = await es(s, '/api/es/search?depth=two', { query: { match_all: {} } });
  t.equal(word.status, 400);
  const lucene = await es(s, '/api/es/raw', { query: { query_string: { query: 'title:(hello' } } });
  t.equal(lucene.status, 400, lucene.status === 400 ? 'status' : lucene.text);
  t.match(lucene.json.errors[0].message, /Invalid Lucene query/);
  const unknown = await es(s, '/api/es/raw', { query: { fuzzy: { title: 'helo' } } });
  t.equal(unknown.status, 400);
  t.match(unknown.text, /fuzzy/, 'names the unsupported member');
  const search = await es(s, '/api/content/_search', { query: '+title:', limit: 5 });
  t.equal(search.status, 400);
  const sort = await es(s, '/api/content/_search', { query: '+contentType:Blog', sort: 'title sideways' });
  t.equal(sort.status, 400);
});

t.test('searches keep to what the caller may read, inside the engine', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } }))!;
  const { one } = await blogs(s);
  const admin = s.basicAuth();
  const editors = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } })
  ).json.entity.id as string;
  for (const [email, roles] of [
    ['nobody@x.com', []],
    ['editor@x.com', [editors]],
  ] as const)
    await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName: 'U', lastName: 'U', password: PASSWORD, roles },
    });
  // Item one gets grants of its own: only Editors read it.
  const granted = await s.http('PUT', `/api/v1/permissions/${one}`, {
    headers: admin,
    body: { permissions: [{ roleId: editors, permissions: ['READ'] }] },
  });
  t.equal(granted.status, 200, granted.status === 200 ? 'status' : granted.text);
  const request = { query: { term: { contenttype: 'blog' } }, aggs: { t: { terms: { field: 'contenttype' } } } };
  const total = async (headers: Record<string, string>) => {
    const answer = await es(s, '/api/es/raw', request, headers);
    t.equal(answer.status, 200, answer.status === 200 ? 'status' : answer.text);
    return [answer.json.hits.total.value, answer.json.aggregations.t.buckets[0]?.doc_count ?? 0];
  };
  // The grant change reaches the documents just after its answer (the default policy, DEFER).
  const nobody = s.basicAuth('nobody@x.com', PASSWORD);
  await eventually(async () => (await es(s, '/api/es/raw', request, nobody)).json.hits.total.value === 1);
  t.strictSame(await total(nobody), [1, 1], 'a user without the grant: totals and aggregations without it');
  t.strictSame(await total(s.basicAuth('editor@x.com', PASSWORD)), [2, 2], 'an editor reads both');
  t.strictSame(await total({}), [1, 1], 'anonymous callers: the anonymous role, live only');
  t.strictSame(await total(admin), [2, 2], 'administrators are not filtered');
  const anonymousWorking = await es(s, '/api/es/raw?live=false', request, {});
  t.equal(anonymousWorking.json.hits.total.value, 1, 'live=false is ignored for anonymous callers');
});

t.test('anonymous searches are refused unless anonymous content access is on', async (t) => {
  const s = (await startTestApp(t))!;
  const answer = await es(s, '/api/es/search', { query: { match_all: {} } }, {});
  t.equal(answer.status, 401);
});

testOnSqlite('POST /api/content/_search answers what @dotcms/client reads', async (t, s) => {
  const { one, two } = await blogs(s);
  const search = (body: Record<string, unknown>) => es(s, '/api/content/_search', body);
  const all = await search({
    query: '+contentType:Blog +languageId:1 +live:true',
    sort: 'modDate desc,title asc',
    limit: 10,
    offset: 0,
    depth: 0,
  });
  t.equal(all.status, 200, all.status === 200 ? 'status' : all.text);
  t.match(all.headers.get('content-type'), /^application\/json/);
  t.equal(all.json.entity.resultsSize, 2);
  t.strictSame(
    all.json.entity.jsonObjectView.contentlets.map((c: { identifier: string }) => c.identifier),
    [two, one],
    'sorted by modDate desc, then title (modDate counts whole seconds)',
  );
  const phrase = await search({ query: "+contentType:Blog +title:'Hello World' +live:true" });
  t.strictSame(
    phrase.json.entity.jsonObjectView.contentlets.map((c: { identifier: string }) => c.identifier),
    [one],
    'a single-quoted phrase',
  );
  const paged = await search({ query: '+contentType:Blog +live:true', sort: 'title asc', limit: 1, offset: 1 });
  t.equal(paged.json.entity.resultsSize, 2, 'resultsSize counts every match');
  t.strictSame(
    paged.json.entity.jsonObjectView.contentlets.map((c: { title: string }) => c.title),
    ['Hello World'],
    'limit and offset',
  );
  const prefix = await search({ query: '+Blog.title:hello* -Blog.body:autumn +live:true' });
  t.equal(prefix.json.entity.resultsSize, 1, 'field prefix and NOT');
  const working = await search({ query: '+contentType:Blog +working:true' });
  t.equal(working.json.entity.resultsSize, 3, 'the query picks the working slot itself');
});

t.test('CORS preflight lets browser clients send Authorization and Content-Type', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_HTTP_CORS_ORIGINS: 'https://app.example.com' } }))!;
  const preflight = await s.http('OPTIONS', '/api/content/_search', {
    headers: {
      origin: 'https://app.example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  t.ok(preflight.status === 204 || preflight.status === 200, `preflight answered ${preflight.status}`);
  const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  t.match(allowed, /authorization/);
  t.match(allowed, /content-type/);
});
