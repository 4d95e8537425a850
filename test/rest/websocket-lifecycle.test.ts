import t, { type Test } from 'tap';
import { createServer, connect, type Socket } from 'node:net';
import { buildApp } from '../../host/app.js';
import { mustOpen, type EventClient } from '../helpers/event-socket-client.js';
import { within } from '../helpers/wait-async.js';
import { ADMIN, startTestApp, tempDataDir } from '../helpers/test-app.js';

/**
 * Pings every 500 ms: soon enough for quick tests, and long beside the pause a busy machine may give
 * the process (client and server share it), so that an answering client always answers in time.
 */
const PING_MS = 500;
const PINGS = { CMS_WEBSOCKET_USEPINGPONG: 'true', CMS_WEBSOCKET_MILLIS_PINGPONG: String(PING_MS) };

/** Resolves once `client` has received `count` pings in all. */
function pinged(client: EventClient, count: number): Promise<void> {
  return within(
    new Promise<void>((resolve) => {
      // Registered after the client's own counter, so it sees the ping counted.
      const look = () => {
        if (client.pings < count) return;
        client.ws.off('ping', look);
        resolve();
      };
      client.ws.on('ping', look);
      look();
    }),
    { what: () => `${count} pings (${client.pings} so far)` },
  );
}

/** The socket's close code, failing after the wait bound. */
const closeOf = (client: EventClient, what: string) => within(client.closed, { what });

/**
 * A TCP proxy that closes a connection on which nothing passed for `idleMs` (as a load balancer's
 * idle timeout does). Answers its http:// URL and how many connections it cut.
 */
async function idleProxy(t: Test, target: string, idleMs: number): Promise<{ url: string; cut: () => number }> {
  const { hostname, port } = new URL(target);
  let cut = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    let timer: NodeJS.Timeout;
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        cut++;
        client.destroy();
        upstream.destroy();
      }, idleMs);
    };
    idle();
    client.on('data', (chunk) => (idle(), upstream.write(chunk)));
    upstream.on('data', (chunk) => (idle(), client.write(chunk)));
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('close', () => (clearTimeout(timer), b.destroy()));
      a.on('error', () => b.destroy());
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, cut: () => cut };
}

t.test('ping-pong on: pings at the interval; a client that stops answering is closed', async (t) => {
  const s = (await startTestApp(t, { socket: true, env: PINGS }))!;
  const alive = await mustOpen(s.url, s.basicAuth());
  const silent = await mustOpen(s.url, s.basicAuth(), { autoPong: false });
  let pingsWhenSilentClosed = -1;
  void silent.closed.then(() => (pingsWhenSilentClosed = silent.pings));
  await closeOf(silent, 'the silent client closed');
  t.equal(
    pingsWhenSilentClosed,
    1,
    'a client that does not answer is closed at the ping after the one it left unanswered',
  );
  // Pinged on: every ping, and the close of the silent one, come from the same ticks of the interval.
  await pinged(alive, 3);
  t.equal(alive.ws.readyState, alive.ws.OPEN, 'a client that answers stays open');
  alive.ws.close();
});

t.test('ping-pong off (the default): the server sends no pings; a client’s own pings are answered', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  // A service with ping-pong on, in the same process: its pings count the intervals that pass.
  const clock = (await startTestApp(t, { socket: true, env: PINGS }))!;
  const client = await mustOpen(s.url, s.basicAuth(), { autoPong: false });
  const ticks = await mustOpen(clock.url, clock.basicAuth());
  const pong = new Promise((resolve) => client.ws.once('pong', resolve));
  client.ws.ping();
  await within(pong, { what: 'the answer to the client’s ping' });
  await pinged(ticks, 3);
  t.equal(client.pings, 0, 'no pings, while the other service sent three');
  t.equal(client.ws.readyState, client.ws.OPEN, 'a quiet client is not closed');
  client.ws.close();
  ticks.ws.close();
});

t.test('a proxy that cuts idle connections: ping-pong, or the client’s own pings, keep the socket', async (t) => {
  // Four intervals: only a pause of the whole process that long could let the proxy cut a kept socket.
  const IDLE_MS = 4 * PING_MS;
  const off = (await startTestApp(t, { socket: true }))!;
  const on = (await startTestApp(t, { socket: true, env: PINGS }))!;
  const proxyOff = await idleProxy(t, off.url, IDLE_MS);
  const proxyOn = await idleProxy(t, on.url, IDLE_MS);

  const quiet = await mustOpen(proxyOff.url, off.basicAuth());
  const pinging = await mustOpen(proxyOff.url, off.basicAuth());
  const timer = setInterval(() => pinging.ws.ping(), PING_MS);
  const served = await mustOpen(proxyOn.url, on.basicAuth());
  await closeOf(quiet, 'the proxy cutting the quiet connection');
  t.equal(quiet.ws.readyState, quiet.ws.CLOSED, 'without traffic the proxy cuts the connection');
  // A second quiet connection cut too: the others have now lived through two idle timeouts.
  const quietAgain = await mustOpen(proxyOff.url, off.basicAuth());
  await closeOf(quietAgain, 'the proxy cutting the second quiet connection');
  clearInterval(timer);
  t.equal(pinging.ws.readyState, pinging.ws.OPEN, 'a client that pings survives, ping-pong off');
  t.equal(served.ws.readyState, served.ws.OPEN, 'the server’s pings keep it alive, ping-pong on');
  t.equal(proxyOn.cut(), 0);
  pinging.ws.close();
  served.ws.close();
});

