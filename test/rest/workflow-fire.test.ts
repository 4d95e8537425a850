import t from 'tap';
import { fileURLToPath } from 'node:url';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const STEP = {
  new: '6cb7e3bd-1710-4eed-8838-d3db60f78f19',
  draft: 'ee24a4cb-2d15-4c98-b1bd-6327126451f3',
  published: 'dc3c9cd0-8467-404b-bf95-cb7df3fbc293',
  archived: 'd6b095b6-b65f-4bdb-bbfd-701d663dfee2',
};
const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const UNAVAILABLE_ACTIONLET = fileURLToPath(new URL('../fixtures/unavailable-actionlet-plugin.mjs', import.meta.url));

async function blogType(s: TestApp, extra: Record<string, unknown> = {}) {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog', ...extra },
  });
  await s.http('POST', '/api/v2/contenttype/Blog/fields', {
    headers: admin,
    body: ['title', 'author', 'body'].map((name) => ({
      clazz: 'TextField',
      name,
      variable: name,
      required: name === 'title',
    })),
  });
}

const history = async (s: TestApp, identifier: string) =>
  (await s.http('GET', `/api/v1/workflow/tasks/history/comments/${identifier}`, { headers: s.basicAuth() })).json
    .entity as Array<{ type: string; commentDescription: string; stepId: string }>;

