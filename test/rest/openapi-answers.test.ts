import t from 'tap';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ErrorEnvelopeSchema } from '../../host/openapi/envelope-schema.js';
import { answerProblems, checkDocumentedAnswer, documentedAnswerProblems } from '../helpers/documented-answer.js';
import { menuFolder } from '../helpers/nav-tree.js';
import { ADMIN, startTestApp, type TestApp } from '../helpers/test-app.js';

// The answer schemas the OpenAPI document publishes match what the routes answer.

t.test('real answers of the annotated routes validate against their documented schemas', async (t) => {
  const s = (await startTestApp(t))!;
  const admin = s.basicAuth();
  const check = async (
    route: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const answer = await s.http(route.split(' ')[0]!, path, { headers: admin, ...options });
    checkDocumentedAnswer(t, s, route, answer);
    return answer;
  };

  await check('GET /api/v1/probes/alive', '/api/v1/probes/alive', { headers: {} });
  await check('GET /api/v1/probes/ready', '/api/v1/probes/ready', { headers: {} });
  await check('GET /api/openapi.json', '/api/openapi.json', { headers: {} });
  await check('GET /api/v1/users/current', '/api/v1/users/current');
  await check('POST /api/v1/authentication', '/api/v1/authentication', {
    headers: {},
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  await check('POST /api/v1/authentication/api-token', '/api/v1/authentication/api-token', {
    headers: {},
    body: { user: ADMIN.email, password: ADMIN.password, label: 'docs' },
  });

  const created = await check('POST /api/v1/apitoken', '/api/v1/apitoken', {
    body: { userId: 'cms.org.1', expirationSeconds: 3600, claims: { label: 'ci' } },
  });
  const tokenId = created.json.entity.token.id as string;
  await check('GET /api/v1/apitoken/expiring', '/api/v1/apitoken/expiring');
  await check('GET /api/v1/apitoken/:userId/tokens', '/api/v1/apitoken/cms.org.1/tokens');
  await check('PUT /api/v1/apitoken/:id/revoke', `/api/v1/apitoken/${tokenId}/revoke`);
  await check('DELETE /api/v1/apitoken/:id', `/api/v1/apitoken/${tokenId}`);
  await check('PUT /api/v1/apitoken/users/:userId/revoke', '/api/v1/apitoken/users/cms.org.1/revoke');

  const role = await check('POST /api/v1/roles', '/api/v1/roles', { body: { roleName: 'Editors' } });
  await check('GET /api/v1/roles/:roleId', `/api/v1/roles/${role.json.entity.id}`);

  await check('POST /api/v1/contenttype', '/api/v1/contenttype', {
    body: { clazz: 'SimpleContentType', name: 'Blog', variable: 'Blog' },
  });
  await check('GET /api/v1/contenttype', '/api/v1/contenttype?per_page=5');
  const oneField = await check('POST /api/v2/contenttype/:typeVar/fields', '/api/v2/contenttype/Blog/fields', {
    body: { clazz: 'TextField', name: 'title', variable: 'title', required: true },
  });
  await check('POST /api/v2/contenttype/:typeVar/fields', '/api/v2/contenttype/Blog/fields', {
    body: ['author', 'body'].map((name) => ({ clazz: 'TextField', name, variable: name })),
  });
  const fieldId = oneField.json.entity.id as string;
  await check('GET /api/v2/contenttype/:typeVar/fields', '/api/v2/contenttype/Blog/fields');
  await check('GET /api/v2/contenttype/:typeVar/fields/:fieldId', `/api/v2/contenttype/Blog/fields/${fieldId}`);
  await check('PUT /api/v2/contenttype/:typeVar/fields/:fieldId', `/api/v2/contenttype/Blog/fields/${fieldId}`, {
    body: { clazz: 'TextField', name: 'Title', variable: 'title', required: true },
  });
  await check('GET /api/v1/contenttype/id/:idOrVar', '/api/v1/contenttype/id/Blog');
  await check('PUT /api/v1/contenttype/id/:idOrVar', '/api/v1/contenttype/id/Blog', {
    body: { clazz: 'SimpleContentType', name: 'Blog posts', variable: 'Blog' },
  });

  const fired = await check(
    'PUT /api/v1/workflow/actions/default/fire/:systemAction',
    '/api/v1/workflow/actions/default/fire/NEW',
    { body: { contentletFormData: { contentType: 'Blog', title: 'First', author: 'Ann', body: 'Hello' } } },
  );
  const { inode } = fired.json.entity as { inode: string };
  await check(
    'PUT /api/v1/workflow/actions/default/fire/:systemAction',
    `/api/v1/workflow/actions/default/fire/PUBLISH?inode=${inode}`,
  );

  await menuFolder(s, '/about', { title: 'About', showOnMenu: true });
  await menuFolder(s, '/about/team', { title: 'Team', showOnMenu: true });
  const folders = await check(
    'GET /api/v1/folder/siteId/:siteId/path/*path',
    '/api/v1/folder/siteId/default/path/about',
  );
  t.equal(folders.json.entity.subFolders.length, 1, 'a folder with sub-folders was checked');
  const tree = await check('GET /api/v1/nav', '/api/v1/nav?depth=3');
  t.equal(tree.json.entity.children.length, 1, 'a tree with children was checked');
  await check('GET /api/v1/nav/*uri', '/api/v1/nav/about?depth=2');

  const siteId = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'docs.example.com' } })).json
    .entity.identifier as string;
  const key = await check(
    'GET /api/v1/analytics/content/siteauth/generate/:siteId',
    `/api/v1/analytics/content/siteauth/generate/${siteId}`,
  );
  t.ok(key.text.length > 10, 'the key, as plain text');

  const extra = await check('POST /api/v2/contenttype/:typeVar/fields', '/api/v2/contenttype/Blog/fields', {
    body: { clazz: 'TextField', name: 'extra', variable: 'extra' },
  });
  await check(
    'DELETE /api/v2/contenttype/:typeVar/fields/:fieldId',
    `/api/v2/contenttype/Blog/fields/${extra.json.entity.id}`,
  );
  await check('DELETE /api/v1/contenttype/id/:idOrVar', '/api/v1/contenttype/id/Blog?deleteContent=true');
});

