import t from 'tap';
import { startTestApp, testOnSqlite } from '../helpers/test-app.js';

const SYSTEM = 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2';
const NOTIFY = 'com.cms.portlets.workflows.actionlet.NotifyAssigneeActionlet';

testOnSqlite('workflow schemes, steps, actions and associations as the spec shows them', async (t, s) => {
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const before = Date.now();

  const scheme = await wf('POST', '/schemes', { schemeName: 'Editorial', schemeDescription: 'Three steps' });
  t.equal(scheme.status, 200);
  t.match(scheme.json.entity, {
    id: String,
    name: 'Editorial',
    description: 'Three steps',
    archived: false,
    mandatory: false,
    defaultScheme: false,
    entryActionId: null,
    system: false,
  });
  t.ok(scheme.json.entity.creationDate >= before && scheme.json.entity.modDate >= before, 'epoch ms');
  const schemeId = scheme.json.entity.id;

  const steps = [];
  for (const [stepName, stepResolved] of [
    ['Unpublish', undefined],
    ['Publish', true],
    ['Archive', true],
  ] as const) {
    const step = await wf('POST', '/steps', {
      schemeId,
      stepName,
      escalationAction: '',
      escalationTime: '',
      ...(stepResolved === undefined ? {} : { stepResolved }),
    });
    t.equal(step.status, 200);
    steps.push(step.json.entity);
  }
  t.same(
    steps.map((x) => x.myOrder),
    [0, 1, 2],
  );
  t.same(
    steps.map((x) => x.resolved),
    [false, true, true],
    'stepResolved -> resolved',
  );
  t.match(steps[0], { schemeId, enableEscalation: false, escalationAction: null, escalationTime: 0 });

  const save = await wf('POST', '/actions', {
    actionName: 'Save Content',
    schemeId,
    actionCondition: '',
    actionNextStep: steps[0].id,
    actionNextAssign: 'cms.org.1',
    actionRoleHierarchyForAssign: false,
    actionAssignable: false,
    actionCommentable: true,
    whoCanUse: [],
    showOn: ['NEW', 'UNPUBLISHED', 'LOCKED', 'UNLOCKED', 'EDITING', 'LISTING'],
  });
  t.equal(save.status, 200);
  t.match(save.json.entity, {
    id: String,
    name: 'Save Content',
    schemeId,
    nextStep: steps[0].id,
    nextAssign: 'cms.org.1',
    icon: 'workflowIcon',
    order: 0,
    commentable: true,
    assignable: false,
    nextStepCurrentStep: false,
  });
  t.same([...save.json.entity.showOn].sort(), ['EDITING', 'LISTING', 'LOCKED', 'NEW', 'UNLOCKED', 'UNPUBLISHED']);
  const saveId = save.json.entity.id;

  const associations = await wf('GET', `/actions/${saveId}/actionlets`);
  t.equal(associations.json.entity.length, 1, 'a new action carries one association');
  t.match(associations.json.entity[0], { actionId: saveId, name: 'Notify Assignee', order: 0, clazz: NOTIFY });

  const attached = await wf('POST', `/steps/${steps[0].id}/actions`, { actionId: saveId });
  t.equal(attached.json.entity, 'Ok');
  const publish = await wf('POST', '/actions', {
    actionName: 'Publish Content',
    schemeId,
    actionNextStep: steps[1].id,
    showOn: ['UNPUBLISHED'],
  });
  await wf('POST', `/steps/${steps[0].id}/actions`, { actionId: publish.json.entity.id });
  await wf('POST', `/steps/${steps[1].id}/actions`, { actionId: publish.json.entity.id });
  t.same(
    (await wf('GET', `/steps/${steps[0].id}/actions`)).json.entity.map((a: { name: string }) => a.name),
    ['Save Content', 'Publish Content'],
    'attachment order kept',
  );

  await wf('PUT', `/actions/${publish.json.entity.id}`, { actionName: 'Publish it' });
  t.equal(
    (await wf('GET', `/steps/${steps[1].id}/actions/${publish.json.entity.id}`)).json.entity.name,
    'Publish it',
    'one action shared by every step',
  );
  const hidden = await wf('POST', '/actions', {
    actionName: 'Not in any step',
    schemeId,
    actionNextStep: 'currentstep',
  });
  t.equal(hidden.json.entity.nextStepCurrentStep, true);
  t.equal(
    (await wf('GET', `/schemes/${schemeId}/actions`)).json.entity.length,
    3,
    'all actions of the scheme, attached or not',
  );

  const removed = await wf('DELETE', `/actionlets/${associations.json.entity[0].id}`);
  t.equal(removed.status, 200);
  t.same((await wf('GET', `/actions/${saveId}/actionlets`)).json.entity, [], 'deleting an association can leave none');

  t.equal(
    (await wf('POST', '/actions', { actionName: 'x', schemeId, showOn: ['SOMETIMES'] })).status,
    400,
    'unknown showOn value',
  );
  t.equal((await wf('POST', '/steps', { schemeId: 'no-such-scheme', stepName: 'x' })).status, 404);
  t.match(
    (await wf('POST', '/steps', { schemeId: 'no-such-scheme', stepName: 'x' })).json.message,
    'Workflow scheme [no-such-scheme] not found',
  );
  t.equal((await wf('POST', '/steps', { schemeId, stepName: 'x', escalationTime: 'soon' })).status, 400);
  t.match((await wf('GET', '/steps/nope')).json, { message: 'The Workflow Step does not exist' });
  t.match((await wf('GET', '/actions/nope')).json, { message: 'The Workflow Action does not exist' });
  t.equal((await wf('POST', `/actions/${saveId}/actionlets`, { actionletClass: 'com.example.Nope' })).status, 400);

  const short = schemeId.replace(/-/g, '').slice(0, 10);
  t.equal((await wf('GET', `/schemes/${short}`)).json.entity.id, schemeId, 'the 10-character short id');
  t.equal((await wf('GET', `/steps/${steps[1].id.replace(/-/g, '').slice(0, 10)}`)).json.entity.name, 'Publish');

  t.equal((await wf('DELETE', `/schemes/${schemeId}`)).status, 400, 'only an archived scheme can be deleted');
  t.equal((await wf('PUT', `/schemes/${schemeId}`, { schemeArchived: true })).json.entity.archived, true);
  t.equal((await wf('DELETE', `/steps/${steps[2].id}/actions/${saveId}`)).status, 404, 'not attached there');
  t.equal((await wf('DELETE', `/steps/${steps[0].id}/actions/${saveId}`)).json.entity, 'Ok');
  t.equal((await wf('DELETE', `/steps/${steps[2].id}`)).status, 200);
  t.equal((await wf('DELETE', `/schemes/${schemeId}`)).status, 200);
  t.equal((await wf('GET', `/schemes/${schemeId}`)).status, 404);
  t.equal((await wf('GET', `/actions/${saveId}`)).status, 404, 'actions go with their scheme');

  const editor = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'e@x.com', firstName: 'E', lastName: 'E', password: 'editor-password' },
  });
  t.equal(editor.status, 200);
  t.equal(
    (
      await s.http('POST', '/api/v1/workflow/schemes', {
        headers: s.basicAuth('e@x.com', 'editor-password'),
        body: { schemeName: 'x' },
      })
    ).status,
    403,
  );
  t.equal((await s.http('GET', '/api/v1/workflow/schemes')).status, 401);
});

