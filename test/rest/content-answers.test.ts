import t from 'tap';
import { fireForm } from '../helpers/nav-tree.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { startTestApp, textContentType, userWithNewRole, type TestApp } from '../helpers/test-app.js';

// `GET /api/v1/content/{id}` answers from each process's kept answers: every write to the item,
// to its type or to who may read it is in the very next answer, and who may have a kept answer is
// decided for every request.

/** A system action fired on a Note. */
const fire = (s: TestApp, verb: string, form: Record<string, unknown>) =>
  fireForm(s, verb, { contentType: 'Note', ...form });

/** The members of an answer a write may change, or its status when it is not 200. */
async function read(s: TestApp, path: string, headers: Record<string, string> = s.basicAuth()) {
  const answer = await s.http('GET', `/api/v1/content/${path}`, { headers });
  if (answer.status !== 200) return answer.status;
  const { title, inode, live, working, archived, locked, languageId, contentType } = answer.json.entity;
  return { title, inode, live, working, archived, locked, languageId, fields: contentType.fields.length };
}

t.test('a kept answer follows every write to its item and its type', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title', 'body']);
  const { identifier: id, inode: first } = await fire(s, 'PUBLISH', { title: 'One' });
  const one = { title: 'One', inode: first, live: true, working: true, archived: false, locked: false };
  t.match(await read(s, id), one);
  const again = await s.http('GET', `/api/v1/content/${id}`, { headers: s.basicAuth() });
  t.match(await read(s, id), one, 'answered again from what was kept');
  t.ok(s.app.services.contentAnswers.size.entries > 0, 'the answer is kept');
  t.equal(again.headers.get('content-type'), 'application/json; charset=utf-8');

  const { inode: second } = await fire(s, 'EDIT', { identifier: id, title: 'Two' });
  t.match(await read(s, id), { title: 'Two', inode: second, live: false, working: true }, 'a new working version');
  t.match(await read(s, `${id}?live=true`), { title: 'One', inode: first, live: true, working: false });
  t.match(await read(s, first), { title: 'One', live: true, working: false }, 'by inode');

  await fire(s, 'PUBLISH', { identifier: id });
  t.match(await read(s, id), { title: 'Two', live: true, working: true }, 'published');
  t.match(await read(s, first), { title: 'One', live: false, working: false }, 'the old inode is neither now');

  t.equal((await s.http('PUT', `/api/v1/content/_lock/${id}`, { headers: s.basicAuth() })).status, 200);
  t.match(await read(s, id), { locked: true }, 'a lock writes no version, and shows');
  t.equal((await s.http('PUT', `/api/v1/content/_unlock/${id}`, { headers: s.basicAuth() })).status, 200);
  t.match(await read(s, id), { locked: false });

  await s.http('POST', '/api/v2/languages', {
    headers: s.basicAuth(),
    body: { languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' },
  });
  t.equal(await read(s, `${id}?language=2`), 404, 'no Spanish version yet');
  await fire(s, 'EDIT', { identifier: id, languageId: 2, title: 'Dos' });
  t.match(await read(s, `${id}?language=2`), { title: 'Dos', languageId: 2 });

  const fields = ((await read(s, id)) as { fields: number }).fields;
  const added = await s.http('POST', '/api/v2/contenttype/Note/fields', {
    headers: s.basicAuth(),
    body: [{ clazz: 'TextField', name: 'summary', variable: 'summary' }],
  });
  t.equal(added.status, 200, added.text);
  t.match(await read(s, id), { fields: fields + 1 }, 'a field added to the type is in the next answer');

  await fire(s, 'UNPUBLISH', { identifier: id });
  t.match(await read(s, id), { live: false, working: true });
  t.equal(await read(s, `${id}?live=true`), 404, 'no live version');
  await fire(s, 'ARCHIVE', { identifier: id });
  t.match(await read(s, id), { archived: true });
  await fire(s, 'DESTROY', { identifier: id });
  t.equal(await read(s, id), 404, 'destroyed');
  t.equal(await read(s, second), 404, 'its versions too');
});