t.test('an answer that differs from its schema is reported, member by member', async (t) => {
  const s = (await startTestApp(t))!;
  const answer = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.same(documentedAnswerProblems(s, 'GET /api/v1/users/current', answer), []);
  const changed = { ...answer, json: { ...answer.json, entity: { ...answer.json.entity, admin: 'yes' } } };
  t.match(documentedAnswerProblems(s, 'GET /api/v1/users/current', changed), ['/entity/admin: Expected boolean']);
  const unwrapped = { ...answer, json: answer.json.entity };
  t.ok(documentedAnswerProblems(s, 'GET /api/v1/users/current', unwrapped).length > 0, 'outside the envelope');
  // Every route declares its schema; one that did not is made here from a real one.
  const current = s.app.routeOf('GET', '/api/v1/users/current')!;
  const undescribed = { ...current, definition: { ...current.definition, response: undefined } };
  const withUndescribed: Pick<TestApp, 'app'> = { app: { ...s.app, routes: () => [undescribed] } };
  t.match(documentedAnswerProblems(withUndescribed, 'GET /api/v1/users/current', answer), [
    'GET /api/v1/users/current declares no answer schema',
  ]);
  t.match(documentedAnswerProblems(s, 'GET /nowhere', answer), ['GET /nowhere is not a registered route']);
});

t.test('error answers validate against the documented error envelope', async (t) => {
  const s = (await startTestApp(t))!;
  const check = TypeCompiler.Compile(ErrorEnvelopeSchema);
  const answers = [
    await s.http('GET', '/api/v1/users/nobody', { headers: s.basicAuth() }),
    await s.http('GET', '/api/v1/users/current'),
    await s.http('POST', '/api/v1/contenttype', { headers: s.basicAuth(), body: { name: 1 } }),
    await s.http('GET', '/api/docs/nothing.js'),
  ];
  t.same(
    answers.map((a) => a.status),
    [404, 401, 400, 404],
  );
  for (const answer of answers)
    t.same([...check.Errors(answer.json)], [], `${answer.status}: ${answer.text.slice(0, 80)}`);
  t.notOk(check.Check({ ...answers[0]!.json, entity: {} }), 'the check can fail');
});

t.test('every answer a test app receives is checked against the route it went to', async (t) => {
  const s = (await startTestApp(t))!;
  const route = s.app.routeOf('GET', '/api/v1/users/current');
  t.equal(route?.path, '/api/v1/users/current');
  t.equal(s.app.routeOf('get', '/api/v1/users/cms.org.1')?.path, '/api/v1/users/:userId', 'by pattern, any case');
  t.equal(s.app.routeOf('GET', '/nowhere/at/all')?.path, '/*path', 'the file fallback');
  t.notOk(s.app.routeOf('PATCH', '/api/v1/users/current'), 'no route for the method');
  const answer = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() });
  t.same(answerProblems(route!, answer), []);
  const changed = { ...answer, json: { ...answer.json, entity: { ...answer.json.entity, admin: 'yes' } } };
  t.match(answerProblems(route!, changed), ['/entity/admin: Expected boolean'], 'what the test app would report');
});
