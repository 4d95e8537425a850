import { eventually, indexedIds } from '../search/search-helpers.js';
import { testOnEachStorage, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

const PASS = 'first-pass-phrase-1';

async function createUser(s: TestApp, email: string, roles: string[] = []): Promise<string> {
  const answer = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: 'First', lastName: email.split('@')[0], password: PASS, roles },
  });
  if (answer.status !== 200) throw new Error(`user creation answered ${answer.status}: ${answer.text}`);
  return answer.json.entity.userId as string;
}

/** A Blog item saved by the given user (their credentials), indexed before the answer. */
async function newBlog(s: TestApp, email: string, title: string): Promise<string> {
  const answer = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=WAIT_FOR', {
    headers: s.basicAuth(email, PASS),
    body: { contentletFormData: { contentType: 'Blog', title, body: 'text' } },
  });
  if (answer.status !== 200) throw new Error(`NEW answered ${answer.status}: ${answer.text}`);
  return answer.json.entity.identifier as string;
}

testOnEachStorage("a deleted user's content handed to the replacement, and reindexed", async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Blog', ['title', 'body']);
  const ada = await createUser(s, 'ada@example.com', ['CMS Administrator']);
  const bob = await createUser(s, 'bob@example.com');
  const hers = await newBlog(s, 'ada@example.com', 'Written by Ada');
  const also = await newBlog(s, 'ada@example.com', 'Also Ada');
  // Working versions in the default language, as the index names its documents.
  const documents = [hers, also].map((id) => `${id}_1_working`).sort();
  t.same(await indexedIds(s, { term: { owner: ada } }), documents, 'indexed as hers');

  const gone = await s.http('DELETE', `/api/v1/users/${ada}?replacementUserId=${bob}`, { headers: admin });
  t.equal(gone.status, 200);
  t.same(gone.json.entity, { status: 'success', deletedUser: ada, reassignedTo: bob });

  const item = await s.http('GET', `/api/v1/content/${hers}`, { headers: admin });
  t.equal(item.json.entity.owner, bob, 'the replacement owns the item');
  t.equal(item.json.entity.modUser, bob, 'and is the author of its version');
  t.ok(
    await eventually(async () => (await indexedIds(s, { term: { moduser: bob } })).join() === documents.join()),
    'the index follows the handover',
  );
  t.same(await indexedIds(s, { term: { owner: ada } }), [], 'nothing indexed as the deleted user');
});

testOnSqlite('a refused deletion hands nothing over', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Blog', ['title', 'body']);
  const ada = await createUser(s, 'ada@example.com', ['CMS Administrator']);
  const hers = await newBlog(s, 'ada@example.com', 'Written by Ada');
  const refused = await s.http('DELETE', `/api/v1/users/${ada}?replacementUserId=nobody`, { headers: admin });
  t.equal(refused.status, 400);
  const item = await s.http('GET', `/api/v1/content/${hers}`, { headers: admin });
  t.equal(item.json.entity.owner, ada, 'the item stays hers');
});
