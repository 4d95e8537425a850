import { testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const PASS_1 = 'first-pass-phrase-1';
const PASS_2 = 'second-pass-phrase-2';

async function createUser(s: TestApp, email: string, roles: string[] = []) {
  const answer = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    // The original's clients send the password as an array of characters.
    body: { email, firstName: 'First', lastName: email.split('@')[0], password: [...PASS_1], roles },
  });
  return answer;
}

async function signIn(s: TestApp, email: string, password: string): Promise<string> {
  const answer = await s.http('POST', '/api/v1/authentication', { body: { user: email, password } });
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

testOnEachStorage('users changed, deactivated and deleted as the original does', async (t, s) => {
  const admin = s.basicAuth();
  const writers = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Writers', roleKey: 'writers' },
  });
  const created = await createUser(s, 'ada@example.com', ['writers']);
  t.equal(created.status, 200);
  const ada = created.json.entity;
  t.equal(ada.userID, ada.userId, 'the original’s userID member');
  t.equal(ada.user.email, 'ada@example.com', 'and its user member');
  t.same(ada.roles, [writers.json.entity.id], 'roles named by key');

  const cookie = await signIn(s, 'ada@example.com', PASS_1);
  const key = await s.http('POST', '/api/v1/apitoken', {
    headers: admin,
    body: { userId: ada.userId, expirationSeconds: 600 },
  });
  const bearer = { authorization: `Bearer ${key.json.entity.jwt}` };
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: bearer })).status, 200);

  // The original's form names the user in the body and adds the roles it lists.
  const readers = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Readers' } });
  const changed = await s.http('PUT', '/api/v1/users', {
    headers: admin,
    body: { userId: ada.userId, firstName: 'Augusta', password: [...PASS_2], roles: [readers.json.entity.id] },
  });
  t.equal(changed.status, 200);
  t.equal(changed.json.entity.userID, ada.userId);
  t.equal(changed.json.entity.user.firstName, 'Augusta');
  t.same(
    [...changed.json.entity.roles].sort(),
    [writers.json.entity.id, readers.json.entity.id].sort(),
    'roles are added',
  );
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status,
    401,
    'a new password ends the sessions at once',
  );
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: bearer })).status, 401, 'and the API keys');
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('ada@example.com', PASS_2) })).status,
    200,
    'the new password, sent as characters, signs in',
  );

  const cookie2 = await signIn(s, 'ada@example.com', PASS_2);
  const off = await s.http('PATCH', `/api/v1/users/deactivate/${ada.userId}`, { headers: admin });
  t.equal(off.status, 200);
  t.equal(off.json.entity.user.active, false);
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: { cookie: cookie2 } })).status, 401);
  const on = await s.http('PATCH', `/api/v1/users/activate/${ada.userId}`, { headers: admin });
  t.equal(on.json.entity.user.active, true);
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: { cookie: cookie2 } })).status,
    401,
    'reactivating brings no session back',
  );

  const adminId = (await s.http('GET', '/api/v1/users/current', { headers: admin })).json.userId;
  const gone = await s.http('DELETE', `/api/v1/users/${ada.userId}?replacementUserId=${adminId}`, { headers: admin });
  t.equal(gone.status, 200);
  t.same(gone.json.entity, { status: 'success', deletedUser: ada.userId, reassignedTo: adminId });
  t.equal((await s.http('GET', `/api/v1/users/${ada.userId}`, { headers: admin })).status, 404);
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('ada@example.com', PASS_2) })).status,
    401,
    'a deleted user signs in no more',
  );
  t.equal((await s.http('DELETE', `/api/v1/users/${ada.userId}`, { headers: admin })).status, 404);
});

