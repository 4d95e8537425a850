import t from 'tap';
import { stalledRequest, type StalledRequest } from '../helpers/raw-http.js';
import { residentMiB, startService } from '../helpers/service-process.js';
import { ADMIN, startTestApp, tempDataDir } from '../helpers/test-app.js';
import { waitUntil, within } from '../helpers/wait-async.js';

// Memory exhaustion before authentication. Bodies are read only once the caller
// may send one; bodies in memory and requests in progress are capped; an aborted upload gives back
// what it held.

const BASIC = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;
const NINE_MIB = 9 * 1024 * 1024;

/** The head of an upload to a route that needs an administrator. */
function uploadHead(declared: number, authorization?: string): string {
  const credentials = authorization ? `Authorization: ${authorization}\r\n` : '';
  return `POST /api/v1/contenttype HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${credentials}Content-Length: ${declared}\r\n\r\n`;
}

const statusOf = (r: StalledRequest) => /^HTTP\/1\.1 (\d{3})/.exec(r.text)?.[1];

async function closeAll(requests: StalledRequest[]): Promise<void> {
  await Promise.all(
    requests.map((r) => {
      if (r.closed) return undefined;
      const closed = new Promise((resolve) => r.socket.once('close', resolve));
      r.socket.destroy();
      return closed;
    }),
  );
}

t.test('an anonymous or wrongly signed upload is answered 401 before its body is read', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  for (const [who, authorization] of [
    ['anonymous', undefined],
    ['wrong password', `Basic ${Buffer.from(`${ADMIN.email}:not-the-password`).toString('base64')}`],
  ] as const) {
    const upload = await stalledRequest(s.url, uploadHead(NINE_MIB, authorization), Buffer.alloc(1024, 'x'));
    await upload.answered;
    t.equal(statusOf(upload), '401', `${who}: 401 with 9 MiB still unsent`);
    await closeAll([upload]);
  }

  // The rest of an answered body is dropped as it arrives: the client reads the answer, not a reset,
  // and the connection carries the next request.
  const upload = await stalledRequest(s.url, uploadHead(64 * 1024), Buffer.alloc(1024, 'x'));
  await upload.answered;
  t.equal(statusOf(upload), '401');
  const next = new Promise((resolve) =>
    upload.socket.on('data', () => /HTTP\/1\.1 200 /.test(upload.text) && resolve(undefined)),
  );
  upload.socket.write(Buffer.alloc(63 * 1024, 'x'));
  upload.socket.write('GET /api/v1/probes/alive HTTP/1.1\r\nHost: x\r\n\r\n');
  await next;
  t.match(upload.text, /HTTP\/1\.1 401 [\s\S]*HTTP\/1\.1 200 /, 'the same connection served the next request');
  await closeAll([upload]);
});

t.test('bodies in memory are capped by http.max.inflight.body.bytes: past it 503 with Retry-After', async (t) => {
  const s = (await startTestApp(t, { socket: true, env: { CMS_HTTP_MAX_INFLIGHT_BODY_BYTES: '1000000' } }))!;
  // Two uploads of 800 000 bytes under a budget of 1 000 000: whichever is judged first is read, the
  // other answered 503 (which one depends on the order their credentials are checked in).
  const both = [
    await stalledRequest(s.url, uploadHead(800_000, BASIC), Buffer.alloc(1000, ' ')),
    await stalledRequest(s.url, uploadHead(800_000, BASIC), Buffer.alloc(1000, ' ')),
  ];
  await within(Promise.race(both.map((r) => r.answered)), { what: 'one of the two uploads answered' });
  const second = both.find((r) => r.text !== '' || r.closed)!;
  const first = both.find((r) => r !== second)!;
  t.equal(statusOf(second), '503');
  t.match(second.text, /Retry-After: \d+/);
  t.match(second.text, /HTTP_OVERLOADED/);
  t.notOk(first.closed, 'the upload being read goes on');
  t.equal(first.text, '', 'unanswered, its body still awaited');

  await closeAll([first, second]);
  const after = await stalledRequest(s.url, uploadHead(800_000, BASIC), Buffer.alloc(800_000, ' '));
  await after.answered;
  t.equal(statusOf(after), '400', 'an aborted upload gave its bytes back: the next one is read (and is not JSON)');
  await closeAll([after]);
});

