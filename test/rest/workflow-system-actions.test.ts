import t from 'tap';
import { startTestApp, tempDataDir, type TestApp } from '../helpers/test-app.js';

const SYSTEM = 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2';
const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const PUBLISH = 'b9d89c80-3d88-4311-8365-187323c96436';
const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const VERBS = ['NEW', 'EDIT', 'PUBLISH', 'UNPUBLISH', 'ARCHIVE', 'UNARCHIVE', 'DELETE', 'DESTROY'];

type Mapping = {
  identifier: string;
  systemAction: string;
  workflowAction: { id: string; name: string };
  owner: string;
  ownerScheme: boolean;
  ownerContentType: boolean;
};

/** A scheme "Editorial" with one step and a "Submit" action that saves. */
async function editorial(s: TestApp) {
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: s.basicAuth(), body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Editorial' })).json.entity.id as string;
  const inbox = (await wf('POST', '/steps', { schemeId, stepName: 'Inbox' })).json.entity.id as string;
  const submit = (
    await wf('POST', '/actions', { actionName: 'Submit', schemeId, actionNextStep: inbox, stepId: inbox })
  ).json.entity.id as string;
  await wf('POST', `/actions/${submit}/actionlets`, { actionletClass: `${ACTIONLET}SaveContentActionlet` });
  return { schemeId, inbox, submit };
}

