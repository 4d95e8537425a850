import { testOnSqlite, textContentType } from '../helpers/test-app.js';

// With anonymous reading off, an anonymous caller learns nothing about which ids
// or versions exist: the answer is 401 whether they exist or not.
testOnSqlite('anonymous reads are refused before the look-up', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Note');
  const created = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Note', title: 'Exists' } },
  });
  t.equal(created.status, 200);
  const { identifier, inode } = created.json.entity;
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const path of [
    `/api/v1/content/${identifier}`,
    `/api/v1/content/${missing}`,
    `/api/v1/content/${inode}`,
    `/api/content/inode/${inode}`,
    `/api/content/inode/${missing}`,
    `/api/content/id/${identifier}`,
    `/api/content/id/${missing}`,
  ]) {
    const answer = await s.http('GET', path);
    t.equal(answer.status, 401, path);
    t.match(answer.json?.message, /Invalid User/, path);
  }
  t.equal((await s.http('GET', `/api/v1/content/${missing}`, { headers: admin })).status, 404, 'signed in: 404');
});