t.test('who may have a kept answer is decided for every request', async (t) => {
  const s = (await startTestApp(t, { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } }))!;
  await textContentType(s, 'Note', ['title']);
  const { identifier: id, inode: published } = await fire(s, 'PUBLISH', { title: 'Public' });
  const { inode: draft } = await fire(s, 'EDIT', { identifier: id, title: 'Draft' });
  const { auth: reader, roleId } = await userWithNewRole(s);

  // Kept by the administrator's reads first, then asked for by callers who may not have them.
  t.match(await read(s, id), { title: 'Draft' });
  t.match(await read(s, draft), { title: 'Draft' });
  // An inode names its version whatever `live` says: kept under the key an anonymous read of it has.
  t.match(await read(s, `${draft}?live=true`), { title: 'Draft' });
  t.match(await read(s, `${id}?live=true`), { title: 'Public' });
  t.equal(await read(s, id, reader), 403, 'the reader knows the live version (CMS Anonymous reads it), not the draft');
  t.equal(await read(s, draft, reader), 403, 'nor the draft by inode');
  t.match(await read(s, `${id}?live=true`, reader), { title: 'Public' }, 'the live version, as anyone');
  t.match(await read(s, id, {}), { title: 'Public' }, 'anonymous callers get the live version');
  t.equal(await read(s, draft, {}), 404, 'and never a working one, even kept');
  t.match(await read(s, published, {}), { title: 'Public' });

  const grant = (permissions: Array<{ roleId: string; permissions: string[] }>) =>
    s.http('PUT', `/api/v1/permissions/${id}`, { headers: s.basicAuth(), body: { permissions } });
  t.equal((await grant([{ roleId, permissions: ['READ'] }])).status, 200);
  t.match(await read(s, id, reader), { title: 'Draft' }, 'a grant is in force at once');
  t.match(await read(s, draft, reader), { title: 'Draft' });
  t.equal(await read(s, id, {}), 404, 'CMS Anonymous has no grant of its own on the item now');

  t.equal((await grant([{ roleId: SEED_IDS.anonymousRole, permissions: ['READ'] }])).status, 200);
  t.equal(await read(s, id, reader), 403, 'the grant taken away: the live version only, through CMS Anonymous');
  t.match(await read(s, id, {}), { title: 'Public' });
  t.equal((await s.http('PUT', `/api/v1/permissions/${id}/_reset`, { headers: s.basicAuth() })).status, 200);
  t.equal(await read(s, id, reader), 403);
  t.match(await read(s, id, {}), { title: 'Public' }, 'inherited again');
});

t.test('the bounds of the kept answers', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_CONTENT_ANSWERS_CACHE_ENTRIES: '2' } }))!;
  await textContentType(s, 'Note', ['title']);
  const ids = [];
  for (const title of ['A', 'B', 'C']) ids.push((await fire(s, 'PUBLISH', { title })).identifier);
  for (const id of ids) await read(s, id);
  t.equal(s.app.services.contentAnswers.size.entries, 2, 'the least recently used goes');
  for (const [i, id] of ids.entries()) t.match(await read(s, id), { title: 'ABC'[i] }, 'each is answered all the same');

  const none = (await startTestApp(t, { env: { CMS_CONTENT_ANSWERS_CACHE_ENTRIES: '0' } }))!;
  await textContentType(none, 'Note', ['title']);
  const { identifier } = await fire(none, 'PUBLISH', { title: 'Kept nowhere' });
  t.match(await read(none, identifier), { title: 'Kept nowhere' });
  await fire(none, 'EDIT', { identifier, title: 'Changed' });
  t.match(await read(none, identifier), { title: 'Changed' });
  t.equal(none.app.services.contentAnswers.size.entries, 0, '0 keeps none');

  const small = (await startTestApp(t, { env: { CMS_CONTENT_ANSWERS_CACHE_BYTES: '1024' } }))!;
  await textContentType(small, 'Note', ['title']);
  const item = await fire(small, 'PUBLISH', { title: 'Too large to keep' });
  t.match(await read(small, item.identifier), { title: 'Too large to keep' });
  t.equal(small.app.services.contentAnswers.size.entries, 0, 'an answer larger than the byte bound is not kept');
});

t.test('gzip for the clients that take it, made once and kept', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  await textContentType(s, 'Note', ['title']);
  const { identifier: id } = await fire(s, 'PUBLISH', { title: 'Squeezed' });
  const plain = await s.http('GET', `/api/v1/content/${id}`, { headers: { ...s.basicAuth(), 'accept-encoding': '' } });
  t.equal(plain.headers.get('content-encoding'), null);
  t.equal(plain.headers.get('vary'), 'Accept-Encoding');
  const before = s.app.services.contentAnswers.size.bytes;
  // fetch asks for gzip and decodes it.
  const gzipped = await s.http('GET', `/api/v1/content/${id}`, { headers: s.basicAuth() });
  t.equal(gzipped.headers.get('content-encoding'), 'gzip');
  t.equal(gzipped.text, plain.text, 'the same answer');
  t.ok(s.app.services.contentAnswers.size.bytes > before, 'the encoding is kept, and counted');
});

t.test('reads of several items arriving together: one batch of states, each answer its own', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title']);
  const ids: string[] = [];
  for (const title of ['A', 'B', 'C']) ids.push((await fire(s, 'PUBLISH', { title })).identifier);
  const together = () => Promise.all([...ids, ...ids].map((id) => read(s, id)));
  t.match(
    await together(),
    ['A', 'B', 'C', 'A', 'B', 'C'].map((title) => ({ title })),
  );
  t.match(
    await together(),
    ['A', 'B', 'C', 'A', 'B', 'C'].map((title) => ({ title })),
    'kept',
  );
  await fire(s, 'EDIT', { identifier: ids[1], title: 'B2' });
  t.match(
    await together(),
    ['A', 'B2', 'C', 'A', 'B2', 'C'].map((title) => ({ title })),
    'the one changed',
  );
  t.equal(await read(s, 'not-an-id'), 404);
  const [missing, found] = await Promise.all([read(s, 'not-an-id'), read(s, ids[0]!)]);
  t.equal(missing, 404);
  t.match(found, { title: 'A' }, 'an id naming nothing beside one that does');
});