testOnSqlite('the System Workflow through system actions', async (t, s) => {
  const admin = s.basicAuth();
  await blogType(s);
  const fire = (verb: string, body: unknown, query = '') =>
    s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}${query}`, { headers: admin, body });

  const created = await fire('NEW', {
    contentletFormData: { contentType: 'Blog', title: 'First', author: 'Ann', body: 'Hello' },
  });
  t.equal(created.status, 200);
  t.match(created.json.entity, {
    type: 'contentlet',
    live: false,
    map: { title: 'First', author: 'Ann', body: 'Hello', contentType: 'Blog' },
  });
  const { identifier, inode } = created.json.entity;
  t.same(
    (await history(s, identifier)).map((h) => [h.type, h.commentDescription, h.stepId]),
    [['history', 'Save', STEP.draft]],
    'the task moved to Draft',
  );

  const published = await fire('PUBLISH', undefined, `?inode=${inode}`);
  t.equal(published.status, 200);
  t.equal(published.json.entity.live, true);
  t.equal(
    (await s.http('GET', `/api/content/id/${identifier}`, { headers: admin })).json.contentlets[0].title,
    'First',
  );

  const edited = await fire('EDIT', {
    contentletFormData: { identifier, title: 'Second' },
    comments: 'fixed the title',
  });
  t.equal(edited.json.entity.map.title, 'Second');
  t.equal(edited.json.entity.map.author, 'Ann', 'values not sent are kept');
  t.equal(
    (await s.http('GET', `/api/content/id/${identifier}`, { headers: admin })).json.contentlets[0].title,
    'First',
    'Save does not publish',
  );
  const entries = await history(s, identifier);
  t.same(
    entries.map((h) => h.commentDescription),
    ['Save', 'Publish', 'Save', 'fixed the title'],
    'history and the comment, in order',
  );

  t.equal(
    (await fire('UNARCHIVE', undefined, `?inode=${edited.json.entity.inode}`)).status,
    400,
    'Unarchive is not offered in Draft',
  );
  t.match(
    (await fire('UNARCHIVE', undefined, `?inode=${edited.json.entity.inode}`)).json.message,
    /is not available in the Workflow Step the content is currently in/,
  );
  t.equal((await fire('SOMETHING', {})).status, 400, 'unknown system action');

  await fire('UNPUBLISH', undefined, `?inode=${edited.json.entity.inode}`);
  const archived = await fire('ARCHIVE', undefined, `?inode=${edited.json.entity.inode}`);
  t.equal(archived.json.entity.archived, true);
  const deleted = await fire('DELETE', undefined, `?inode=${edited.json.entity.inode}`);
  t.equal(deleted.status, 200);
  t.equal(
    (await s.http('GET', `/api/v1/content/${identifier}`, { headers: admin })).status,
    404,
    'Delete removes the item',
  );
});

t.test('a scheme built as in the spec: the lifecycle table, conditions and atomicity', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_PLUGINS: UNAVAILABLE_ACTIONLET } }))!;
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown, headers = admin) =>
    s.http(method, `/api/v1/workflow${path}`, { headers, body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Editorial' })).json.entity.id;
  const [unpublishStep, publishStep, archiveStep] = await Promise.all(
    ['Unpublish', 'Publish', 'Archive'].map(
      async (stepName, i) =>
        (
          await wf('POST', '/steps', {
            schemeId,
            stepName,
            escalationAction: '',
            escalationTime: '',
            stepResolved: i > 0,
          })
        ).json.entity.id as string,
    ),
  ).then((ids) => ids as [string, string, string]);
  const action = async (
    actionName: string,
    nextStep: string,
    steps: string[],
    actionlets: string[],
    extra: Record<string, unknown> = {},
  ) => {
    const id = (
      await wf('POST', '/actions', {
        actionName,
        schemeId,
        actionNextStep: nextStep,
        showOn: ['NEW', 'UNPUBLISHED', 'PUBLISHED', 'ARCHIVED', 'LOCKED', 'UNLOCKED'],
        whoCanUse: [],
        actionCommentable: true,
        ...extra,
      })
    ).json.entity.id as string;
    for (const step of steps) await wf('POST', `/steps/${step}/actions`, { actionId: id });
    const [notify] = (await wf('GET', `/actions/${id}/actionlets`)).json.entity;
    await wf('DELETE', `/actionlets/${notify.id}`);
    for (const clazz of actionlets)
      await wf('POST', `/actions/${id}/actionlets`, { actionletClass: ACTIONLET + clazz });
    return id;
  };
  const save = await action('Save Content', unpublishStep, [unpublishStep], ['SaveContentActionlet']);
  const publish = await action(
    'Publish Content',
    publishStep,
    [unpublishStep],
    ['PublishContentActionlet', 'CheckinContentActionlet'],
  );
  const unpublish = await action('Unpublish Content', unpublishStep, [publishStep], ['UnpublishContentActionlet']);
  const archive = await action(
    'Archive Content',
    archiveStep,
    [unpublishStep],
    ['ArchiveContentActionlet', 'CheckinContentActionlet'],
  );
  const unarchive = await action('Unarchive Content', unpublishStep, [archiveStep], ['UnarchiveContentActionlet']);
  const remove = await action('Delete Content', archiveStep, [archiveStep], ['DeleteContentActionlet']);
  await blogType(s, { workflow: [schemeId] });
  const fire = (id: string, body?: unknown, query = '') =>
    s.http('PUT', `/api/v1/workflow/actions/${id}/fire${query}`, { headers: admin, body });

  const created = await fire(save, { contentletFormData: { contentType: 'Blog', title: 'Spec', author: 'Bo' } });
  t.equal(created.status, 200, 'none -> unpublished, step Unpublish');
  const id = created.json.entity.identifier;
  let inode = created.json.entity.inode;
  t.equal(
    (await fire(unpublish, undefined, `?inode=${inode}`)).status,
    400,
    'Unpublish is not attached to step Unpublish',
  );
  const live = await fire(publish, undefined, `?inode=${inode}`);
  t.equal(live.json.entity.live, true, 'unpublished -> published');
  const back = await fire(unpublish, undefined, `?inode=${inode}`);
  t.equal(back.json.entity.live, false, 'published -> unpublished');
  const gone = await fire(archive, undefined, `?inode=${inode}`);
  t.equal(gone.json.entity.archived, true, 'unpublished -> archived');
  inode = gone.json.entity.inode;
  t.equal((await fire(unarchive, undefined, `?inode=${inode}`)).json.entity.archived, false, 'archived -> Unpublish');
  await fire(archive, undefined, `?inode=${inode}`);
  t.equal((await fire(remove, undefined, `?inode=${inode}`)).status, 200, 'archived -> removed');
  t.equal((await s.http('GET', `/api/v1/content/${id}`, { headers: admin })).status, 404);

  const failing = await action(
    'Save then unarchive',
    unpublishStep,
    [unpublishStep],
    ['SaveContentActionlet', 'UnarchiveContentActionlet'],
  );
  const before = await fire(save, { contentletFormData: { contentType: 'Blog', title: 'Atomic' } });
  const refused = await fire(failing, {
    contentletFormData: { identifier: before.json.entity.identifier, title: 'Changed' },
  });
  t.equal(refused.status, 400, 'a failing actionlet fails the fire');
  t.equal(
    (await s.http('GET', `/api/v1/content/${before.json.entity.identifier}`, { headers: admin })).json.entity.map.title,
    'Atomic',
    'and leaves no change',
  );

  const otherScheme = (await wf('POST', '/schemes', { schemeName: 'Other' })).json.entity.id;
  const otherStep = (await wf('POST', '/steps', { schemeId: otherScheme, stepName: 'Only' })).json.entity.id;
  const foreign = (
    await wf('POST', '/actions', {
      actionName: 'Foreign',
      schemeId: otherScheme,
      actionNextStep: otherStep,
      stepId: otherStep,
    })
  ).json.entity.id;
  const notAttached = await fire(foreign, { contentletFormData: { contentType: 'Blog', title: 'x' } });
  t.equal(notAttached.status, 400, 'the scheme must be attached to the type');

  const editors = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Editors', roleKey: 'editors' } })
  ).json.entity.id;
  const readers = (
    await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Readers', roleKey: 'readers' } })
  ).json.entity.id;
  // Permissions: editors may create Blog content, readers may read it (working versions included).
  await s.http('PUT', '/api/v1/permissions/SYSTEM_HOST', {
    headers: admin,
    body: {
      permissions: [
        { roleId: editors, permissions: ['READ', 'CAN_ADD_CHILDREN'] },
        { roleId: readers, permissions: ['READ'] },
      ],
    },
  });
  await s.http('PUT', '/api/v1/permissions/Blog', {
    headers: admin,
    body: { permissions: [{ roleId: editors, permissions: ['READ', 'WRITE'] }] },
  });
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'w@x.com', firstName: 'W', lastName: 'W', password: 'member-password', roles: [readers] },
  });
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'ed@x.com', firstName: 'E', lastName: 'D', password: 'member-password', roles: [editors] },
  });
  const restricted = await action('Editors only', unpublishStep, [unpublishStep], ['SaveContentActionlet'], {
    whoCanUse: ['editors'],
  });
  const writer = s.basicAuth('w@x.com', 'member-password');
  t.equal(
    (
      await s.http('PUT', `/api/v1/workflow/actions/${restricted}/fire`, {
        headers: writer,
        body: { contentletFormData: { contentType: 'Blog', title: 'x' } },
      })
    ).status,
    403,
  );
  t.equal(
    (
      await s.http('PUT', `/api/v1/workflow/actions/${restricted}/fire`, {
        headers: s.basicAuth('ed@x.com', 'member-password'),
        body: { contentletFormData: { contentType: 'Blog', title: 'x' } },
      })
    ).status,
    200,
    'role key in whoCanUse',
  );

  const later = await action('Later', unpublishStep, [unpublishStep], ['SaveContentActionlet']);
  const added = await wf('POST', `/actions/${later}/actionlets`, { actionletClass: 'com.acme.LaterActionlet' });
  t.equal(added.status, 200, added.text);
  const unavailable = await fire(later, { contentletFormData: { contentType: 'Blog', title: 'Never saved' } });
  t.equal(unavailable.status, 400);
  t.match(unavailable.json.message, /Later/, 'the refusal names the actionlet');

  const available = await s.http('GET', `/api/v1/workflow/contentlet/${before.json.entity.inode}/actions`, {
    headers: writer,
  });
  t.ok(
    available.json.entity.every((a: { name: string }) => a.name !== 'Editors only'),
    'actions the caller may not fire are not offered',
  );
});
