import { testOnSqlite, textContentType, userWithNewRole, type TestApp } from '../helpers/test-app.js';

// PATCH .../default/fire/{systemAction} with a Lucene `query` merges the sent fields into
// every item it matches; and the item's inode may come inside contentletFormData, as the original's
// clients send it.

async function story(s: TestApp, title: string, body: string) {
  const created = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=WAIT_FOR', {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Story', title, body } },
  });
  if (created.status !== 200) throw new Error(created.text);
  return created.json.entity as { identifier: string; inode: string };
}

const patch = (s: TestApp, body: unknown, query = '', headers = s.basicAuth()) =>
  s.http('PATCH', `/api/v1/workflow/actions/default/fire/PUBLISH${query}`, { headers, body });

const readWorking = async (s: TestApp, identifier: string) =>
  (await s.http('GET', `/api/v1/content/${identifier}`, { headers: s.basicAuth() })).json.entity.map as {
    live: boolean;
    title: string;
    body: string;
  };

testOnSqlite('PATCH by query: every match gets the sent fields merged and the action fired', async (t, s) => {
  await textContentType(s, 'Story', ['title', 'body']);
  const alpha = await story(s, 'alpha one', 'first');
  const beta = await story(s, 'alpha two', 'second');
  const other = await story(s, 'gamma', 'third');

  const fired = await patch(
    s,
    { query: '+contentType:Story +title:alpha*', contentletFormData: { body: 'merged' } },
    '?indexPolicy=WAIT_FOR',
  );
  t.equal(fired.status, 200, fired.text);
  t.same(fired.json.entity.summary.affected, 2);
  t.same(fired.json.entity.summary.successCount, 2);
  const keys = fired.json.entity.results.map((r: Record<string, unknown>) => Object.keys(r)[0]).sort();
  t.same(keys, [alpha.identifier, beta.identifier].sort(), 'one entry per match, by identifier');
  for (const [item, title] of [
    [alpha, 'alpha one'],
    [beta, 'alpha two'],
  ] as const) {
    const now = await readWorking(s, item.identifier);
    t.match(now, { live: true, title, body: 'merged' }, `${title}: published, the sent field merged, the rest kept`);
  }
  t.match(
    await readWorking(s, other.identifier),
    { live: false, body: 'third' },
    'what the query does not match is untouched',
  );

  const skipped = await patch(s, { query: '+contentType:Story +title:alpha*' }, '?offset=1');
  t.equal(skipped.json.entity.summary.affected, 1, 'offset skips matches');

  const none = await patch(s, { query: '+contentType:Story +title:nothing' });
  t.same(none.json.entity.summary, { time: none.json.entity.summary.time, affected: 0, successCount: 0, failCount: 0 });

  const broken = await patch(s, { query: '+title:(unclosed' });
  t.equal(broken.status, 400, 'a query that does not parse');
  t.equal((await patch(s, { query: '+contentType:Story' }, '?offset=-1')).status, 400, 'a negative offset');

  // A signed-in user who may read published content (as anyone may) but edit nothing: each match
  // is that item's failure, never the whole answer's, and nothing changes.
  const { auth: reader } = await userWithNewRole(s, { roleName: 'Nobody' });
  const refused = await patch(s, { query: '+contentType:Story', contentletFormData: { body: 'theirs' } }, '', reader);
  t.equal(refused.status, 200, refused.text);
  t.equal(refused.json.entity.summary.successCount, 0, 'no fire succeeds for a user without permission');
  t.equal(refused.json.entity.summary.failCount, refused.json.entity.summary.affected);
  t.match(await readWorking(s, alpha.identifier), { body: 'merged' }, 'and nothing changed');
});

testOnSqlite('the inode of the item may be sent inside contentletFormData', async (t, s) => {
  await textContentType(s, 'Story', ['title', 'body']);
  const item = await story(s, 'one', 'text');
  const published = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: s.basicAuth(),
    body: { contentletFormData: { inode: item.inode } },
  });
  t.equal(published.status, 200, published.text);
  t.match(published.json.entity, { identifier: item.identifier, live: true, title: 'one' });
  const unknown = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: s.basicAuth(),
    body: { contentletFormData: { inode: 'no-such-inode' } },
  });
  t.equal(unknown.status, 404, 'an unknown inode is not found');
  const patched = await patch(s, { contentletFormData: { inode: item.inode, body: 'changed' } });
  t.equal(patched.status, 200, patched.text);
  t.match(await readWorking(s, item.identifier), { title: 'one', body: 'changed' }, 'PATCH by inode in the form');
});
