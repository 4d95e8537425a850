import t from 'tap';
import { ADMIN, startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Lock-out after failed sign-ins, and sign-in exhaustion. Client addresses come from X-Forwarded-For,
// which the service reads because these apps trust a proxy.
const trustProxy = { CMS_HTTP_TRUST_PROXY: 'true' };

function signIn(s: TestApp, ip: string, user: string, password: string) {
  return s.http('POST', '/api/v1/authentication', { headers: { 'x-forwarded-for': ip }, body: { user, password } });
}

function basic(s: TestApp, ip: string, user: string, password: string) {
  return s.http('GET', '/api/v1/users/current', { headers: { 'x-forwarded-for': ip, ...s.basicAuth(user, password) } });
}

testOnSqlite(
  'failures from one address do not lock the administrator out from another',
  async (t, s) => {
    for (let i = 0; i < 7; i++) {
      const failed = await signIn(s, '192.0.2.1', ADMIN.email, `guess-${i}`);
      t.equal(failed.status, i < 5 ? 401 : 429, `attempt ${i + 1} from the guessing address`);
    }
    const held = await signIn(s, '192.0.2.1', ADMIN.email, ADMIN.password);
    t.equal(held.status, 429, 'the guessing address is held back even with the right password');
    t.ok(Number(held.headers.get('retry-after')) > 0, 'Retry-After');
    t.equal(held.json.errors[0].errorCode, 'AUTH_TOO_MANY_ATTEMPTS');
    t.equal((await signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password)).status, 200, 'sign-in from elsewhere');
    t.equal((await basic(s, '198.51.100.8', ADMIN.email, ADMIN.password)).status, 200, 'Basic from elsewhere');
    t.equal((await basic(s, '192.0.2.1', ADMIN.email, ADMIN.password)).status, 429, 'Basic shares the count');
    const cmsauth = { cmsauth: Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64') };
    const legacy = (ip: string) =>
      s.http('GET', '/api/v1/users/current', { headers: { 'x-forwarded-for': ip, ...cmsauth } });
    t.equal((await legacy('192.0.2.1')).status, 429, 'so does CMSAUTH');
    t.equal((await legacy('198.51.100.9')).status, 200, 'CMSAUTH from elsewhere');
  },
  { env: trustProxy },
);

testOnSqlite(
  'many addresses failing on one account: a clean address with the right password still signs in',
  async (t, s) => {
    t.equal((await signIn(s, '198.51.100.20', ADMIN.email, ADMIN.password)).status, 200, "the owner's desk signs in");
    t.equal((await signIn(s, '198.51.100.20', ADMIN.email, 'typo')).status, 401, 'and mistypes once');
    for (let i = 0; i < 3; i++) t.equal((await signIn(s, `203.0.113.${i}`, ADMIN.email, 'guess')).status, 401);
    t.equal((await signIn(s, '192.0.2.50', 'someone@cms.com', 'typo')).status, 401, 'an address that failed elsewhere');

    t.equal((await signIn(s, '203.0.113.99', ADMIN.email, 'guess')).status, 429, 'a wrong password: refused, counted');
    t.equal((await signIn(s, '203.0.113.99', ADMIN.email, ADMIN.password)).status, 429, 'that address is spent now');
    t.equal(
      (await signIn(s, '203.0.113.0', ADMIN.email, ADMIN.password)).status,
      429,
      'so is every address that failed',
    );
    t.equal((await signIn(s, '192.0.2.50', ADMIN.email, ADMIN.password)).status, 429, 'on any account');
    t.equal((await signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password)).status, 200, 'a clean address gets in');
    t.equal((await basic(s, '198.51.100.8', ADMIN.email, ADMIN.password)).status, 200, 'by Basic too');
    t.equal(
      (await signIn(s, '198.51.100.20', ADMIN.email, ADMIN.password)).status,
      200,
      "the owner's desk, which signed in lately, despite its typing error",
    );
  },
  // No credential cache: every sign-in with the right password checks it.
  { env: { ...trustProxy, CMS_AUTH_LOGIN_ACCOUNT_MAX_FAILURES: '4', CMS_AUTH_CREDENTIAL_CACHE_SECONDS: '0' } },
);

t.test('one password sprayed over many accounts from one address is held back', async (t) => {
  const s = (await startTestApp(t, { env: trustProxy }))!;
  const hashes = s.app.services.hashes;
  for (let i = 0; i < 20; i++) t.equal((await signIn(s, '192.0.2.1', `user${i}@cms.com`, 'Summer2024!')).status, 401);
  const before = hashes.started;
  const held = await signIn(s, '192.0.2.1', 'user20@cms.com', 'Summer2024!');
  t.equal(held.status, 429, 'after auth.login.address.max.failures (20) the address is held back');
  t.equal((await signIn(s, '192.0.2.1', ADMIN.email, ADMIN.password)).status, 429, 'whatever the account');
  t.equal(hashes.started, before, 'refused before any hashing');
  t.equal((await signIn(s, '198.51.100.7', 'user20@cms.com', 'Summer2024!')).status, 401, 'others are not');
});

