import t from 'tap';
import { createHash } from 'node:crypto';
import { installExamples } from '../helpers/example-packages.js';
import { startTestApp } from '../helpers/test-app.js';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const ADMIN_KEY = 'k-admin-0123456789';
const EDITOR_KEY = 'k-editor-0123456789';

t.test('the api-key scheme, installed as a package and loaded by name, signs requests in by key', async (t) => {
  const dir = await installExamples(t, 'api-key-auth');
  const s = (await startTestApp(t, {
    dataDir: dir,
    env: {
      CMS_PLUGINS: 'cms-example-api-key-auth',
      CMS_AUTH_SCHEMES: 'api-key,basic',
      CMS_API_KEY_USERS: `${sha256(ADMIN_KEY)}:admin@cms.com, ${sha256(EDITOR_KEY)}:Editor@x.com`,
      // Deactivation below must be seen at once.
      CMS_AUTH_SESSION_CACHE_SECONDS: '0',
    },
  }))!;
  const current = (headers: Record<string, string>) => s.http('GET', '/api/v1/users/current', { headers });

  const admin = await current({ 'x-api-key': ADMIN_KEY });
  t.equal(admin.status, 200);
  t.equal(admin.json.userId, 'cms.org.1');

  const wrong = await current({ 'X-Api-Key': 'k-guess' });
  t.equal(wrong.status, 401);
  t.equal(wrong.json.message, 'Invalid User: Unknown API key', "the plugin's message reaches the client");
  t.equal(wrong.json.errors[0].errorCode, 'PLUGIN_UNAUTHENTICATED');
  t.equal((await current({ 'x-api-key': ADMIN_KEY.slice(0, -1) })).status, 401);
  t.equal((await current({ 'x-api-key': 'k-guess', ...s.basicAuth() })).status, 401, 'a wrong key is final');
  t.equal((await current(s.basicAuth())).status, 200, 'without the header, the next scheme decides');

  t.equal((await current({ 'x-api-key': EDITOR_KEY })).status, 401, 'the key of a user who does not exist');
  const created = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'editor@x.com', firstName: 'Ed', lastName: 'Itor', password: 'editor-password-1' },
  });
  const editor = await current({ 'x-api-key': EDITOR_KEY });
  t.equal(editor.status, 200, 'found by e-mail, whatever its case');
  t.equal(editor.json.userId, created.json.entity.userId);
  await s.app.services.storage.users.update(created.json.entity.userId, { active: false });
  t.equal((await current({ 'x-api-key': EDITOR_KEY })).status, 401, 'an inactive user is never signed in');
});

t.test('a malformed key list stops start-up naming the property, never its value', async (t) => {
  const dir = await installExamples(t, 'api-key-auth');
  await t.rejects(
    startTestApp(t, {
      dataDir: dir,
      env: { CMS_PLUGINS: 'cms-example-api-key-auth', CMS_API_KEY_USERS: 'secret-key:a@b.c' },
    }),
    {
      name: 'StartupError',
      message:
        /api\.key\.users=\(hidden\) \(environment variable CMS_API_KEY_USERS\) is not acceptable to plugin example-api-key-auth: each item must be/,
    },
  );
});
