import { testOnEachStorage, testOnSqlite, textContentType } from '../helpers/test-app.js';

const SYSTEM_DRAFT_STEP = 'ee24a4cb-2d15-4c98-b1bd-6327126451f3';

// Deleting what content or workflows still depend on is refused.
testOnSqlite('a step that actions move content to cannot be deleted', async (t, s) => {
  const admin = s.basicAuth();
  const draft = await s.http('DELETE', `/api/v1/workflow/steps/${SYSTEM_DRAFT_STEP}`, { headers: admin });
  t.equal(draft.status, 400, "the System Workflow's Draft step is the next step of Save");
  t.equal(draft.json.errors[0].errorCode, 'WORKFLOW_STEP_IN_USE');
  t.match(draft.json.message, /Save/);
  t.equal((await s.http('GET', `/api/v1/workflow/steps/${SYSTEM_DRAFT_STEP}`, { headers: admin })).status, 200);

  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Two steps' })).json.entity.id;
  const first = (await wf('POST', '/steps', { schemeId, stepName: 'First' })).json.entity.id;
  const second = (await wf('POST', '/steps', { schemeId, stepName: 'Second' })).json.entity.id;
  const move = (await wf('POST', '/actions', { schemeId, actionName: 'Move', actionNextStep: second, stepId: first }))
    .json.entity.id;
  t.equal((await wf('DELETE', `/steps/${second}`)).status, 400, 'Move leads to Second');
  await wf('PUT', `/actions/${move}`, { actionNextStep: first });
  t.equal((await wf('DELETE', `/steps/${second}`)).status, 200, 'free once no action leads there');
});

testOnSqlite('a content type with content is kept, unless its content is deleted with it', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Memo');
  const item = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Memo', title: 'Keep me' } },
  });
  const { identifier } = item.json.entity;

  const refused = await s.http('DELETE', '/api/v1/contenttype/id/Memo', { headers: admin });
  t.equal(refused.status, 409);
  t.equal(refused.json.errors[0].errorCode, 'CONTENT_TYPE_HAS_CONTENT');
  t.equal((await s.http('GET', `/api/v1/content/${identifier}`, { headers: admin })).status, 200, 'the item reads');

  const removed = await s.http('DELETE', '/api/v1/contenttype/id/Memo?deleteContent=true', { headers: admin });
  t.equal(removed.status, 200);
  t.equal((await s.http('GET', '/api/v1/contenttype/id/Memo', { headers: admin })).status, 404);
  const gone = await s.http('GET', `/api/v1/content/${identifier}`, { headers: admin });
  t.equal(gone.status, 404, 'the item went with its type: a 404, never a 500');
  const history = await s.http('GET', `/api/v1/workflow/tasks/history/comments/${identifier}`, { headers: admin });
  t.equal(history.status, 404, 'and its workflow task and history');
});

testOnEachStorage('numbers that do not fit are refused naming the member, on every driver', async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Ranked');
  const fire = (sortOrder: number) =>
    s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: admin,
      body: { contentletFormData: { contentType: 'Ranked', title: 'x', sortOrder } },
    });
  for (const n of [1e308, -1e308, 9007199254740992, 2147483648, 1.5]) {
    const refused = await fire(n);
    t.equal(refused.status, 400, String(n));
    t.same(
      refused.json.errors.map((e: { errorCode: string; fieldName: string }) => [e.errorCode, e.fieldName]),
      [['badType', 'sortOrder']],
    );
  }
  t.equal((await fire(-2147483648)).status, 200, 'the smallest that fits');
  t.equal((await fire(2147483647)).json.entity.map.sortOrder, 2147483647, 'the largest that fits');
});