t.test('requests in progress are capped by http.max.connections; an aborted upload gives its place back', async (t) => {
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_HTTP_MAX_CONNECTIONS: '2', CMS_SHUTDOWN_TIMEOUT_SECONDS: '60' },
  }))!;
  // Three uploads for two places: one is refused once the other two are in progress, which they stay.
  const uploads = [
    await stalledRequest(s.url, uploadHead(100_000, BASIC), Buffer.alloc(100, ' ')),
    await stalledRequest(s.url, uploadHead(100_000, BASIC), Buffer.alloc(100, ' ')),
    await stalledRequest(s.url, uploadHead(100_000, BASIC), Buffer.alloc(100, ' ')),
  ];
  await within(Promise.race(uploads.map((r) => r.answered)), { what: 'one of the three uploads answered' });
  t.same(
    uploads.map((r) => statusOf(r)).filter((status) => status !== undefined),
    ['503'],
    'the one past the two places is refused',
  );
  const refused = await fetch(`${s.url}/api/v1/probes/alive`);
  t.equal(refused.status, 503);
  t.ok(refused.headers.get('retry-after'), 'Retry-After says when to come back');

  await closeAll(uploads);
  // The server learns of the closes on its own time: asked until it serves (nothing announces it).
  const served = await waitUntil(
    async () => {
      const answer = await fetch(`${s.url}/api/v1/probes/alive`);
      return answer.status === 200 ? answer : undefined;
    },
    { what: 'the aborted uploads giving their places back' },
  );
  t.equal(served.status, 200, 'the aborted uploads gave their places back');

  // Graceful close waits for requests in progress: none is left, so it does not wait its 60 s.
  const started = Date.now();
  await s.app.close();
  t.ok(Date.now() - started < 30_000, 'close did not wait for the aborted uploads');
});

t.test('stalled uploads hold bounded server memory, given back when they close', async (t) => {
  const password = ADMIN.password;
  const { child, url } = await startService(
    t,
    { CMS_DATA_DIR: tempDataDir(t), CMS_HTTP_MAX_INFLIGHT_BODY_BYTES: String(32 * 1024 * 1024), LOG_LEVEL: 'warn' },
    password,
  );
  const warm = await fetch(`${url}/api/v1/users/current`, { headers: { authorization: BASIC } });
  t.equal(warm.status, 200);
  const before = residentMiB(child.pid!);

  // 200 anonymous uploads that send 1 MiB of a declared 9 MiB and stall: the attack this file guards against.
  const anonymous: StalledRequest[] = [];
  for (let i = 0; i < 200; i++) anonymous.push(await stalledRequest(url, uploadHead(NINE_MIB), Buffer.alloc(1 << 20)));
  // 100 signed-in ones that do the same: their bodies are read, up to the in-flight budget.
  const signedIn: StalledRequest[] = [];
  for (let i = 0; i < 100; i++)
    signedIn.push(await stalledRequest(url, uploadHead(NINE_MIB, BASIC), Buffer.alloc(1 << 20)));
  await within(Promise.all(anonymous.map((r) => r.answered)), { what: 'every anonymous upload answered' });
  // The signed-in ones are judged in their turn: those past the budget answered 503, the rest read.
  const overBudget = () => signedIn.filter((r) => statusOf(r) === '503').length;
  await waitUntil(() => overBudget() >= 60, { what: () => `60 signed-in uploads refused (${overBudget()} so far)` });
  const during = residentMiB(child.pid!);
  const anonymousStatuses = anonymous.map((r) => statusOf(r) ?? (r.closed ? 'closed' : 'nothing'));
  t.same(new Set(anonymousStatuses), new Set(['401']), 'every anonymous upload got 401');
  t.ok(signedIn.filter((r) => statusOf(r) === '503').length >= 60, 'signed-in uploads past the 32 MiB budget got 503');
  // Before: 300 MiB held (2 GB with 9 MiB each). Now the 32 MiB budget, plus what the sockets buffer.
  t.ok(during - before < 150, `memory during the stall grew by ${Math.round(during - before)} MiB (bound 150)`);

  await closeAll([...anonymous, ...signedIn]);
  // Given back: looked at until it is (the kernel and the allocator give it back on their own time).
  let after = residentMiB(child.pid!);
  await waitUntil(() => (after = residentMiB(child.pid!)) - before < 100, {
    what: () => `memory given back (${Math.round(after - before)} MiB above the start)`,
  });
  t.ok(after - before < 100, `memory after the connections closed: ${Math.round(after - before)} MiB above the start`);
  const alive = await fetch(`${url}/api/v1/users/current`, { headers: { authorization: BASIC } });
  t.equal(alive.status, 200, 'the service goes on serving');
});
