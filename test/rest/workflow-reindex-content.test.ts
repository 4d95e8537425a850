import { testOnSqlite, textContentType } from '../helpers/test-app.js';
import { indexedIds } from '../search/search-helpers.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const REINDEX = 'com.cms.portlets.workflows.actionlet.ReindexContentActionlet';

testOnSqlite('Reindex content applies its indexPolicy to the fire; an unknown policy fails it', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Note', ['title']);
  const associate = (indexPolicy: string) =>
    s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
      headers: admin,
      body: { actionletClass: REINDEX, parameters: { indexPolicy } },
    });
  const fire = (title: string) =>
    s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Note', title } },
    });

  const added = await associate('WAIT_FOR');
  t.equal(added.status, 200);
  const saved = await fire('Searchable at once');
  t.equal(saved.status, 200);
  t.strictSame(
    await indexedIds(s),
    [`${saved.json.entity.identifier}_1_working`],
    'the fire answered once the item was searchable (WAIT_FOR), with no wait in the test',
  );

  const listed = (await s.http('GET', `/api/v1/workflow/actions/${SAVE}/actionlets`, { headers: admin })).json
    .entity as any[];
  await s.http('DELETE', `/api/v1/workflow/actionlets/${listed.find((a) => a.clazz === REINDEX).id}`, {
    headers: admin,
  });
  await associate('SOON');
  const bad = await fire('Never');
  t.equal(bad.status, 400);
  t.match(bad.json.errors[0].message, /Invalid index policy "SOON"/);
});
