import type { Test } from 'tap';
import { checkDocumentedAnswer } from '../helpers/documented-answer.js';
import { MULTIPART_TYPE, multipartBody, pressType } from '../helpers/multipart-body.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

// The original's other fire endpoints (by name, PATCH and POST of a system action) and comments.

async function blogType(s: TestApp) {
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog' },
  });
  await s.http('POST', '/api/v2/contenttype/Blog/fields', {
    headers: admin,
    body: ['title', 'author', 'body'].map((name) => ({ clazz: 'TextField', name, variable: name })),
  });
}

/** A signed-in user with no role: may fire nothing that needs a permission, nor read content. */
async function outsider(s: TestApp) {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'o@x.com', firstName: 'O', lastName: 'U', password: 'outsider-password', roles: [] },
  });
  if (made.status !== 200) throw new Error(made.text);
  return s.basicAuth('o@x.com', 'outsider-password');
}

/** Asserts a 200, showing the body only when it is not. */
function answered(t: Test, response: { status: number; text: string }) {
  t.equal(response.status, 200, response.status === 200 ? 'answered 200' : response.text);
}

const history = async (s: TestApp, identifier: string) =>
  (await s.http('GET', `/api/v1/workflow/tasks/history/comments/${identifier}`, { headers: s.basicAuth() })).json
    .entity as Array<{ type: string; commentDescription: string }>;

testOnSqlite('PUT /actions/fire: the action named in the body', async (t, s) => {
  const admin = s.basicAuth();
  await blogType(s);
  const byName = (body: unknown, query = '', headers = admin) =>
    s.http('PUT', `/api/v1/workflow/actions/fire${query}`, { headers, body });

  const created = await byName({ actionName: 'save', contentletFormData: { contentType: 'Blog', title: 'One' } });
  answered(t, created);
  t.match(created.json.entity, { live: false, map: { title: 'One' } }, 'names compare case-insensitively');
  checkDocumentedAnswer(t, s, 'PUT /api/v1/workflow/actions/fire', created);
  const { identifier, inode } = created.json.entity;

  const published = await byName({ actionName: 'Publish' }, `?inode=${inode}`);
  answered(t, published);
  t.equal(published.json.entity.live, true, 'an action of the current step, on the version named by inode');

  const edited = await byName({ actionName: 'Save', contentletFormData: { identifier, author: 'Ann' } });
  t.equal(edited.json.entity.map.title, 'One', 'fields not sent keep their values');
  t.equal(edited.json.entity.map.author, 'Ann');

  const unknown = await byName({ actionName: 'Teleport' }, `?inode=${inode}`);
  t.equal(unknown.status, 400);
  t.match(unknown.json, { errors: [{ errorCode: 'WORKFLOW_ACTION_NAME_UNKNOWN' }] });
  t.match(unknown.json.message, /Teleport/);
  t.equal((await byName({}, `?inode=${inode}`)).status, 400, 'no actionName: no action');
  const unpublishOnDraft = await byName({ actionName: 'Unarchive' }, `?inode=${edited.json.entity.inode}`);
  t.equal(unpublishOnDraft.status, 400, "an action of the scheme that the item's step does not offer");
  t.equal((await byName({ actionName: 'Publish' }, '?inode=no-such-inode')).status, 404, 'unknown inode');
  t.equal(
    (await byName({ actionName: 'Save', contentletFormData: { contentType: 'Blog', title: 'x' } }, '', {})).status,
    401,
  );
});

testOnSqlite('PUT /actions/fire with a multipart body carrying a binary', async (t, s) => {
  await pressType(s);
  const fired = await s.http('PUT', '/api/v1/workflow/actions/fire', {
    headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE },
    raw: multipartBody([
      { name: 'json', value: JSON.stringify({ actionName: 'Publish', contentlet: { contentType: 'Press' } }) },
      { name: 'photo', value: 'picture bytes', fileName: 'p.jpg' },
      { name: 'headline', value: 'Launch' },
    ]),
  });
  answered(t, fired);
  t.equal(fired.json.entity.live, true);
  t.match(fired.json.entity.map, { photo: /p\.jpg/ });
});

