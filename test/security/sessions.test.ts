import t from 'tap';
import { ADMIN, startTestApp } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-async.js';

// Sign-in sessions: the cookie lives with the browser session, and expired sessions are swept.
t.test('the session cookie lives with the browser session; the server decides when it ends', async (t) => {
  const s = (await startTestApp(t))!;
  const signIn = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  const cookie = signIn.headers.get('set-cookie')!;
  t.match(cookie, /^JSESSIONID=[^;]+; /);
  t.notMatch(cookie, /Max-Age|Expires/i, 'no fixed lifetime that would end a session the server keeps alive');
  t.match(cookie, /HttpOnly/);
});

t.test('expired sessions are swept from storage on a schedule', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_AUTH_SESSION_SWEEP_SECONDS: '1' } }))!;
  const storage = s.app.services.storage;
  const now = Date.now();
  await storage.sessions.insert({
    tokenHash: 'expired-hash',
    userId: 'cms.org.1',
    createdAt: now - 10,
    lastSeenAt: now - 10,
    expiresAt: now - 5,
  });
  await storage.sessions.insert({
    tokenHash: 'live-hash',
    userId: 'cms.org.1',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + 60_000,
  });
  const token = (id: string, kind: 'api' | 'cookie', expiresAt: number) => ({
    id,
    userId: 'cms.org.1',
    kind,
    issuedAt: now - 10,
    expiresAt,
    notBefore: null,
    revokedAt: null,
    network: null,
    label: null,
    requestingUserId: 'cms.org.1',
    requestingIp: '127.0.0.1',
  });
  await storage.issuedTokens.insert(token('cookie-expired', 'cookie', now - 5));
  await storage.issuedTokens.insert(token('cookie-live', 'cookie', now + 60_000));
  await storage.issuedTokens.insert(token('api-expired', 'api', now - 5));
  const swept = async () =>
    !(await storage.sessions.find('expired-hash')) && !(await storage.issuedTokens.find('cookie-expired'));
  await waitUntil(swept, { what: 'the expired session and auto-login token swept' });
  t.equal(await storage.sessions.find('expired-hash'), undefined, 'the expired one is gone');
  t.ok(await storage.sessions.find('live-hash'), 'the live one stays');
  t.equal(await storage.issuedTokens.find('cookie-expired'), undefined, "an expired auto-login cookie's row is gone");
  t.ok(await storage.issuedTokens.find('cookie-live'), 'a live one stays');
  t.ok(await storage.issuedTokens.find('api-expired'), 'expired API keys stay listed, as in the original');
});