t.test('the System Workflow is seeded with its fixed identifiers', async (t) => {
  const s = (await startTestApp(t))!;
  const wf = (path: string) => s.http('GET', `/api/v1/workflow${path}`, { headers: s.basicAuth() });
  t.match((await wf(`/schemes/${SYSTEM}`)).json.entity, { name: 'System Workflow', system: true, archived: false });
  const steps = (await wf(`/schemes/${SYSTEM}/steps`)).json.entity;
  t.same(
    steps.map((x: { name: string; myOrder: number; resolved: boolean }) => [x.name, x.myOrder, x.resolved]),
    [
      ['New', 0, false],
      ['Draft', 1, false],
      ['Published', 2, true],
      ['Archived', 3, true],
    ],
  );
  t.equal(steps[0].id, '6cb7e3bd-1710-4eed-8838-d3db60f78f19');
  const names = async (stepId: string) =>
    (await wf(`/steps/${stepId}/actions`)).json.entity.map((a: { name: string }) => a.name);
  t.same(await names('6cb7e3bd-1710-4eed-8838-d3db60f78f19'), ['Save', 'Publish', 'Delete']);
  t.same(await names('ee24a4cb-2d15-4c98-b1bd-6327126451f3'), ['Save', 'Unpublish', 'Copy', 'Publish', 'Archive']);
  t.same(await names('dc3c9cd0-8467-404b-bf95-cb7df3fbc293'), ['Copy', 'Unpublish', 'Save', 'Archive', 'Publish']);
  t.same(await names('d6b095b6-b65f-4bdb-bbfd-701d663dfee2'), ['Unarchive', 'Delete', 'Destroy']);
  const publish = (await wf('/actions/b9d89c80-3d88-4311-8365-187323c96436/actionlets')).json.entity;
  t.same(
    publish.map((a: { name: string }) => a.name),
    ['Save content', 'Publish content', 'Unlock content'],
  );
  t.equal(
    (await wf('/actions/963f6a04-5320-42e7-ab74-6d876d199946')).json.entity.nextStepCurrentStep,
    true,
    'Copy stays in the current step',
  );
  t.equal((await s.http('DELETE', `/api/v1/workflow/schemes/${SYSTEM}`, { headers: s.basicAuth() })).status, 400);
  const type = await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: { clazz: 'SimpleContentType', name: 'Plain' },
  });
  t.same(
    (await wf(`/schemes/schemescontenttypes/${type.json.entity[0].id}`)).json.entity.map((x: { id: string }) => x.id),
    [SYSTEM],
  );
});