testOnSqlite('refusals of the user endpoints', async (t, s) => {
  const admin = s.basicAuth();
  const adminId = (await s.http('GET', '/api/v1/users/current', { headers: admin })).json.userId;
  const bob = (await createUser(s, 'bob@example.com')).json.entity;
  const self = await s.http('DELETE', `/api/v1/users/${adminId}`, { headers: admin });
  t.equal(self.status, 400);
  t.equal(self.json.errors[0].errorCode, 'USER_SELF_DELETION');
  const noReplacement = await s.http('DELETE', `/api/v1/users/${bob.userId}?replacementUserId=nobody`, {
    headers: admin,
  });
  t.equal(noReplacement.status, 400);
  t.equal(noReplacement.json.errors[0].errorCode, 'USER_REPLACEMENT_NOT_FOUND');
  t.equal((await s.http('PATCH', '/api/v1/users/deactivate/nobody', { headers: admin })).status, 404);
  t.equal((await s.http('PUT', '/api/v1/users', { headers: admin, body: { userId: 'nobody' } })).status, 404);
  const badRole = await s.http('PUT', '/api/v1/users', {
    headers: admin,
    body: { userId: bob.userId, roles: ['no-such-role'] },
  });
  t.equal(badRole.status, 400);
  const badChars = await s.http('PUT', '/api/v1/users', {
    headers: admin,
    body: { userId: bob.userId, password: ['abc'] },
  });
  t.equal(badChars.status, 400, 'an element of a password array is one character');
  const bobAuth = s.basicAuth('bob@example.com', PASS_1);
  t.equal((await s.http('GET', '/api/v1/users/filter', { headers: bobAuth })).status, 403);
  t.equal((await s.http('PATCH', `/api/v1/users/deactivate/${adminId}`, { headers: bobAuth })).status, 403);
  t.equal((await s.http('DELETE', `/api/v1/users/${adminId}`, { headers: bobAuth })).status, 403);
});

testOnSqlite('the user filter and the users one may sign in as', async (t, s) => {
  const admin = s.basicAuth();
  for (const name of ['carol', 'dave', 'erin']) await createUser(s, `${name}@example.com`);
  await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      email: 'root@example.com',
      firstName: 'R',
      lastName: 'Oot',
      password: PASS_1,
      roles: ['CMS Administrator'],
    },
  });
  const first = await s.http('GET', '/api/v1/users/filter?page=0&per_page=2&query=example.com', { headers: admin });
  t.equal(first.status, 200);
  t.same(
    first.json.entity.map((u: { email: string }) => u.email),
    ['carol@example.com', 'dave@example.com'],
    'page 0 is the first page',
  );
  t.equal(first.json.pagination.totalEntries, 4);
  const sorted = await s.http('GET', '/api/v1/users/filter?query=example&orderby=emailAddress&direction=DESC', {
    headers: admin,
  });
  t.equal(sorted.json.entity[0].email, 'root@example.com');

  const loginAs = await s.http('GET', '/api/v1/users/loginAsData?filter=example', { headers: admin });
  t.equal(loginAs.status, 200);
  t.same(
    loginAs.json.entity.map((u: { email: string; requestPassword: boolean }) => [u.email, u.requestPassword]),
    [['root@example.com', true]],
    'back-end users only (front-end users cannot be signed in as); administrators need a password',
  );
  const everyone = await s.http('GET', '/api/v1/users/loginAsData', { headers: admin });
  t.notOk(
    everyone.json.entity.some((u: { email: string }) => u.email === 'admin@cms.com'),
    'never the caller',
  );
});

testOnSqlite('a user created with the original’s form: chosen id, original role keys, inactive', async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      userId: 'userid-test-12345678',
      active: true,
      firstName: 'TestUser',
      middleName: 'S',
      lastName: 'LastTestuser',
      email: 'test-user@example.com',
      male: true,
      password: [...PASS_1],
      roles: ['DOTCMS_BACK_END_USER', 'CMS Administrator'],
    },
  });
  t.equal(created.status, 200);
  t.equal(created.json.entity.userID, 'userid-test-12345678', 'the id the client chose');
  t.match(created.json.entity.user, {
    emailAddress: 'test-user@example.com',
    firstName: 'TestUser',
    admin: true,
    backendUser: true,
    frontendUser: false,
    active: true,
  });
  const frontEnd = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      email: 'fe@example.com',
      firstName: 'Fe',
      lastName: 'User',
      password: PASS_1,
      active: false,
      roles: ['DOTCMS_FRONT_END_USER'],
    },
  });
  t.match(frontEnd.json.entity.user, { admin: false, backendUser: false, frontendUser: true, active: false });
  t.same(frontEnd.json.entity.roles, [], 'the front-end role is no grant here');
  const again = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      userId: 'userid-test-12345678',
      email: 'other@example.com',
      firstName: 'O',
      lastName: 'T',
      password: PASS_1,
    },
  });
  t.equal(again.status, 409, 'an id taken');
  const bad = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { userId: 'no spaces', email: 'sp@example.com', firstName: 'S', lastName: 'P', password: PASS_1 },
  });
  t.equal(bad.status, 400);
  t.equal(bad.json.errors[0].errorCode, 'USER_ID_INVALID');
});