testOnSqlite(
  'one address is held back for one account after auth.login.max.failures, and only for it',
  async (t, s) => {
    const created = await s.http('POST', '/api/v1/users', {
      headers: s.basicAuth(),
      body: { email: 'editor@cms.com', firstName: 'E', lastName: 'D', password: 'editor-password' },
    });
    t.equal(created.status, 200);
    for (let i = 0; i < 3; i++) t.equal((await basic(s, '192.0.2.1', ADMIN.email, 'wrong')).status, 401);
    t.equal((await signIn(s, '192.0.2.1', ADMIN.email, ADMIN.password)).status, 429, 'held back for the admin');
    t.equal((await signIn(s, '192.0.2.1', 'editor@cms.com', 'wrong')).status, 401, 'not for another account');
    t.equal((await signIn(s, '192.0.2.1', 'editor@cms.com', 'editor-password')).status, 200);
    t.equal((await signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password)).status, 200, 'not for another address');
  },
  { env: { ...trustProxy, CMS_AUTH_LOGIN_MAX_FAILURES: '3' } },
);

t.test('addresses of one IPv6 /64 count as one', async (t) => {
  const s = (await startTestApp(t, { env: { ...trustProxy, CMS_AUTH_LOGIN_MAX_FAILURES: '3' } }))!;
  for (let i = 1; i <= 3; i++) await signIn(s, `2001:db8:0:7::${i}`, ADMIN.email, 'wrong');
  t.equal((await signIn(s, '2001:db8:0:7:abcd::1', ADMIN.email, ADMIN.password)).status, 429);
  t.equal((await signIn(s, '2001:db8:0:8::1', ADMIN.email, ADMIN.password)).status, 200, 'another /64');
});

t.test('without proxy trust a made-up X-Forwarded-For escapes nothing', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_LOGIN_MAX_FAILURES: '3' } }))!;
  for (let i = 1; i <= 3; i++) await signIn(s, `192.0.2.${i}`, ADMIN.email, 'wrong');
  t.equal(
    (await signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password)).status,
    429,
    'all from the one socket address',
  );
});

t.test('a full hash queue answers 503 with Retry-After, before any hashing', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_HASH_CONCURRENCY: '1', CMS_AUTH_HASH_QUEUE_SIZE: '0' } }))!;
  const hashes = s.app.services.hashes;
  let release!: () => void;
  // Holds the only turn, as a long hash would.
  const busy = hashes.run(() => new Promise<void>((resolve) => (release = resolve)));
  const before = hashes.started;
  for (const answer of [
    await s.http('POST', '/api/v1/authentication', { body: { user: ADMIN.email, password: ADMIN.password } }),
    await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() }),
  ]) {
    t.equal(answer.status, 503);
    t.equal(answer.json.errors[0].errorCode, 'AUTH_BUSY');
    t.ok(Number(answer.headers.get('retry-after')) >= 1, 'Retry-After');
  }
  t.equal(hashes.started, before, 'nothing was hashed');
  release();
  await busy;
  const signedIn = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  t.equal(signedIn.status, 200, 'a free turn: signed in');
  const wrong = await s.http('POST', '/api/v1/authentication', { body: { user: ADMIN.email, password: 'x' } });
  t.equal(wrong.status, 401, 'a refusal for busyness counted no failure');
});

testOnSqlite('unknown, inactive and known accounts: the same answer after exactly one hash', async (t, s) => {
  const hashes = s.app.services.hashes;
  const storage = s.app.services.storage;
  const created = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'gone@cms.com', firstName: 'G', lastName: 'One', password: 'gone-password' },
  });
  await storage.users.update(created.json.entity.userId, { active: false });
  const seen: Array<{ status: number; text: string; hashes: number }> = [];
  for (const [user, password] of [
    [ADMIN.email, 'wrong'],
    ['nobody@cms.com', 'wrong'],
    ['gone@cms.com', 'wrong'],
    ['gone@cms.com', 'gone-password'],
  ] as const) {
    for (const ask of [
      () => s.http('POST', '/api/v1/authentication', { body: { user, password } }),
      () => s.http('GET', '/api/v1/users/current', { headers: s.basicAuth(user, password) }),
    ]) {
      const before = hashes.started;
      const answer = await ask();
      seen.push({ status: answer.status, text: answer.text, hashes: hashes.started - before });
    }
  }
  t.equal(seen[0]!.status, 401);
  t.same(
    seen.filter((_, i) => i % 2 === 0),
    Array(4).fill(seen[0]),
    'sign-in: same status, same body, one hash each',
  );
  t.same(
    seen.filter((_, i) => i % 2 === 1),
    Array(4).fill(seen[1]),
    'Basic: the same',
  );
});

t.test('an address that signed in recently goes first: strangers queued for hashing give way', async (t) => {
  // No credential cache: the second sign-in must hash to show who goes first.
  const s = (await startTestApp(t, {
    env: {
      ...trustProxy,
      CMS_AUTH_HASH_CONCURRENCY: '1',
      CMS_AUTH_HASH_QUEUE_SIZE: '1',
      CMS_AUTH_CREDENTIAL_CACHE_SECONDS: '0',
    },
  }))!;
  const hashes = s.app.services.hashes;
  t.equal((await signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password)).status, 200, 'signed in once');
  let release!: () => void;
  const busy = hashes.run(() => new Promise<void>((resolve) => (release = resolve)));
  const stranger = signIn(s, '203.0.113.1', 'random@example.com', 'guess');
  while (hashes.load.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
  const genuine = signIn(s, '198.51.100.7', ADMIN.email, ADMIN.password);
  const refused = await stranger;
  t.equal(refused.status, 503, 'the stranger gave its place');
  t.equal(refused.json.errors[0].errorCode, 'AUTH_BUSY');
  release();
  await busy;
  t.equal((await genuine).status, 200, 'the genuine sign-in went through');
});