testOnSqlite(
  'actionlet parameters: one the actionlet does not declare is refused naming both; Set Value must name a field of a type using the scheme',
  async (t, s) => {
    const admin = s.basicAuth();
    const wf = (method: string, path: string, body?: unknown) =>
      s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
    const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
    const schemeId = (await wf('POST', '/schemes', { schemeName: 'Review' })).json.entity.id;
    const actionId = (await wf('POST', '/actions', { actionName: 'Submit', schemeId })).json.entity.id;
    const add = (clazz: string, parameters: Record<string, string>) =>
      wf('POST', `/actions/${actionId}/actionlets`, { actionletClass: ACTIONLET + clazz, parameters });

    const unknown = await add('CommentOnWorkflowActionlet', { comment: 'Seen', colour: 'red', size: 'L' });
    t.equal(unknown.status, 400);
    t.equal(unknown.json.errors[0].errorCode, 'WORKFLOW_ACTIONLET_PARAMETER_UNKNOWN');
    t.match(unknown.json.message, `${ACTIONLET}CommentOnWorkflowActionlet has no parameter colour`);
    t.same(
      unknown.json.errors.map((e: { fieldName: string }) => e.fieldName),
      ['parameters.colour', 'parameters.size'],
      'each undeclared parameter is listed',
    );
    t.match(
      (await add('SaveContentActionlet', { force: 'true' })).json.message,
      /has no parameter force; it takes none/,
    );
    t.same(
      (await wf('GET', `/actions/${actionId}/actionlets`)).json.entity.map((a: { name: string }) => a.name),
      ['Notify Assignee'],
      'nothing was added',
    );

    t.equal(
      (await add('SetValueActionlet', { field: 'anything', value: 'x' })).status,
      200,
      'no type uses the scheme yet',
    );

    for (const [variable, field] of [
      ['Story', 'status'],
      ['Memo', 'summary'],
    ]) {
      await s.http('POST', '/api/v1/contenttype', {
        headers: admin,
        body: { clazz: 'SimpleContentType', name: variable, variable, workflow: [schemeId] },
      });
      await s.http('POST', `/api/v2/contenttype/${variable}/fields`, {
        headers: admin,
        body: [{ clazz: 'TextField', name: field }],
      });
    }
    t.equal(
      (await add('SetValueActionlet', { field: 'summary', value: 'x' })).status,
      200,
      'a field of one of the types',
    );
    for (const field of ['nope', 'Summary']) {
      const refused = await add('SetValueActionlet', { field, value: 'x' });
      t.equal(refused.status, 400, field);
      t.match(refused.json.errors[0], {
        errorCode: 'WORKFLOW_ACTIONLET_FIELD_UNKNOWN',
        fieldName: 'parameters.field',
        message: `Set Value names the field ${field}, which no content type using the scheme Review has`,
      });
    }
    t.equal(
      (await wf('GET', `/actions/${actionId}/actionlets`)).json.entity.length,
      3,
      'Notify Assignee and the two accepted Set Values',
    );
  },
);
