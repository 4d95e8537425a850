import t from 'tap';
import { AuthService } from '../../core/auth/auth-service.js';
import { StorageToken } from '../../core/plugin/tokens.js';
import { resolve } from '../../host/container.js';
import { SystemEventBus } from '../../core/events/system-event-bus.js';
import { messageEvent } from '../../core/events/message-event.js';
import { buildApp } from '../../host/app.js';
import { mustOpen, openEvents, sleep, type EventClient } from '../helpers/event-socket-client.js';
import { ADMIN, startTestApp, tempDataDir, testOnEachStorage, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'a-user-password-1';

async function user(s: TestApp, email: string): Promise<string> {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: email.split('@')[0], lastName: 'X', password: PASSWORD, roles: [] },
  });
  if (made.status !== 200) throw new Error(made.text);
  return made.json.entity.userId;
}

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

async function signIn(s: TestApp, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const login = await s.http('POST', '/api/v1/authentication', { body: { user: email, password } });
  if (login.status !== 200) throw new Error(login.text);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

async function apiKey(s: TestApp): Promise<{ id: string; jwt: string }> {
  const created = await s.http('POST', '/api/v1/apitoken', {
    headers: s.basicAuth(),
    body: { userId: 'cms.org.1', expirationSeconds: 600 },
  });
  if (created.status !== 200) throw new Error(created.text);
  return { id: created.json.entity.token.id, jwt: created.json.entity.jwt };
}

/** A plain content type on the system workflow, and a fire of its default PUBLISH. */
async function storyType(s: TestApp) {
  await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: { clazz: 'SimpleContentType', name: 'Story', variable: 'Story' },
  });
  await s.http('POST', '/api/v2/contenttype/Story/fields', {
    headers: s.basicAuth(),
    body: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
  });
  return async (title: string) => {
    const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: s.basicAuth(),
      body: { contentletFormData: { contentType: 'Story', title } },
    });
    if (fired.status !== 200) throw new Error(fired.text);
    return fired.json.entity as { identifier: string; inode: string };
  };
}

t.test(
  'upgrades: unauthenticated refused; cookie and bearer accepted; cookies from another site refused',
  async (t) => {
    const s = (await startTestApp(t, { socket: true }))!;
    t.same(await openEvents(s.url), { refused: 401 }, 'no credential: 401');
    t.same(await openEvents(s.url, basic(ADMIN.email, 'wrong-password')), { refused: 401 }, 'a wrong one: 401');

    const cookie = await signIn(s);
    const { jwt } = await apiKey(s);
    const byCookie = await mustOpen(s.url, { cookie });
    const byBearer = await mustOpen(s.url, { authorization: `Bearer ${jwt}` });
    const ownOrigin = await mustOpen(s.url, { cookie, origin: s.url });
    t.pass('session cookie, bearer key and the service’s own Origin are accepted');

    t.same(
      await openEvents(s.url, { cookie, origin: 'https://evil.example' }),
      { refused: 403 },
      'a cookie from another site’s page: refused (cross-site websocket hijacking)',
    );
    t.same(
      await openEvents(s.url, { cookie, 'sec-fetch-site': 'cross-site' }),
      { refused: 403 },
      'Sec-Fetch-Site: cross-site with a cookie: refused',
    );
    const bearerElsewhere = await mustOpen(s.url, { authorization: `Bearer ${jwt}`, origin: 'https://evil.example' });
    t.pass('a bearer key is accepted from another origin: a page cannot borrow it');

    const plainGet = await s.http('GET', '/api/ws/v1/system/events', { headers: s.basicAuth() });
    t.equal(plainGet.status, 404, 'the path is a websocket only');
    for (const client of [byCookie, byBearer, ownOrigin, bearerElsewhere]) client.ws.close();
  },
);

testOnEachStorage(
  'a published item raises SAVE and PUBLISH after the commit; a user without READ receives neither',
  async (t, s) => {
    await user(s, 'bob@x.com');
    const publish = await storyType(s);
    // Connected first: bob's delivery is decided before the administrator's frame is sent.
    const bob = await mustOpen(s.url, basic('bob@x.com', PASSWORD));
    const admin = await mustOpen(s.url, s.basicAuth());
    const item = await publish('Breaking');
    const read = await s.http('GET', `/api/v1/content/${item.identifier}`, { headers: basic('bob@x.com', PASSWORD) });
    t.equal(read.status, 403, 'bob may not read the item');

    const published = await admin.next((e) => e.event === 'PUBLISH_BASE_CONTENT');
    t.match(published, {
      event: 'PUBLISH_BASE_CONTENT',
      creationDate: Number,
      payload: {
        type: 'contentlet',
        visibility: 'PERMISSION',
        visibilityValue: 1,
        data: {
          identifier: item.identifier,
          inode: item.inode,
          title: 'Breaking',
          contentType: 'Story',
          languageId: 1,
          modUser: 'cms.org.1',
          live: true,
        },
      },
    });
    const saved = await admin.next((e) => e.event === 'SAVE_BASE_CONTENT');
    t.ok(admin.events.indexOf(saved) < admin.events.indexOf(published), 'the save comes before the publish');
    t.strictSame(bob.events, [], 'nothing for a user without READ');

    bob.ws.close();
    admin.ws.close();
  },
  { socket: true },
);

t.test('events are published after the commit only, never after a rollback', async (t) => {
  const s = (await startTestApp(t))!;
  const storage = resolve(s.app.container, StorageToken);
  const bus = resolve(s.app.container, SystemEventBus);
  const seen: string[] = [];
  bus.subscribe((raised) => seen.push(String(raised.event.payload.data.id)));
  const raised = (id: string) =>
    messageEvent({
      id,
      userId: 'cms.org.1',
      text: id,
      fromUserId: 'cms.org.1',
      identifier: null,
      createdAt: 1,
      readAt: null,
    });
  await storage.transaction(async (tx) => {
    bus.raise(tx, raised('committed'));
    t.strictSame(seen, [], 'not while the transaction runs');
  });
  t.strictSame(seen, ['committed'], 'once it committed');
  await t.rejects(
    storage.transaction(async (tx) => {
      bus.raise(tx, raised('rolled back'));
      throw new Error('fails');
    }),
  );
  t.strictSame(seen, ['committed'], 'never after a rollback');
});
