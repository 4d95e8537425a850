import t from 'tap';
import { buildApp } from '../../host/app.js';
import { ADMIN, CapturingSink, tempDataDir } from '../helpers/test-app.js';

t.test('declared requests, answered in-process', async (t) => {
  const dataDir = tempDataDir(t);
  const app = await buildApp({
    env: { CMS_DATA_DIR: dataDir, INITIAL_ADMIN_PASSWORD: ADMIN.password },
    cwd: dataDir,
    logSink: new CapturingSink(),
  });
  t.teardown(() => app.close());
  const authorization = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;
  const call = (method: string, path: string, body?: string | object, headers: Record<string, string> = {}) =>
    app
      .inject({ method, path, body, headers: { authorization, 'content-type': 'application/json', ...headers } })
      .then((r) => ({ status: r.status, json: r.body ? JSON.parse(r.body.toString()) : undefined }));

  const scheme = await call('POST', '/api/v1/workflow/schemes', { schemeName: 'Strings', schemeArchived: 'true' });
  t.equal(scheme.status, 200, 'a boolean sent as a string is accepted');
  t.equal(scheme.json.entity.archived, true);
  const unarchived = await call('PUT', `/api/v1/workflow/schemes/${scheme.json.entity.id}`, {
    schemeArchived: 'false',
  });
  t.equal(unarchived.json.entity.archived, false, '"false" is false');
  const junk = await call('PUT', `/api/v1/workflow/schemes/${scheme.json.entity.id}`, { schemeArchived: 'perhaps' });
  t.equal(junk.status, 400);
  t.equal(junk.json.errors[0].fieldName, 'schemeArchived', 'junk is refused naming the member');

  const step = await call('POST', '/api/v1/workflow/steps', {
    schemeId: scheme.json.entity.id,
    stepName: 'One',
    stepOrder: '0',
  });
  t.equal(step.status, 200, 'a number sent as a string is accepted');

  const text = await call('POST', '/api/v1/workflow/schemes', '{"schemeName":"x"}', { 'content-type': 'text/plain' });
  t.equal(text.status, 415);
  t.equal(text.json.message, 'HTTP 415 Unsupported Media Type');
  t.same(text.json.entity, null, 'in the error envelope');

  const badQuery = await call('GET', '/api/v1/users?page=zero');
  t.equal(badQuery.status, 400);
  t.equal(badQuery.json.errors[0].fieldName, 'page');
  const badLanguage = await call('GET', '/api/v2/languages/id/abc');
  t.equal(badLanguage.status, 400);
  t.equal(badLanguage.json.message, 'The provided languageId does not exist');

  // Each route's checks compile for its first request: all of them are compiled here, so one that
  // cannot is found by this test rather than by the first client to call its route.
  t.doesNotThrow(() => app.compileRequestChecks(), "every route's request schemas compile");
  const table = app.routes();
  t.ok(table.length > 40);
  t.same(
    table.filter((r) => !r.summary),
    [],
    'every route says what it does',
  );
});
