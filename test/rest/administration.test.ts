import { testOnSqlite } from '../helpers/test-app.js';

testOnSqlite('users, roles, sites and languages', async (t, s) => {
  const admin = s.basicAuth();

  const role = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Editors', roleKey: 'editors' },
  });
  t.equal(role.status, 200);
  t.match(role.json.entity, { id: String, name: 'Editors', roleKey: 'editors' });
  t.same(role.json.errors, []);
  const duplicate = await s.http('POST', '/api/v1/roles', {
    headers: admin,
    body: { roleName: 'Editors again', roleKey: 'editors' },
  });
  t.equal(duplicate.status, 409);

  const user = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: {
      email: 'Ed@Example.com',
      firstName: 'Ed',
      lastName: 'Itor',
      password: 'editor-secret-1',
      roles: [role.json.entity.id],
    },
  });
  t.equal(user.status, 200);
  t.match(user.json.entity, {
    userId: /^user-/,
    email: 'ed@example.com',
    firstName: 'Ed',
    lastName: 'Itor',
    roles: [role.json.entity.id],
  });
  t.notOk('passwordHash' in user.json.entity, 'no hash in answers');
  const userId = user.json.entity.userId;

  t.equal(
    (
      await s.http('POST', '/api/v1/users', {
        headers: admin,
        body: { email: 'ed@example.com', firstName: 'x', lastName: 'y', password: 'placeholder-pass' },
      })
    ).status,
    409,
  );
  t.equal(
    (
      await s.http('POST', '/api/v1/users', {
        headers: admin,
        body: {
          email: 'new@example.com',
          firstName: 'x',
          lastName: 'y',
          password: 'placeholder-pass',
          roles: ['nope'],
        },
      })
    ).status,
    400,
  );
  t.equal(
    (
      await s.http('POST', '/api/v1/users', {
        headers: admin,
        body: { email: 'not-an-email', firstName: 'x', lastName: 'y', password: 'placeholder-pass' },
      })
    ).status,
    400,
  );

  const fetched = await s.http('GET', `/api/v1/users/${userId}`, { headers: admin });
  t.equal(fetched.json.entity.email, 'ed@example.com');
  const list = await s.http('GET', '/api/v1/users?per_page=1&page=2', { headers: admin });
  t.equal(list.json.entity.length, 1);
  t.same(list.json.pagination, { currentPage: 2, perPage: 1, totalEntries: 2 });
  t.equal((await s.http('GET', '/api/v1/users/user-unknown', { headers: admin })).status, 404);
  t.equal((await s.http('GET', '/api/v1/users?page=0', { headers: admin })).status, 400);

  const editor = s.basicAuth('ed@example.com', 'editor-secret-1');
  const me = await s.http('GET', '/api/v1/users/current', { headers: editor });
  t.match(me.json, { userId, email: 'ed@example.com', admin: false });
  for (const [method, path, body] of [
    ['POST', '/api/v1/roles', { roleName: 'x' }],
    ['GET', '/api/v1/roles', undefined],
    ['POST', '/api/v1/users', { email: 'a@b.c', firstName: 'a', lastName: 'b', password: 'placeholder-pass' }],
    ['GET', '/api/v1/users', undefined],
    ['POST', '/api/v1/site', { siteName: 'x.com' }],
    ['POST', '/api/v2/languages', { languageCode: 'fr', countryCode: 'FR', language: 'French', country: 'France' }],
  ] as const) {
    t.equal(
      (await s.http(method, path, { headers: editor, body })).status,
      403,
      `${method} ${path} is for administrators`,
    );
    t.equal((await s.http(method, path, { body })).status, 401, `${method} ${path} anonymous`);
  }

  // The system site is listed only on request, as in the original.
  const sites = await s.http('GET', '/api/v1/site?system=true', { headers: admin });
  t.same(sites.json.entity.map((x: { siteName: string }) => x.siteName).sort(), ['System Host', 'default']);
  const unseen = await s.http('GET', '/api/v1/site?system=true', { headers: editor });
  t.same(unseen.json.entity, [], 'a user granted nothing sees no site');
  t.ok(sites.json.entity.find((x: { identifier: string }) => x.identifier === 'SYSTEM_HOST'));
  const site = await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'demo.example.com' } });
  t.equal(site.status, 200);
  t.match(site.json.entity, { identifier: String, siteName: 'demo.example.com', default: false });
  t.equal(
    (await s.http('GET', `/api/v1/site/${site.json.entity.identifier}`, { headers: admin })).json.entity.siteName,
    'demo.example.com',
  );
  t.equal((await s.http('GET', `/api/v1/site/${site.json.entity.identifier}`, { headers: editor })).status, 404);
  t.equal(
    (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'DEMO.example.com' } })).status,
    409,
    'site names are unique, ignoring case',
  );
  t.equal((await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName: 'bad name/..' } })).status, 400);

  const languages = await s.http('GET', '/api/v2/languages', { headers: editor });
  t.match(languages.json.entity, [{ id: 1, languageCode: 'en', countryCode: 'US', defaultLanguage: true }]);
  const es = await s.http('POST', '/api/v2/languages', {
    headers: admin,
    body: { languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' },
  });
  t.match(es.json.entity, { id: 2, languageCode: 'es', countryCode: 'ES', defaultLanguage: false });
  const fr = await s.http('POST', '/api/v2/languages', {
    headers: admin,
    body: { languageCode: 'fr', language: 'French' },
  });
  t.equal(fr.json.entity.id, 3);
  const again = await s.http('POST', '/api/v2/languages', {
    headers: admin,
    body: { languageCode: 'es', countryCode: 'ES', language: 'Spanish', country: 'Spain' },
  });
  t.equal(again.status, 200, 'a language that exists is answered, as the original does');
  t.match(again.json, { entity: { id: 2 }, messages: [{ message: 'Language already exists.' }] });
  t.equal((await s.http('GET', '/api/v2/languages/2', { headers: editor })).json.entity.language, 'Spanish');
  t.equal(
    (await s.http('GET', '/api/v2/languages/99', { headers: editor })).status,
    400,
    'unknown languageId is a 400, as the original answers',
  );
});