testOnSqlite('PATCH and POST on the default fire: results and a summary', async (t, s) => {
  const admin = s.basicAuth();
  await blogType(s);
  const patch = (verb: string, body: unknown, query = '') =>
    s.http('PATCH', `/api/v1/workflow/actions/default/fire/${verb}${query}`, { headers: admin, body });

  const created = await patch('NEW', { contentletFormData: { contentType: 'Blog', title: 'T', author: 'Ann' } });
  answered(t, created);
  t.match(created.json.entity.summary, { affected: 1, successCount: 1, failCount: 0 });
  checkDocumentedAnswer(t, s, 'PATCH /api/v1/workflow/actions/default/fire/:systemAction', created);
  const [[identifier, first]] = Object.entries(created.json.entity.results[0]) as [[string, any]];
  t.equal(first.identifier, identifier, 'without an identifier, the item is created and named by its new identifier');
  t.equal(first.map.title, 'T');

  const merged = await patch('EDIT', { contentletFormData: { title: 'Changed' } }, `?identifier=${identifier}`);
  answered(t, merged);
  const after = merged.json.entity.results[0][identifier];
  t.equal(after.map.title, 'Changed', 'a sent field changes');
  t.equal(after.map.author, 'Ann', 'an unsent field keeps its value');
  t.equal(after.inode === first.inode, false, 'a new version');

  const failed = await patch('EDIT', { contentletFormData: { title: 'x' } }, '?identifier=no-such-item');
  t.equal(failed.status, 200, "one item's failure is its entry, as the original answers");
  t.match(failed.json.entity, {
    results: [{ 'no-such-item': { errorMessage: /not found/ } }],
    summary: { affected: 1, successCount: 0, failCount: 1 },
  });
  t.equal((await patch('TELEPORT', { contentletFormData: { title: 'x' } })).status, 400, 'unknown system action');

  const many = await s.http('POST', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: admin,
    body: {
      contentlets: [
        { contentType: 'Blog', title: 'A' },
        { identifier, body: 'text' },
        { contentType: 'NoSuchType', title: 'B' },
      ],
      comments: 'batch',
    },
  });
  answered(t, many);
  t.match(many.json.entity.summary, { affected: 3, successCount: 2, failCount: 1 });
  checkDocumentedAnswer(t, s, 'POST /api/v1/workflow/actions/default/fire/:systemAction', many);
  const entries = Object.assign({}, ...many.json.entity.results) as Record<string, any>;
  t.match(entries[identifier], { live: true, map: { title: 'Changed', author: 'Ann', body: 'text' } });
  t.match(entries.NoSuchType, { errorMessage: /NoSuchType/ });
  t.ok(
    (await history(s, identifier)).some((h) => h.type === 'comment' && h.commentDescription === 'batch'),
    'the comment went with each fire',
  );
  t.equal(
    (await s.http('POST', '/api/v1/workflow/actions/default/fire/PUBLISH', { headers: admin, body: {} })).status,
    400,
    'contentlets is required',
  );
});

testOnSqlite('POST /{identifier}/comments', async (t, s) => {
  const admin = s.basicAuth();
  await blogType(s);
  const created = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Blog', title: 'T' } },
  });
  const { identifier } = created.json.entity;
  const comment = (id: string, body: unknown, headers = admin, query = '') =>
    s.http('POST', `/api/v1/workflow/${id}/comments${query}`, { headers, body });

  const made = await comment(identifier, { comment: 'Looks good' });
  answered(t, made);
  t.match(made.json.entity, { type: 'comment', commentDescription: 'Looks good', postedBy: String });
  t.same(
    (await history(s, identifier)).map((h) => [h.type, h.commentDescription]),
    [
      ['history', 'Save'],
      ['comment', 'Looks good'],
    ],
  );
  t.equal(made.json.entity.createdDate > 0, true);

  const short = identifier.replace(/-/g, '').slice(0, 10);
  t.equal((await comment(short, { comment: 'x' })).status, 404, 'a short id names no item here');
  t.equal((await comment('no-such-item', { comment: 'x' })).status, 404);
  t.equal((await comment(identifier, { comment: 'x' }, admin, '?language=2')).status, 404, 'not in that language');
  t.equal((await comment(identifier, {})).status, 400, 'comment is required');
  t.equal((await comment(identifier, { comment: 'x' }, {})).status, 401);
  const outside = await comment(identifier, { comment: 'x' }, await outsider(s));
  t.equal(outside.status, 404, 'an item the caller may not read is as unknown to them');
  t.equal(outside.json.errors[0].errorCode, 'CONTENT_NOT_FOUND');
});

const SYSTEM_WORKFLOW = 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2';
const DRAFT_STEP = 'ee24a4cb-2d15-4c98-b1bd-6327126451f3';

