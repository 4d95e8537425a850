import t from 'tap';
import { StorageToken } from '../../core/plugin/tokens.js';
import { resolve } from '../../host/container.js';
import { ADMIN, startTestApp } from '../helpers/test-app.js';

// Issue 10, item 8 (sessions).
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
  const storage = resolve(s.app.container, StorageToken);
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
  for (let i = 0; i < 40 && (await storage.sessions.find('expired-hash')); i++)
    await new Promise((r) => setTimeout(r, 100));
  t.equal(await storage.sessions.find('expired-hash'), undefined, 'the expired one is gone');
  t.ok(await storage.sessions.find('live-hash'), 'the live one stays');
});
