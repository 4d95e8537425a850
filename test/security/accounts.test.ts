import t from 'tap';
import { startTestApp } from '../helpers/test-app.js';

// Accounts: e-mail addresses are validated before a user is made.
t.test('e-mail addresses: one @, a domain, no control characters', async (t) => {
  const s = (await startTestApp(t))!;
  const create = (email: string) =>
    s.http('POST', '/api/v1/users', {
      headers: s.basicAuth(),
      body: { email, firstName: 'A', lastName: 'B', password: 'a-long-password-1' },
    });
  for (const email of [
    'a@@b.com',
    'a@b',
    'bell\u0007@x.com',
    'line\nbreak@x.com',
    'a b@x.com',
    'a@b..com',
    'a@-b.com',
  ]) {
    const refused = await create(email);
    t.equal(refused.status, 400, JSON.stringify(email));
    t.equal(refused.json.errors[0].errorCode, 'USER_EMAIL_INVALID', JSON.stringify(email));
  }
  for (const email of ['a.b+tag@sub.example.org', 'ü@bücher.de']) t.equal((await create(email)).status, 200, email);
});
