import t from 'tap';
import { startTestApp } from '../helpers/test-app.js';

const EVIL = 'https://evil.example';
const newUser = (email: string) => ({ email, firstName: 'N', lastName: 'U', password: 'a-long-password-1' });

// A page of another site cannot act with the credentials a browser holds.
t.test('state-changing requests from another site are refused before anything runs', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_HTTP_CORS_ORIGINS: 'https://app.example' } }))!;
  const admin = s.basicAuth();
  const users = async () => (await s.http('GET', '/api/v1/users', { headers: admin })).json.entity.length;
  const before = await users();

  const form = await s.http('POST', '/api/v1/users', {
    headers: { ...admin, 'content-type': 'text/plain', origin: EVIL },
    raw: JSON.stringify(newUser('a@x.com')),
  });
  t.equal(form.status, 403, 'a plain form post from another site');
  const script = await s.http('POST', '/api/v1/users', {
    headers: { ...admin, origin: EVIL },
    body: newUser('b@x.com'),
  });
  t.equal(script.status, 403);
  t.equal(script.json.errors[0].errorCode, 'HTTP_CROSS_SITE_REFUSED');
  const fetchMeta = await s.http('POST', '/api/v1/users', {
    headers: { ...admin, 'sec-fetch-site': 'cross-site' },
    body: newUser('c@x.com'),
  });
  t.equal(fetchMeta.status, 403, 'Sec-Fetch-Site: cross-site without an Origin');
  t.equal(await users(), before, 'nobody was created');

  const own = await s.http('POST', '/api/v1/users', {
    headers: { ...admin, origin: 'http://cms.local:8080', host: 'cms.local:8080' },
    body: newUser('own@x.com'),
  });
  t.equal(own.status, 200, "the service's own pages");
  const allowed = await s.http('POST', '/api/v1/users', {
    headers: { ...admin, origin: 'https://app.example' },
    body: newUser('app@x.com'),
  });
  t.equal(allowed.status, 200, 'an origin http.cors.origins lists');
  const tool = await s.http('POST', '/api/v1/users', { headers: admin, body: newUser('curl@x.com') });
  t.equal(tool.status, 200, 'clients that are not browsers send no Origin');
  t.equal(
    (await s.http('GET', '/api/v1/users', { headers: { ...admin, origin: EVIL } })).status,
    200,
    'reads stay open',
  );
});

t.test('Basic is offered only to a caller who sent Basic', async (t) => {
  const s = (await startTestApp(t))!;
  const anonymous = await s.http('GET', '/api/v1/users/current');
  t.equal(anonymous.status, 401);
  t.equal(anonymous.headers.get('www-authenticate'), null, 'no prompt a browser would remember and replay');
  const wrong = await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth('admin@cms.com', 'wrong') });
  t.equal(wrong.status, 401);
  t.match(wrong.headers.get('www-authenticate'), /^Basic /);
});

t.test('a logout link on another site ends nothing', async (t) => {
  const s = (await startTestApp(t))!;
  const signIn = await s.http('POST', '/api/v1/authentication', {
    body: { user: 'admin@cms.com', password: 'admin-test-password' },
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const crossSite = await s.http('GET', '/api/v1/logout', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
  t.equal(crossSite.status, 200, 'answered as the original answers');
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status, 200, 'still signed in');
  await s.http('GET', '/api/v1/logout', { headers: { cookie } });
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: { cookie } })).status, 401, 'a real logout works');
});