testOnSqlite('separators: made on a step, left out of menus unless asked, firing one runs nothing', async (t, s) => {
  const admin = s.basicAuth();
  await blogType(s);
  const separator = (body: unknown, headers = admin) =>
    s.http('POST', '/api/v1/workflow/actions/separator', { headers, body });

  const made = await separator({ schemeId: SYSTEM_WORKFLOW, stepId: DRAFT_STEP });
  answered(t, made);
  t.match(made.json.entity, {
    name: 'SEPARATOR',
    condition: 'SEPARATOR',
    nextStep: 'currentstep',
    nextStepCurrentStep: true,
    assignable: false,
    commentable: false,
    whoCanUse: [],
    metadata: { subtype: 'SEPARATOR' },
  });
  t.notOk(made.json.entity.showOn.includes('LISTING'), 'not offered in listings');
  t.ok(made.json.entity.showOn.includes('EDITING'));
  const separatorId = made.json.entity.id;
  const actionlets = await s.http('GET', `/api/v1/workflow/actions/${separatorId}/actionlets`, { headers: admin });
  t.same(actionlets.json.entity, [], 'no sub-actions');

  t.equal((await separator({ schemeId: SYSTEM_WORKFLOW, stepId: 'no-such-step' })).status, 404);
  t.equal((await separator({ schemeId: 'no-such-scheme', stepId: DRAFT_STEP })).status, 404);
  const other = await s.http('POST', '/api/v1/workflow/schemes', { headers: admin, body: { schemeName: 'Other' } });
  t.equal(
    (await separator({ schemeId: other.json.entity.id, stepId: DRAFT_STEP })).status,
    400,
    'step of another scheme',
  );
  t.equal((await separator({ schemeId: SYSTEM_WORKFLOW })).status, 400, 'stepId is required');
  t.equal((await separator({ schemeId: SYSTEM_WORKFLOW, stepId: DRAFT_STEP }, await outsider(s))).status, 403);

  const created = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: admin,
    body: { contentletFormData: { contentType: 'Blog', title: 'T' } },
  });
  const { inode, identifier } = created.json.entity;
  const names = async (query = '') =>
    (await s.http('GET', `/api/v1/workflow/contentlet/${inode}/actions${query}`, { headers: admin })).json.entity.map(
      (a: { name: string }) => a.name,
    ) as string[];
  t.notOk((await names()).includes('SEPARATOR'), 'left out of the available actions');
  t.ok((await names('?includeSeparator=true')).includes('SEPARATOR'), 'listed with includeSeparator=true');

  const fired = await s.http('PUT', `/api/v1/workflow/actions/${separatorId}/fire?inode=${inode}`, {
    headers: admin,
  });
  answered(t, fired);
  t.equal(fired.json.entity.inode, inode, 'no new version');
  t.equal(fired.json.entity.map.title, 'T');
  const onNew = await s.http('PUT', `/api/v1/workflow/actions/${separatorId}/fire`, {
    headers: admin,
    body: { contentletFormData: { contentType: 'Blog', title: 'New' } },
  });
  t.equal(onNew.status, 400, 'on new content it saves nothing, so it is refused');
  const byName = await s.http('PUT', `/api/v1/workflow/actions/fire?inode=${inode}`, {
    headers: admin,
    body: { actionName: 'SEPARATOR' },
  });
  t.equal(byName.status, 400, 'a separator is never what a name means');
  t.ok((await history(s, identifier)).length >= 1);
});

testOnSqlite("the original's firemultipart paths", async (t, s) => {
  await pressType(s);
  const put = (path: string, json: unknown) =>
    s.http('PUT', path, {
      headers: { ...s.basicAuth(), 'content-type': MULTIPART_TYPE },
      raw: multipartBody([
        { name: 'json', value: JSON.stringify(json) },
        { name: 'photo', value: 'picture bytes', fileName: 'p.jpg' },
      ]),
    });
  const byVerb = await put('/api/v1/workflow/actions/default/firemultipart/NEW', {
    contentlet: { contentType: 'Press', headline: 'One' },
  });
  answered(t, byVerb);
  t.match(byVerb.json.entity.map, { headline: 'One', photo: /p\.jpg/ });
  const byName = await put('/api/v1/workflow/actions/firemultipart', {
    actionName: 'Publish',
    contentlet: { identifier: byVerb.json.entity.identifier },
  });
  answered(t, byName);
  t.equal(byName.json.entity.live, true);
  t.equal(byName.json.entity.map.headline, 'One', 'fields not sent are kept');
  const actions = await s.http('GET', `/api/v1/workflow/contentlet/${byName.json.entity.inode}/actions`, {
    headers: s.basicAuth(),
  });
  const unpublish = actions.json.entity.find((a: { name: string }) => a.name === 'Unpublish').id;
  const byId = await put(`/api/v1/workflow/actions/${unpublish}/firemultipart`, {
    contentlet: { identifier: byVerb.json.entity.identifier },
  });
  answered(t, byId);
  t.equal(byId.json.entity.live, false);
});
