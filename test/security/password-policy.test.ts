import t from 'tap';
import { buildApp } from '../../host/app.js';
import { CapturingSink, startTestApp, tempDataDir, type TestApp } from '../helpers/test-app.js';

// A password policy for passwords set through the interface.
const createUser = (s: TestApp, email: string, password: string) =>
  s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: 'P', lastName: 'W', password },
  });

t.test('a password set through the interface must be long enough, not too long and not common', async (t) => {
  const s = (await startTestApp(t))!;
  const short = await createUser(s, 'short@x.com', 'elevenchars');
  t.equal(short.status, 400);
  t.match(short.json.errors, [
    {
      errorCode: 'USER_PASSWORD_TOO_SHORT',
      fieldName: 'password',
      message: 'The password must be at least 12 characters long',
    },
  ]);

  // On the bundled list, whatever the case.
  for (const common of ['qwerty123456', 'LeaveMeAlone']) {
    const refused = await createUser(s, 'common@x.com', common);
    t.equal(refused.status, 400, common);
    t.match(refused.json.errors, [{ errorCode: 'USER_PASSWORD_TOO_COMMON', fieldName: 'password' }], common);
  }

  const long = await createUser(s, 'long@x.com', 'x'.repeat(257));
  t.equal(long.status, 400);
  t.match(long.json.errors, [{ errorCode: 'USER_PASSWORD_TOO_LONG', fieldName: 'password', message: /at most 256/ }]);

  const good = await createUser(s, 'good@x.com', 'correct horse battery');
  t.equal(good.status, 200);
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('good@x.com', 'correct horse battery') }))
      .status,
    200,
    'the user signs in with it',
  );
  t.equal(
    (await s.http('GET', '/api/v1/users?per_page=100', { headers: s.basicAuth() })).json.pagination.totalEntries,
    2,
    'no refused user was made',
  );
});

t.test('auth.password.min.length lowers (or raises) the minimum, within its bounds', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_PASSWORD_MIN_LENGTH: '8' } }))!;
  t.equal((await createUser(s, 'eight@x.com', 'tiger-42')).status, 200);
  const seven = await createUser(s, 'seven@x.com', 'tiger42');
  t.match(seven.json.errors, [{ errorCode: 'USER_PASSWORD_TOO_SHORT', message: /at least 8 characters/ }]);

  const dataDir = tempDataDir(t);
  await t.rejects(
    buildApp({
      env: { CMS_DATA_DIR: dataDir, CMS_AUTH_PASSWORD_MIN_LENGTH: '4' },
      cwd: dataDir,
      logSink: new CapturingSink(),
    }),
    /auth\.password\.min\.length/,
    'a minimum below 8 stops start-up',
  );
});

t.test('a weak INITIAL_ADMIN_PASSWORD is taken as given, with a warning that never quotes it', async (t) => {
  for (const [password, rule] of [
    ['weak-pw1', 'USER_PASSWORD_TOO_SHORT'],
    ['Qwerty123456', 'USER_PASSWORD_TOO_COMMON'],
  ] as const) {
    const s = (await startTestApp(t, { fresh: true, env: { INITIAL_ADMIN_PASSWORD: password } }))!;
    t.equal(
      (await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('admin@cms.com', password) })).status,
      200,
      'the administrator signs in with it',
    );
    const warnings = s.logs.filter((line) => line.level === 'warn' && /INITIAL_ADMIN_PASSWORD/.test(String(line.msg)));
    t.equal(warnings.length, 1, `one warning (${rule})`);
    t.match(warnings[0], { rule });
    t.notMatch(JSON.stringify(s.logs), password, 'the password is in no log line');
    await s.app.close();
  }
});

t.test('a strong INITIAL_ADMIN_PASSWORD, or a later start, gives no warning', async (t) => {
  const dataDir = tempDataDir(t);
  const strong = (await startTestApp(t, { dataDir }))!;
  await strong.app.close();
  const later = (await startTestApp(t, { dataDir, env: { INITIAL_ADMIN_PASSWORD: 'weak' } }))!;
  for (const s of [strong, later]) t.notOk(s.logs.some((line) => /INITIAL_ADMIN_PASSWORD/.test(String(line.msg))));
});
