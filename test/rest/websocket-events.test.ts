import t from 'tap';
import { messageEvent } from '../../core/events/message-event.js';
import { mustOpen, openEvents } from '../helpers/event-socket-client.js';
import { ADMIN, startTestApp, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'a-user-password-1';

async function user(s: TestApp, email: string, roles: string[] = []): Promise<string> {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email, firstName: email.split('@')[0], lastName: 'X', password: PASSWORD, roles },
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
  await textContentType(s, 'Story');
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

testOnSqlite(
  'a published item raises SAVE and PUBLISH after the commit, for users with READ on it only',
  async (t, s) => {
    await user(s, 'bob@x.com');
    const readers = (
      await s.http('POST', '/api/v1/roles', {
        headers: s.basicAuth(),
        body: { roleName: 'Readers', roleKey: 'readers' },
      })
    ).json.entity.id;
    await user(s, 'carol@x.com', [readers]);
    const granted = await s.http('PUT', '/api/v1/permissions/SYSTEM_HOST', {
      headers: s.basicAuth(),
      body: { permissions: [{ roleId: readers, permissions: ['READ'] }] },
    });
    t.equal(granted.status, 200, 'Readers may read what the system host holds');
    const publish = await storyType(s);
    // Connected first: their deliveries are decided before the administrator's frame is sent.
    const bob = await mustOpen(s.url, basic('bob@x.com', PASSWORD));
    const carol = await mustOpen(s.url, basic('carol@x.com', PASSWORD));
    const admin = await mustOpen(s.url, s.basicAuth());
    const item = await publish('Breaking');
    const read = await s.http('GET', `/api/v1/content/${item.identifier}`, { headers: basic('bob@x.com', PASSWORD) });
    t.equal(read.status, 404, 'bob may not read the item: answered as an unknown id');

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
    t.strictSame(
      carol.events.map((e) => [e.event, e.payload.data.identifier]),
      [
        ['SAVE_BASE_CONTENT', item.identifier],
        ['PUBLISH_BASE_CONTENT', item.identifier],
      ],
      'a user whose role holds READ receives both',
    );
    t.strictSame(bob.events, [], 'nothing for a user without READ');

    for (const client of [bob, carol, admin]) client.ws.close();
  },
  { socket: true },
);

t.test('events are published after the commit only, never after a rollback', async (t) => {
  const s = (await startTestApp(t))!;
  const storage = s.app.services.storage;
  const bus = s.app.services.events;
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
    await bus.raise(tx, raised('committed'));
    t.strictSame(seen, [], 'not while the transaction runs');
  });
  t.strictSame(seen, ['committed'], 'once it committed');
  await t.rejects(
    storage.transaction(async (tx) => {
      await bus.raise(tx, raised('rolled back'));
      throw new Error('fails');
    }),
  );
  t.strictSame(seen, ['committed'], 'never after a rollback');
  const journal = (await storage.systemEvents.listAfter(0, 100)).map(
    (row) => JSON.parse(row.body).event.payload.data.id,
  );
  t.strictSame(journal, ['committed'], 'the journal other processes read lost the rolled-back event with the rest');
});

testOnSqlite(
  'a Message actionlet’s message reaches its recipient only, as GET /api/v1/messages shows it',
  async (t, s) => {
    const ann = await user(s, 'ann@x.com');
    await user(s, 'bob@x.com');
    const admin = s.basicAuth();
    const wf = (method: string, path: string, body?: unknown) =>
      s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
    const schemeId = (await wf('POST', '/schemes', { schemeName: 'Memos' })).json.entity.id;
    const draft = (await wf('POST', '/steps', { schemeId, stepName: 'Draft' })).json.entity.id;
    const sent = (await wf('POST', '/steps', { schemeId, stepName: 'Sent' })).json.entity.id;
    const action = (await wf('POST', '/actions', { actionName: 'Send', schemeId, stepId: draft, actionNextStep: sent }))
      .json.entity.id;
    for (const [actionletClass, parameters] of [
      ['com.cms.portlets.workflows.actionlet.SaveContentActionlet', {}],
      ['com.cms.portlets.workflows.MessageActionlet', { users: ann, message: 'Please read $content.title' }],
    ] as const) {
      const added = await wf('POST', `/actions/${action}/actionlets`, { actionletClass, parameters });
      if (added.status !== 200) throw new Error(added.text);
    }
    await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { clazz: 'SimpleContentType', name: 'Memo', variable: 'Memo', workflow: [schemeId] },
    });
    await s.http('POST', '/api/v2/contenttype/Memo/fields', {
      headers: admin,
      body: [{ clazz: 'TextField', name: 'title', variable: 'title' }],
    });
    // Connected first: their deliveries are decided before ann's frame is sent.
    const bob = await mustOpen(s.url, basic('bob@x.com', PASSWORD));
    const adminSocket = await mustOpen(s.url, admin);
    const annSocket = await mustOpen(s.url, basic('ann@x.com', PASSWORD));
    const fired = await s.http('PUT', `/api/v1/workflow/actions/${action}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Memo', title: 'Budget' } },
    });
    t.equal(fired.status, 200, 'the fire succeeds');

    const received = await annSocket.next((e) => e.event === 'MESSAGE');
    const listed = (await s.http('GET', '/api/v1/messages', { headers: basic('ann@x.com', PASSWORD) })).json.entity;
    t.match(received, {
      event: 'MESSAGE',
      creationDate: Number,
      payload: { type: 'message', visibility: 'USER', visibilityValue: ann },
    });
    t.strictSame(received.payload.data, listed.messages[0], 'the message as GET /api/v1/messages answers it');
    t.equal(received.payload.data.message, 'Please read Budget');
    // The administrator reads the item, so its SAVE arrives; the message is not theirs.
    await adminSocket.next((e) => e.event === 'SAVE_BASE_CONTENT');
    t.notOk(
      adminSocket.events.some((e) => e.event === 'MESSAGE'),
      'the firing administrator is not a recipient',
    );
    t.strictSame(bob.events, [], 'another user receives nothing');
    for (const client of [bob, adminSocket, annSocket]) client.ws.close();
  },
  { socket: true },
);
