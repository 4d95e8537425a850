import { testOnSqlite } from '../helpers/test-app.js';

testOnSqlite('users are searched, paged and changed by administrators', async (t, s) => {
  const admin = s.basicAuth();
  const role = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Writers' } });
  const other = await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Readers' } });
  const created = [];
  for (const [first, last] of [
    ['Ada', 'Lovelace'],
    ['Alan', 'Turing'],
    ['Grace', 'Hopper'],
  ] as const) {
    const answer = await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: {
        email: `${first.toLowerCase()}@example.com`,
        firstName: first,
        lastName: last,
        password: 'first-pass-phrase-1',
        roles: [role.json.entity.id],
      },
    });
    t.equal(answer.status, 200);
    created.push(answer.json.entity);
  }

  const searched = await s.http('GET', '/api/v1/users?filter=LOVE', { headers: admin });
  t.same(
    searched.json.entity.map((u: { email: string }) => u.email),
    ['ada@example.com'],
    'filter matches names ignoring case',
  );
  t.equal(searched.json.pagination.totalEntries, 1, 'the total counts the matches only');
  const paged = await s.http('GET', '/api/v1/users?filter=example.com&per_page=2&page=2', { headers: admin });
  t.same(
    paged.json.entity.map((u: { email: string }) => u.email),
    ['grace@example.com'],
    'the second page of the matches',
  );
  t.equal(paged.json.pagination.totalEntries, 3);
  const everyone = await s.http('GET', '/api/v1/users?filter=%20', { headers: admin });
  t.equal(everyone.json.pagination.totalEntries, 4, 'a blank filter lists everyone (the administrator too)');

  const ada = created[0];
  const signedIn = await s.http('POST', '/api/v1/authentication', {
    body: { user: 'ada@example.com', password: 'first-pass-phrase-1' },
  });
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status, 200);

  const changed = await s.http('PUT', `/api/v1/users/${ada.userId}`, {
    headers: admin,
    body: { firstName: 'Augusta', email: 'Augusta@Example.com', roles: [other.json.entity.id] },
  });
  t.equal(changed.status, 200);
  t.match(changed.json.entity, {
    userId: ada.userId,
    firstName: 'Augusta',
    lastName: 'Lovelace',
    email: 'augusta@example.com',
    roles: [other.json.entity.id],
    active: true,
  });
  t.ok(changed.json.entity.modificationDate >= ada.modificationDate);
  const fetched = await s.http('GET', `/api/v1/users/${ada.userId}`, { headers: admin });
  t.same(fetched.json.entity.roles, [other.json.entity.id], 'roles were replaced, not added to');

  const duplicate = await s.http('PUT', `/api/v1/users/${ada.userId}`, {
    headers: admin,
    body: { email: 'alan@example.com' },
  });
  t.equal(duplicate.status, 409, "another user's e-mail is refused");
  const badEmail = await s.http('PUT', `/api/v1/users/${ada.userId}`, { headers: admin, body: { email: 'nope' } });
  t.equal(badEmail.status, 400);
  t.equal(badEmail.json.errors[0].fieldName, 'email');
  const weak = await s.http('PUT', `/api/v1/users/${ada.userId}`, { headers: admin, body: { password: 'short' } });
  t.equal(weak.status, 400, 'the password policy applies to changes');
  t.equal(weak.json.errors[0].errorCode, 'USER_PASSWORD_TOO_SHORT');
  const badRole = await s.http('PUT', `/api/v1/users/${ada.userId}`, { headers: admin, body: { roles: ['nope'] } });
  t.equal(badRole.status, 400);
  t.same(
    (await s.http('GET', `/api/v1/users/${ada.userId}`, { headers: admin })).json.entity.roles,
    [other.json.entity.id],
    'a refused change leaves the roles as they were',
  );
  t.equal((await s.http('PUT', '/api/v1/users/user-missing', { headers: admin, body: { active: false } })).status, 404);

  const password = await s.http('PUT', `/api/v1/users/${ada.userId}`, {
    headers: admin,
    body: { password: 'second-pass-phrase-2' },
  });
  t.equal(password.status, 200);
  t.equal(
    (
      await s.http('GET', '/api/v1/users/current', {
        headers: s.basicAuth('augusta@example.com', 'second-pass-phrase-2'),
      })
    ).status,
    200,
    'the new password signs in',
  );
  t.equal(
    (
      await s.http('GET', '/api/v1/users/current', {
        headers: s.basicAuth('augusta@example.com', 'first-pass-phrase-1'),
      })
    ).status,
    401,
    'the old one no longer does',
  );

  const deactivated = await s.http('PUT', `/api/v1/users/${ada.userId}`, { headers: admin, body: { active: false } });
  t.equal(deactivated.json.entity.active, false);
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status,
    401,
    "an inactive user's session stops working at once",
  );

  const adminId = (await s.http('GET', '/api/v1/users/current', { headers: admin })).json.userId;
  const self = await s.http('PUT', `/api/v1/users/${adminId}`, { headers: admin, body: { active: false } });
  t.equal(self.status, 400, 'an administrator cannot lock themselves out');
  t.equal(self.json.errors[0].errorCode, 'USER_SELF_DEACTIVATION');
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: admin })).status, 200);

  const alanCookie = (
    await s.http('POST', '/api/v1/authentication', {
      body: { user: 'alan@example.com', password: 'first-pass-phrase-1' },
    })
  ).headers
    .get('set-cookie')!
    .split(';')[0]!;
  t.equal(
    (
      await s.http('PUT', `/api/v1/users/${created[1].userId}`, {
        headers: { cookie: alanCookie },
        body: { active: true },
      })
    ).status,
    403,
    'only administrators change users',
  );
});
