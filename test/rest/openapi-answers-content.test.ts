import t from 'tap';
import { answerProblems, checkDocumentedAnswer, documentedAnswerProblems } from '../helpers/documented-answer.js';
import { createFolderOf } from '../helpers/folders.js';
import { json, legacySave } from '../helpers/legacy-save.js';
import { startTestApp, testOnSqlite, textContentType, type TestResponse } from '../helpers/test-app.js';

// The answers of the content, workflow, messages and file routes as documented. Most are
// checked by the tests of their routes (every 200 a test app receives is); these are the ones no
// other test gets a 200 from, and the checks of the forms only these routes use.

const textAnswer = (type: string, text: string, status = 200): TestResponse => ({
  status,
  headers: new Headers({ 'content-type': type }),
  text,
  json: (() => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  })(),
});

testOnSqlite('a file of a named field, by /dA/{id}/{field}, answers its bytes as documented', async (t, s) => {
  await createFolderOf(s, 'default:/docs');
  const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: s.basicAuth(),
    body: {
      contentletFormData: {
        contentType: 'FileAsset',
        hostFolder: 'default:/docs',
        fileAsset: `data:text/plain;name=notes.txt;base64,${Buffer.from('some notes').toString('base64')}`,
      },
    },
  });
  t.equal(fired.status, 200, 'the file is published');
  const file = await s.http('GET', `/dA/${fired.json.entity.identifier}/fileAsset`, { headers: s.basicAuth() });
  t.equal(file.text, 'some notes');
  checkDocumentedAnswer(t, s, 'GET /dA/:id/:field', file);
});

t.test('the legacy save is checked by the type it answers in', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'News');
  const route = s.app.routeOf('PUT', '/api/content/save/1')!;
  const empty = await legacySave(s, '/save/1', json({ contentType: 'News', title: 'Plain' }));
  checkDocumentedAnswer(t, s, 'PUT /api/content/*operation', empty);
  const ids = await legacySave(s, '/save/1?type=json', json({ contentType: 'News', title: 'Ids' }));
  checkDocumentedAnswer(t, s, 'PUT /api/content/*operation', ids);

  t.same(answerProblems(route, textAnswer('application/json', '{"inode":1}')).sort(), [
    '/identifier: Expected required property',
    '/identifier: Expected string',
    '/inode: Expected string',
  ]);
  t.same(answerProblems(route, textAnswer('text/plain', 'saved')), ['/: Expected string length less or equal to 0']);
  t.same(answerProblems(route, textAnswer('text/html', '')), ['Content-Type text/html, documented text/plain']);
});

t.test('a route that never succeeds is reported if it does', async (t) => {
  const s = (await startTestApp(t))!;
  const refused = await s.http('PUT', '/api/content', { headers: s.basicAuth(), body: {} });
  t.equal(refused.status, 400);
  t.match(refused.json.errors, [{ errorCode: 'LEGACY_OPERATION_MISSING' }]);
  t.same(documentedAnswerProblems(s, 'PUT /api/content', textAnswer('application/json', '{}')), [
    'answered 200, documented as never succeeding',
  ]);
});
