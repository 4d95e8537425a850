import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

// GET /api/v1/site takes the original's filters (filter, archive, live, system, page, per_page).

/** The names the listing answers for a query string, in the order given. */
async function listed(s: TestApp, query: string): Promise<string[]> {
  const answer = await s.http('GET', `/api/v1/site${query}`, { headers: s.basicAuth() });
  if (answer.status !== 200) throw new Error(answer.text);
  return answer.json.entity.map((site: { siteName: string }) => site.siteName);
}

async function threeSites(s: TestApp): Promise<void> {
  const admin = s.basicAuth();
  const ids: Record<string, string> = {};
  for (const siteName of ['alpha.filter.test', 'beta.filter.test', 'gamma.filter.test']) {
    ids[siteName] = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName } })).json.entity
      .identifier as string;
  }
  const archived = await s.http('PUT', `/api/v1/site/${ids['beta.filter.test']}/_archive`, { headers: admin });
  if (archived.status !== 200) throw new Error(archived.text);
  // No endpoint stops a site without archiving it: stop one through the storage.
  const storage = s.app.services.storage;
  const gamma = (await storage.sites.findById(ids['gamma.filter.test']!))!;
  await storage.sites.update({ ...gamma, live: false });
}

testOnSqlite('the site list leaves the system site out unless system=true', async (t, s) => {
  t.same(await listed(s, ''), ['default']);
  t.same(await listed(s, '?system=false'), ['default']);
  t.same(await listed(s, '?system=true'), ['default', 'System Host']);
});

testOnSqlite('filter matches part of the name, ignoring case; * and all match every site', async (t, s) => {
  await threeSites(s);
  t.same(await listed(s, '?filter=ALPHA'), ['alpha.filter.test']);
  t.same(await listed(s, '?filter=filter.test'), ['alpha.filter.test', 'beta.filter.test', 'gamma.filter.test']);
  t.same(await listed(s, '?filter=gam*'), ['gamma.filter.test'], 'a trailing star is a wildcard');
  t.same(await listed(s, '?filter=*eta'), ['beta.filter.test'], 'a leading star too');
  t.same(await listed(s, '?filter=all'), ['alpha.filter.test', 'beta.filter.test', 'default', 'gamma.filter.test']);
  t.same(await listed(s, '?filter=*'), await listed(s, ''));
  t.same(await listed(s, '?filter=50%25'), [], 'a % in the filter is taken literally');
});

testOnSqlite('archive and live narrow the list, alone and together', async (t, s) => {
  await threeSites(s);
  t.same(await listed(s, '?archive=true'), ['beta.filter.test']);
  t.same(await listed(s, '?archived=true'), ['beta.filter.test'], 'archived is read as archive');
  t.same(await listed(s, '?archive=false'), ['alpha.filter.test', 'default', 'gamma.filter.test']);
  t.same(await listed(s, '?live=false'), ['beta.filter.test', 'gamma.filter.test'], 'archived sites are stopped');
  t.same(await listed(s, '?live=true'), ['alpha.filter.test', 'default']);
  t.same(await listed(s, '?archive=false&live=false'), ['gamma.filter.test']);
  t.same(await listed(s, '?archive=false&live=false&system=true&filter=a'), ['gamma.filter.test']);
});

testOnSqlite('page and per_page page through the filtered list and count it', async (t, s) => {
  await threeSites(s);
  const admin = s.basicAuth();
  const page = await s.http('GET', '/api/v1/site?filter=filter.test&per_page=2&page=2', { headers: admin });
  t.same(
    page.json.entity.map((site: { siteName: string }) => site.siteName),
    ['gamma.filter.test'],
  );
  t.same(page.json.pagination, { currentPage: 2, perPage: 2, totalEntries: 3 });
  const bad = await s.http('GET', '/api/v1/site?live=maybe', { headers: admin });
  t.equal(bad.status, 400, 'a flag that is not a boolean is refused');
});
