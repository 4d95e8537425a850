import t, { type Test } from 'tap';
import { answerProblems, checkDocumentedAnswer } from '../helpers/documented-answer.js';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { edgeEndpointForm } from '../helpers/push-endpoint.js';

// The administration routes (permissions, reindex, push publishing) answer as the
// OpenAPI document says. Here are the routes and answers no other test receives with a 200, and
// the push publishing routes on both storages (their own tests run on SQLite only).

function checker(t: Test, s: TestApp) {
  return async (route: string, path: string, body?: unknown) => {
    const answer = await s.http(route.split(' ')[0]!, path, { headers: s.basicAuth(), body });
    checkDocumentedAnswer(t, s, route, answer);
    return answer;
  };
}

testOnSqlite('the permission metadata answers as documented', async (t, s) => {
  const check = checker(t, s);
  const levels = await check('GET /api/v1/permissions', '/api/v1/permissions');
  t.match(levels.json.entity.levels, ['READ', 'WRITE']);
});

testOnSqlite('starting a reindex answers 202 with the documented progress', async (t, s) => {
  for (const path of ['/api/v1/search/reindex', '/api/v1/esindex/reindex']) {
    const started = await s.http('POST', path, { headers: s.basicAuth() });
    t.equal(started.status, 202, `${path}: started`);
    // The success is a 202, documented as the route's success status (the test app checks it too).
    t.same(answerProblems(s.app.routeOf('POST', path)!, started), [], `${path}: the progress as documented`);
    // One reindex runs at a time: the next path starts once this one is over.
    await s.app.services.reindexer.settled();
  }
});

t.test(
  'a success status other than 200 is documented in its place, and another success with the same body',
  async (t) => {
    const s = (await startTestApp(t))!;
    const { paths } = (await s.http('GET', '/api/openapi.json')).json;
    const reindex = paths['/api/v1/search/reindex'].post.responses;
    t.ok(reindex['202'].content['application/json'].schema, 'a started reindex answers its progress');
    t.notOk(reindex['200'], 'and never a 200: its success is the 202');
    const ingest = paths['/api/v1/analytics/content/event'].post.responses;
    t.same(ingest['207'].content, ingest['200'].content, 'a batch partly stored answers the same shape');
  },
);

testOnSqlite('push environments and endpoints answer as documented', async (t, s) => {
  const check = checker(t, s);
  const created = await check('POST /api/environment', '/api/environment', {
    name: 'Staging',
    pushMode: 'PUSH_TO_ONE',
  });
  const environmentId = created.json.entity.id as string;
  await check('PUT /api/environment/:id', `/api/environment/${environmentId}`, {
    name: 'Production',
    pushMode: 'PUSH_TO_ALL',
  });
  const environments = await check('GET /api/environment', '/api/environment');
  t.match(environments.json.entity, [{ name: 'Production', pushToAll: true }]);

  const endpoint = edgeEndpointForm(environmentId);
  const made = await check('POST /api/v1/environments/endpoints', '/api/v1/environments/endpoints', endpoint);
  const endpointId = made.json.entity.id as string;
  await check('PUT /api/v1/environments/endpoints/:id', `/api/v1/environments/endpoints/${endpointId}`, {
    ...endpoint,
    authorizationToken: undefined,
    port: 8443,
  });
  await check('GET /api/v1/environments/endpoints/:id', `/api/v1/environments/endpoints/${endpointId}`);
  await check('GET /api/v1/environments/endpoints', '/api/v1/environments/endpoints');
  await check(
    'GET /api/v1/environments/endpoints/environment/:id',
    `/api/v1/environments/endpoints/environment/${environmentId}`,
  );
  await check('GET /api/v1/publishing/pushes', '/api/v1/publishing/pushes');
  await check('DELETE /api/v1/environments/endpoints/:id', `/api/v1/environments/endpoints/${endpointId}`);
  await check('DELETE /api/environment/:id', `/api/environment/${environmentId}`);
});
