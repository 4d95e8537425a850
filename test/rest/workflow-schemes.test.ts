import t, { type Test } from 'tap';
import { startTestApp, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const BACKEND_ROLE = '3f4b7c1e-9d2a-4e8b-8a6f-5c1d0e9b7a22';
const short = (id: string) => id.replace(/-/g, '').slice(0, 10);

type Json = Record<string, any>;

function client(s: TestApp, headers = s.basicAuth()) {
  return async (method: string, path: string, body?: unknown) => {
    const r = await s.http(method, `/api/v1/workflow${path}`, { headers, body });
    return { status: r.status, entity: (r.json as Json | undefined)?.entity, json: r.json as Json };
  };
}

/**
 * "Editorial": Inbox -> Review -> Done. Submit (Inbox, shown on NEW and EDITING, saves, for back-end
 * users) leads to Review; Approve (Review) translates with a secret API key and leads to Done.
 */
async function editorial(t: Test, s: TestApp) {
  const wf = client(s);
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Editorial' })).entity.id as string;
  const step = async (stepName: string) => (await wf('POST', '/steps', { schemeId, stepName })).entity.id as string;
  const [inbox, review, done] = [await step('Inbox'), await step('Review'), await step('Done')];
  const submit = (
    await wf('POST', '/actions', {
      actionName: 'Submit',
      schemeId,
      actionNextStep: review,
      stepId: inbox,
      showOn: ['NEW', 'EDITING'],
      whoCanUse: [BACKEND_ROLE],
    })
  ).entity.id as string;
  await wf('POST', `/actions/${submit}/actionlets`, { actionletClass: `${ACTIONLET}SaveContentActionlet` });
  const approve = (
    await wf('POST', '/actions', { actionName: 'Approve', schemeId, actionNextStep: done, stepId: review })
  ).entity.id as string;
  const translate = await wf('POST', `/actions/${approve}/actionlets`, {
    actionletClass: `${ACTIONLET}TranslationActionlet`,
    parameters: { translateTo: 'all', fieldTypes: 'text', apiKey: 'the-real-key' },
  });
  t.equal(translate.status, 200, 'the secret actionlet is added');
  const mapped = await wf('PUT', '/system/actions', { systemAction: 'NEW', actionId: submit, schemeId });
  t.equal(mapped.status, 200, 'NEW fires Submit');
  return { schemeId, inbox, review, done, submit, approve };
}

testOnSqlite('a scheme is copied with new ids and everything in it', async (t, s) => {
  const wf = client(s);
  const e = await editorial(t, s);
  const copied = await wf('POST', `/schemes/${short(e.schemeId)}/copy?name=From%20query`, { name: 'Copied' });
  t.equal(copied.status, 200);
  t.equal(copied.entity.name, 'Copied', 'the body names the copy before the query');
  t.not(copied.entity.id, e.schemeId);
  const byQuery = await wf('POST', `/schemes/${e.schemeId}/copy?name=From%20query`);
  t.equal(byQuery.entity.name, 'From query');
  t.match((await wf('POST', `/schemes/${e.schemeId}/copy`)).entity.name, /^Editorial_\d+$/, 'a default name');

  const steps = (await wf('GET', `/schemes/${copied.entity.id}/steps`)).entity as Json[];
  t.same(
    steps.map((x) => x.name),
    ['Inbox', 'Review', 'Done'],
  );
  t.ok(
    steps.every((x) => ![e.inbox, e.review, e.done].includes(x.id)),
    'steps get new ids',
  );
  const actions = (await wf('GET', `/schemes/${copied.entity.id}/actions`)).entity as Json[];
  const submit = actions.find((a) => a.name === 'Submit')!;
  const approve = actions.find((a) => a.name === 'Approve')!;
  t.not(submit.id, e.submit);
  t.equal(submit.nextStep, steps[1]!.id, 'next steps follow the copy');
  t.same(submit.whoCanUse, [BACKEND_ROLE]);
  t.same(
    ((await wf('GET', `/steps/${steps[0]!.id}/actions`)).entity as Json[]).map((a) => a.id),
    [submit.id],
    'step-action links are copied',
  );
  const actionlets = (await wf('GET', `/actions/${approve.id}/actionlets`)).entity as Json[];
  t.match(actionlets, [
    { clazz: `${ACTIONLET}NotifyAssigneeActionlet` },
    { clazz: `${ACTIONLET}TranslationActionlet` },
  ]);
  t.equal(actionlets[1]!.parameters.apiKey, '********', 'the secret stays sealed, never answered');
  t.equal(actionlets[1]!.parameters.translateTo, 'all');
  t.match(
    (await wf('GET', `/schemes/${copied.entity.id}/system/actions`)).entity,
    [{ systemAction: 'NEW', workflowAction: { id: submit.id }, owner: copied.entity.id }],
    "the scheme's system actions follow the copy",
  );

  const missing = await wf('POST', '/schemes/0123456789/copy');
  t.equal(missing.status, 404);
  t.equal(missing.json.message, 'Workflow scheme [0123456789] not found');
  await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'e@x.com', firstName: 'E', lastName: 'E', password: 'editor-password' },
  });
  const editor = client(s, s.basicAuth('e@x.com', 'editor-password'));
  t.equal((await editor('POST', `/schemes/${e.schemeId}/copy`)).status, 403, 'copying is for administrators');
  t.equal((await editor('GET', `/schemes/${e.schemeId}/export`)).status, 403, 'so is exporting');
  t.equal((await editor('PUT', `/reorder/step/${e.done}/order/0`)).status, 403, 'and reordering');
});