t.test('sockets close when their credential ends: sign-out, API key revoked, user deactivated', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const login = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const otherLogin = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  const otherCookie = otherLogin.headers.get('set-cookie')!.split(';')[0]!;
  const session = await mustOpen(s.url, { cookie });
  const otherSession = await mustOpen(s.url, { cookie: otherCookie });
  const created = await s.http('POST', '/api/v1/apitoken', {
    headers: s.basicAuth(),
    body: { userId: 'cms.org.1', expirationSeconds: 600 },
  });
  const bearer = await mustOpen(s.url, { authorization: `Bearer ${created.json.entity.jwt}` });

  t.equal((await s.http('GET', '/api/v1/logout', { headers: { cookie } })).status, 200);
  t.equal(await session.closed, 1008, 'the signed-out session’s socket is closed');
  t.equal(otherSession.ws.readyState, otherSession.ws.OPEN, 'another session of the same user stays');
  t.equal(bearer.ws.readyState, bearer.ws.OPEN);

  await s.http('PUT', `/api/v1/apitoken/${created.json.entity.token.id}/revoke`, { headers: s.basicAuth() });
  t.equal(await bearer.closed, 1008, 'the revoked key’s socket is closed');
  t.equal(otherSession.ws.readyState, otherSession.ws.OPEN);

  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'ann@x.com', firstName: 'Ann', lastName: 'X', password: 'a-user-password-1', roles: [] },
  });
  const ann = await mustOpen(s.url, s.basicAuth('ann@x.com', 'a-user-password-1'));
  const deactivated = await s.http('PUT', `/api/v1/users/${made.json.entity.userId}`, {
    headers: s.basicAuth(),
    body: { active: false },
  });
  t.equal(deactivated.status, 200, deactivated.text);
  t.equal(await ann.closed, 1008, 'a deactivated user’s socket is closed');
  t.equal(otherSession.ws.readyState, otherSession.ws.OPEN);
  otherSession.ws.close();
});

t.test('the server stopping closes sockets as going away (1001)', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const client = await mustOpen(s.url, s.basicAuth());
  await s.app.close();
  t.equal(await client.closed, 1001);
});

t.test('start-up refuses a ping interval that is not a positive number, or missing with ping-pong on', async (t) => {
  for (const [value, why] of [
    ['0', 'zero'],
    ['-5', 'negative'],
    ['soon', 'not a number'],
  ] as const) {
    await t.rejects(
      buildApp({
        env: {
          CMS_DATA_DIR: tempDataDir(t),
          INITIAL_ADMIN_PASSWORD: ADMIN.password,
          ...PINGS,
          CMS_WEBSOCKET_MILLIS_PINGPONG: value,
        },
        cwd: tempDataDir(t),
        logSink: { write: () => {} },
      }),
      /cms\.websocket\.millis\.pingpong.*above 0/,
      why,
    );
  }
  await t.rejects(
    buildApp({
      env: { CMS_DATA_DIR: tempDataDir(t), INITIAL_ADMIN_PASSWORD: ADMIN.password, CMS_WEBSOCKET_USEPINGPONG: 'true' },
      cwd: tempDataDir(t),
      logSink: { write: () => {} },
    }),
    /cms\.websocket\.millis\.pingpong is not set/,
    'ping-pong on without an interval',
  );
});

t.test('limits: a client that does not read is closed, not buffered for; a large frame closes', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const slow = await mustOpen(s.url, s.basicAuth());
  const reader = await mustOpen(s.url, s.basicAuth());
  let read = 0;
  reader.ws.on('message', () => read++);
  // The client stops reading: what the server sends piles up in the kernel, then in uWS.
  (slow.ws as unknown as { _socket: Socket })._socket.pause();
  const bus = s.app.services.events;
  const big = 'x'.repeat(100_000);
  for (let i = 0; i < 300; i++) {
    bus.publish({
      event: {
        event: 'MESSAGE',
        creationDate: i,
        payload: { type: 'message', data: { message: big }, visibility: 'USER', visibilityValue: 'cms.org.1' },
      },
      audience: { kind: 'user', userId: 'cms.org.1' },
    });
    // Deliveries are chained: each goes out (to the slow socket first, opened first) before the next.
    await reader.next((event) => event.creationDate === i);
  }
  // The reader has every event: the server has tried each on the slow socket too, and closed it once past the bound.
  (slow.ws as unknown as { _socket: Socket })._socket.resume();
  // 1013 when the close frame gets through; usually it cannot (it waits behind the backlog): 1006.
  t.ok(
    [1006, 1013].includes(await closeOf(slow, 'the slow client closed')),
    'closed once its backlog passed the bound',
  );
  t.ok(slow.events.length < 300, `it missed events instead of the server holding them (${slow.events.length} read)`);
  t.equal(read, 300, 'a client that reads gets every one');

  const talker = await mustOpen(s.url, s.basicAuth());
  talker.ws.send('y'.repeat(2048));
  t.equal(
    await talker.closed,
    1006,
    'a frame past the payload limit closes the connection at once (uWS sends no close frame)',
  );
  reader.ws.close();
});