t.test('system actions are mapped per scheme, overridden per content type, and fired by verb', async (t) => {
  const dataDir = tempDataDir(t);
  const s = (await startTestApp(t, { dataDir }))!;
  const admin = s.basicAuth();
  const get = async (path: string) =>
    (await s.http('GET', `/api/v1/workflow${path}`, { headers: admin })).json.entity as Mapping[];
  const map = (body: Record<string, unknown>, headers = admin) =>
    s.http('PUT', '/api/v1/workflow/system/actions', { headers, body });
  const fireNew = (title: string) =>
    s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: admin,
      body: { contentletFormData: { contentType: 'Blog', title } },
    });
  const historyOf = async (identifier: string) =>
    (
      (await s.http('GET', `/api/v1/workflow/tasks/history/comments/${identifier}`, { headers: admin })).json
        .entity as Array<{ commentDescription: string }>
    ).map((h) => h.commentDescription);

  const system = await get(`/schemes/${SYSTEM}/system/actions`);
  t.same(
    system.map((m) => m.systemAction),
    VERBS,
    'the System Workflow maps every verb',
  );
  t.same(
    system.map((m) => m.workflowAction.name),
    ['Save', 'Save', 'Publish', 'Unpublish', 'Archive', 'Unarchive', 'Delete', 'Destroy'],
  );
  t.ok(system.every((m) => m.ownerScheme && !m.ownerContentType && m.owner === SYSTEM));

  const { schemeId, submit } = await editorial(s);
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog', workflow: [SYSTEM, schemeId] },
  });
  await s.http('POST', '/api/v2/contenttype/Blog/fields', {
    headers: admin,
    body: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
  });
  t.same(
    (await get('/contenttypes/Blog/system/actions')).map((m) => [m.systemAction, m.workflowAction.id]),
    system.map((m) => [m.systemAction, m.workflowAction.id]),
    "a type without its own mappings uses its schemes'",
  );
  const saved = await fireNew('By the System Workflow');
  t.same(await historyOf(saved.json.entity.identifier), ['Save']);

  // Refusals, each with its status.
  t.equal((await map({ systemAction: 'FLY', actionId: submit, schemeId })).status, 400, 'unknown verb');
  t.equal((await map({ systemAction: 'NEW', actionId: submit })).status, 400, 'no owner');
  t.equal(
    (await map({ systemAction: 'NEW', actionId: submit, schemeId, contentTypeVariable: 'Blog' })).status,
    400,
    'two owners',
  );
  t.match(
    (await map({ systemAction: 'NEW', actionId: submit, schemeId: SYSTEM })).json.message,
    /does not belong to the scheme System Workflow/,
  );
  t.equal(
    (await map({ systemAction: 'NEW', actionId: '00000000-0000-0000-0000-000000000000', schemeId })).status,
    404,
    'unknown action',
  );
  t.equal(
    (await map({ systemAction: 'NEW', actionId: submit, contentTypeVariable: 'Nope' })).status,
    404,
    'unknown type',
  );
  const user = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'ed@x.com', firstName: 'E', lastName: 'D', password: 'editor-password' },
  });
  t.equal(user.status, 200);
  t.equal(
    (await map({ systemAction: 'NEW', actionId: submit, schemeId }, s.basicAuth('ed@x.com', 'editor-password'))).status,
    403,
    'administrators only',
  );

  // The type's own mapping wins over its schemes'.
  const override = await map({
    systemAction: 'new',
    actionId: submit.slice(0, 8) + submit.slice(9, 11),
    contentTypeVariable: 'blog',
  });
  t.equal(override.status, 200, 'verbs ignore case; short action ids and type variables are accepted');
  t.match(override.json.entity, {
    systemAction: 'NEW',
    workflowAction: { id: submit },
    ownerContentType: true,
    ownerScheme: false,
  });
  const blogType = (await s.http('GET', '/api/v1/contenttype/id/Blog', { headers: admin })).json.entity.id;
  t.equal(override.json.entity.owner, blogType);
  const again = await map({ systemAction: 'NEW', actionId: submit, contentTypeVariable: 'Blog' });
  t.equal(
    again.json.entity.identifier,
    override.json.entity.identifier,
    'mapping a verb again replaces the mapping, it does not add one',
  );
  t.same(
    (await get('/contenttypes/Blog/system/actions')).map((m) => m.workflowAction.id),
    [submit, ...system.slice(1).map((m) => m.workflowAction.id)],
  );
  const submitted = await fireNew('By Editorial');
  t.equal(submitted.status, 200);
  t.same(await historyOf(submitted.json.entity.identifier), ['Submit'], "NEW fired the type's action");
  t.same(
    (await get(`/system/actions/${submit}`)).map((m) => m.systemAction),
    ['NEW'],
    'the mappings that fire an action',
  );

  const removed = await s.http('DELETE', `/api/v1/workflow/system/actions/${override.json.entity.identifier}`, {
    headers: admin,
  });
  t.equal(removed.status, 200);
  t.equal(
    (await s.http('DELETE', `/api/v1/workflow/system/actions/${override.json.entity.identifier}`, { headers: admin }))
      .status,
    404,
  );
  t.same(
    await historyOf((await fireNew('Back to the System Workflow')).json.entity.identifier),
    ['Save'],
    'without the override, the scheme decides again',
  );

  // A type bound only to a scheme that maps some verbs: the others are refused by name.
  await map({ systemAction: 'PUBLISH', actionId: submit, schemeId });
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Memo', variable: 'Memo', workflow: [schemeId] },
  });
  await s.http('POST', '/api/v2/contenttype/Memo/fields', {
    headers: admin,
    body: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
  });
  const memo = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Memo', title: 'M' } },
  });
  t.equal(memo.status, 200);
  const unmapped = await s.http('PUT', '/api/v1/workflow/actions/default/fire/ARCHIVE', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Memo', title: 'M' } },
  });
  t.equal(unmapped.status, 400);
  t.match(unmapped.json.message, /No action is mapped to ARCHIVE for the content type Memo/);

  // Deleting an action takes its mappings with it.
  t.equal((await s.http('DELETE', `/api/v1/workflow/actions/${submit}`, { headers: admin })).status, 200);
  t.same(await get(`/schemes/${schemeId}/system/actions`), []);

  // An administrator's removal of a System Workflow mapping survives a restart: seeding happens once.
  const destroy = system.find((m) => m.systemAction === 'DESTROY')!;
  await s.http('DELETE', `/api/v1/workflow/system/actions/${destroy.identifier}`, { headers: admin });
  await s.app.close();
  const restarted = (await startTestApp(t, { dataDir }))!;
  const after = (await restarted.http('GET', `/api/v1/workflow/schemes/${SYSTEM}/system/actions`, { headers: admin }))
    .json.entity as Mapping[];
  t.same(
    after.map((m) => m.systemAction),
    VERBS.slice(0, -1),
  );
  t.equal(
    (await restarted.http('GET', `/api/v1/workflow/system/actions/${PUBLISH}`, { headers: admin })).json.entity.length,
    1,
  );
  t.equal(
    (await restarted.http('GET', `/api/v1/workflow/system/actions/${SAVE}`, { headers: admin })).json.entity.length,
    2,
    'NEW and EDIT',
  );
});