testOnSqlite('steps and actions are reordered', async (t, s) => {
  const wf = client(s);
  const e = await editorial(t, s);
  const names = async () => ((await wf('GET', `/schemes/${e.schemeId}/steps`)).entity as Json[]).map((x) => x.name);
  t.equal((await wf('PUT', `/reorder/step/${short(e.done)}/order/0`)).entity, 'Ok');
  t.same(await names(), ['Done', 'Inbox', 'Review']);
  t.equal((await wf('PUT', `/reorder/step/${e.done}/order/99`)).entity, 'Ok', 'past the end: last');
  t.same(await names(), ['Inbox', 'Review', 'Done']);
  t.equal((await wf('PUT', `/reorder/step/${e.done}/order/first`)).status, 400, 'a non-number order');
  const unknown = await wf('PUT', '/reorder/step/0123456789/order/1');
  t.equal(unknown.status, 404);
  t.equal(unknown.json.message, 'The Workflow Step does not exist');

  await wf('POST', `/steps/${e.inbox}/actions`, { actionId: e.approve });
  const inboxActions = async () => ((await wf('GET', `/steps/${e.inbox}/actions`)).entity as Json[]).map((a) => a.name);
  t.same(await inboxActions(), ['Submit', 'Approve']);
  t.equal((await wf('PUT', `/reorder/steps/${e.inbox}/actions/${short(e.approve)}`, { order: 0 })).entity, 'Ok');
  t.same(await inboxActions(), ['Approve', 'Submit']);
  t.equal((await wf('PUT', `/reorder/steps/${e.inbox}/actions/${e.approve}`, { order: 'top' })).status, 400);
  t.equal((await wf('PUT', `/reorder/steps/${e.inbox}/actions/${e.approve}`, {})).status, 400, 'no order');
  t.equal((await wf('PUT', `/reorder/steps/${e.done}/actions/${e.approve}`, { order: 0 })).status, 404, 'not there');
  const noAction = await wf('PUT', `/reorder/steps/${e.inbox}/actions/0123456789`, { order: 0 });
  t.equal(noAction.status, 404);
  t.equal(noAction.json.message, 'The Workflow Action does not exist');
});

testOnSqlite('default and initial actions, and the status of an item', async (t, s) => {
  const wf = client(s);
  const e = await editorial(t, s);
  await textContentType(s, 'Blog');
  const typeId = (await s.http('GET', '/api/v1/contenttype/id/Blog', { headers: s.basicAuth() })).json.entity.id;
  await s.http('PUT', '/api/v1/contenttype/id/Blog', {
    headers: s.basicAuth(),
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog', workflow: [e.schemeId] },
  });
  await wf('POST', `/steps/${e.inbox}/actions`, { actionId: e.approve });

  const defaults = await wf('GET', `/defaultactions/contenttype/${typeId}`);
  t.equal(defaults.status, 200);
  t.same(
    (defaults.entity as Json[]).map((d) => [d.scheme.id, d.action.name]),
    [
      [e.schemeId, 'Submit'],
      [e.schemeId, 'Approve'],
    ],
    "the first step's actions, with their scheme",
  );
  const bySchemes = await wf('GET', `/defaultactions/schemes?ids=${short(e.schemeId)}`);
  t.same(
    (bySchemes.entity as Json[]).map((d) => d.action.id),
    [e.submit, e.approve],
  );
  t.equal((await wf('GET', '/defaultactions/schemes')).status, 400, 'no ids');
  const noScheme = await wf('GET', '/defaultactions/schemes?ids=0123456789');
  t.equal(noScheme.json.message, 'Workflow scheme [0123456789] not found');
  t.equal((await wf('GET', '/defaultactions/contenttype/NoSuchType')).status, 404);
  const initial = await wf('GET', '/initialactions/contenttype/Blog');
  t.same(
    (initial.entity as Json[]).map((d) => d.action.name),
    ['Submit'],
    'only what shows on NEW and in the editing screen',
  );

  const fired = await s.http('PUT', `/api/v1/workflow/actions/${e.submit}/fire`, {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Blog', title: 'Hello' } },
  });
  t.equal(fired.status, 200);
  const { identifier, inode } = (fired.json as Json).entity;
  const status = await wf('GET', `/status/${identifier}`);
  t.equal(status.status, 200);
  t.match(status.entity, {
    scheme: { id: e.schemeId },
    step: { id: e.review, name: 'Review' },
    task: { webasset: identifier, status: e.review },
  });
  t.match((await wf('GET', `/status/${inode}`)).entity, { step: { id: e.review } }, 'by inode too');
  t.equal((await wf('GET', '/status/no-such-item')).status, 404);
});

t.test('an export imported into a fresh installation fires there', async (t) => {
  const source = (await startTestApp(t))!;
  const e = await editorial(t, source);
  const exported = await client(source)('GET', `/schemes/${short(e.schemeId)}/export`);
  t.equal(exported.status, 200);
  const object = exported.entity.workflowObject as Json;
  t.same(
    object.schemes.map((x: Json) => x.id),
    [e.schemeId],
  );
  t.equal(object.steps.length, 3);
  t.match(object.actionSteps, [{ stepId: e.inbox, actionId: e.submit, actionOrder: '0' }]);
  const translate = object.actionClasses.find((c: Json) => c.clazz === `${ACTIONLET}TranslationActionlet`);
  const apiKey = object.actionClassParams.find((p: Json) => p.actionClassId === translate.id && p.key === 'apiKey');
  t.equal(apiKey.value, '********', 'a secret leaves masked');
  t.notOk(JSON.stringify(exported.json).includes('the-real-key'));
  t.match(exported.entity.permissions, [{ inode: e.submit, roleId: BACKEND_ROLE, roleKey: 'backend user' }]);

  const target = (await startTestApp(t))!;
  const wf = client(target);
  const masked = await wf('POST', '/schemes/import', exported.entity);
  t.equal(masked.status, 400, 'the mask is not taken for the secret');
  t.match(masked.json.message, /apiKey is a secret/);
  apiKey.value = 'a-key-for-this-installation';

  const unknownClass = structuredClone(exported.entity);
  unknownClass.workflowObject.actionClasses[0].clazz = 'com.example.NoSuchActionlet';
  const refused = await wf('POST', '/schemes/import', unknownClass);
  t.equal(refused.status, 400);
  t.match(refused.json.message, /com\.example\.NoSuchActionlet/, 'names the class');
  t.equal((await wf('GET', `/schemes/${e.schemeId}`)).status, 404, 'a refused import writes nothing');

  const imported = await wf('POST', '/schemes/import', exported.entity);
  t.equal(imported.status, 200);
  t.equal(imported.entity, 'OK');
  t.equal((await wf('GET', `/schemes/${e.schemeId}`)).entity.name, 'Editorial', 'the ids are kept');
  t.same((await wf('GET', `/actions/${e.submit}`)).entity.whoCanUse, ['backend user'], 'roles by key');
  t.match(
    (await wf('GET', `/schemes/${e.schemeId}/system/actions`)).entity,
    [{ systemAction: 'NEW', workflowAction: { id: e.submit } }],
    'system actions come along',
  );
  const again = await wf('POST', '/schemes/import', exported.entity);
  t.equal(again.status, 400);
  t.match(again.json.message, new RegExp(`Workflow scheme \\[${e.schemeId}\\] already exists`));
  const editor = await target.http('POST', '/api/v1/users', {
    headers: target.basicAuth(),
    body: { email: 'e@x.com', firstName: 'E', lastName: 'E', password: 'editor-password' },
  });
  t.equal(editor.status, 200);
  const asEditor = client(target, target.basicAuth('e@x.com', 'editor-password'));
  t.equal((await asEditor('POST', '/schemes/import', exported.entity)).status, 403, 'importing is for administrators');

  await textContentType(target, 'Blog');
  await target.http('PUT', '/api/v1/contenttype/id/Blog', {
    headers: target.basicAuth(),
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog', workflow: [e.schemeId] },
  });
  const fired = await target.http('PUT', `/api/v1/workflow/actions/${e.submit}/fire`, {
    headers: target.basicAuth(),
    body: { contentletFormData: { contentType: 'Blog', title: 'Moved in' } },
  });
  t.equal(fired.status, 200, 'the imported action fires');
  const status = await wf('GET', `/status/${(fired.json as Json).entity.identifier}`);
  t.equal(status.entity.step.id, e.review, 'and moves the item to the imported next step');
});
