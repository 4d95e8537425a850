import t from 'tap';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Config } from '../../../core/config/config.js';
import { OutboundHttpError } from '../../../core/plugin/outbound-http.js';
import { hostOutboundClients } from '../../../host/outbound/outbound-clients.js';
import { serviceVersion } from '../../../host/startup/version.js';
import { isPrivateAddress, resolveAllowedAddress } from '../../../host/outbound/address-guard.js';
import { UndiciOutboundHttp } from '../../../host/outbound/undici-outbound-http.js';
import { WAIT_LIMIT_MS } from '../../helpers/wait-async.js';

t.test('isPrivateAddress refuses everything but public unicast (the full table: address-guard.test.ts)', async (t) => {
  const refused = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not an address',
  ];
  for (const address of refused) t.ok(isPrivateAddress(address), `${address} is refused`);
  for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    t.notOk(isPrivateAddress(address), `${address} is public`);
  }
});

t.test('resolveAllowedAddress resolves names and checks what they resolve to', async (t) => {
  await t.rejects(
    resolveAllowedAddress('localhost', false),
    { code: 'OUTBOUND_ADDRESS_REFUSED' },
    'a name resolving to loopback',
  );
  await t.rejects(resolveAllowedAddress('[::1]', false), { code: 'OUTBOUND_ADDRESS_REFUSED' });
  t.equal(await resolveAllowedAddress('127.0.0.1', true), '127.0.0.1', 'allowed when private addresses are');
  t.equal(await resolveAllowedAddress('8.8.8.8', false), '8.8.8.8');
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('UndiciOutboundHttp: guard at connect, user agent, redirects, size limit, timeout', async (t) => {
  const seen: string[] = [];
  // Answers to /slow are held until the test ends: only the client's timeout can end such a call.
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers['user-agent']}`);
    if (req.url === '/hop') return void res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/big') return void res.end('x'.repeat(5000));
    if (req.url === '/slow') return void held.push(res);
    res.end('fine');
  });
  const base = await listen(server);
  t.teardown(() => {
    for (const res of held) res.end('late');
    server.close();
  });
  // A timeout only a hang reaches for the calls that answer; the timeout itself is tested with a short one.
  const options = { userAgent: 'cms/9.9.9', timeoutMs: WAIT_LIMIT_MS, maxResponseBytes: 1000 };

  const guarded = new UndiciOutboundHttp({ ...options, allowPrivate: false });
  t.teardown(() => guarded.close());
  await t.rejects(
    guarded.request(`${base}/ok`),
    new OutboundHttpError('', 'OUTBOUND_ADDRESS_REFUSED'),
    'an OutboundHttpError',
  );
  await t.rejects(guarded.request(`${base}/ok`), { code: 'OUTBOUND_ADDRESS_REFUSED' });
  await t.rejects(guarded.request(base.replace('127.0.0.1', 'localhost') + '/ok'), {
    code: 'OUTBOUND_ADDRESS_REFUSED',
  });
  t.equal(seen.length, 0, 'nothing reached the private server');

  const open = new UndiciOutboundHttp({ ...options, allowPrivate: true });
  t.teardown(() => open.close());
  const answer = await open.request(`${base}/hop`);
  t.equal(answer.status, 200);
  t.equal(answer.body.toString(), 'fine');
  t.equal(answer.url, `${base}/ok`);
  t.strictSame(seen, ['GET /hop cms/9.9.9', 'GET /ok cms/9.9.9']);
  const notFollowed = await open.request(`${base}/hop`, { maxRedirects: 0 });
  t.equal(notFollowed.status, 302, 'a call asking for no redirects gets the redirect itself');
  t.equal(notFollowed.headers.location, '/ok');
  t.equal(seen.length, 3, 'and its target is not called');
  await t.rejects(open.request(`${base}/loop`, { maxRedirects: 2 }), { code: 'OUTBOUND_REFUSED' });
  t.equal(seen.length, 6, 'two redirects followed, then refused');
  await t.rejects(open.request(`${base}/loop`, { maxRedirects: 50 }), { code: 'OUTBOUND_REFUSED' });
  t.equal(seen.length, 12, 'never more than the client allows');
  await t.rejects(open.request(`${base}/loop`), { code: 'OUTBOUND_REFUSED', message: /too many redirects/ });
  await t.rejects(open.request(`${base}/big`), { code: 'OUTBOUND_TOO_LARGE', message: /larger than 1000 bytes/ });
  const truncated = await open.request(`${base}/big`, { truncateBodyAt: 10 });
  t.equal(truncated.body.toString(), 'x'.repeat(10), 'truncateBodyAt keeps the start instead of failing');
  const impatient = new UndiciOutboundHttp({ ...options, allowPrivate: true, timeoutMs: 300 });
  t.teardown(() => impatient.close());
  await t.rejects(impatient.request(`${base}/slow`), { code: 'OUTBOUND_TIMEOUT' });
  await t.rejects(open.request('file:///etc/passwd'), {
    code: 'OUTBOUND_REFUSED',
    message: /file: URLs are not called/,
  });

  const asIs = new UndiciOutboundHttp({ ...options, allowPrivate: true, maxRedirects: 0, keepAlive: false });
  t.teardown(() => asIs.close());
  t.equal((await asIs.request(`${base}/hop`)).status, 302, 'maxRedirects 0 answers the redirect itself');
});

t.test('UndiciOutboundHttp: a redirect to another origin drops the credential headers, as fetch does', async (t) => {
  const received: Array<{ server: string; headers: Record<string, unknown> }> = [];
  const other = createServer((req, res) => {
    received.push({ server: 'other', headers: req.headers });
    res.end('there');
  });
  const otherBase = await listen(other);
  t.teardown(() => other.close());
  const first = createServer((req, res) => {
    received.push({ server: 'first', headers: req.headers });
    if (req.url === '/away') return void res.writeHead(302, { location: `${otherBase}/landing` }).end();
    if (req.url === '/near') return void res.writeHead(307, { location: '/landing' }).end();
    res.end('here');
  });
  const base = await listen(first);
  t.teardown(() => first.close());
  const client = new UndiciOutboundHttp({
    userAgent: 'cms/9',
    timeoutMs: WAIT_LIMIT_MS,
    maxResponseBytes: 1000,
    allowPrivate: true,
  });
  t.teardown(() => client.close());
  const headers = {
    Authorization: 'Bearer secret',
    cookie: 'sid=1',
    'Proxy-Authorization': 'Basic x',
    'x-kept': 'yes',
  };

  t.equal((await client.request(`${base}/away`, { headers })).body.toString(), 'there');
  const [sent, landed] = received;
  t.equal(sent!.headers.authorization, 'Bearer secret', 'the first call carries the credentials');
  t.equal(landed!.server, 'other');
  t.equal(landed!.headers.authorization, undefined, 'Authorization is not sent to the other origin');
  t.equal(landed!.headers.cookie, undefined, 'nor Cookie');
  t.equal(landed!.headers['proxy-authorization'], undefined, 'nor Proxy-Authorization');
  t.equal(landed!.headers['x-kept'], 'yes', 'other headers go on');

  received.length = 0;
  await client.request(`${base}/near`, { headers });
  t.equal(received[1]!.server, 'first');
  t.equal(received[1]!.headers.authorization, 'Bearer secret', 'a redirect within the origin keeps them');
});

t.test('hostOutboundClients: the properties, cms/<version>, one client per private-address choice', async (t) => {
  const agents: string[] = [];
  const server = createServer((req, res) => {
    agents.push(String(req.headers['user-agent']));
    if (req.url === '/big') return void res.end('x'.repeat(100));
    res.end('fine');
  });
  const base = await listen(server);
  t.teardown(() => server.close());
  const config = new Config(new Map([['outbound.http.max.response.bytes', '50']]), {});
  const clients = hostOutboundClients(config);
  t.teardown(() => clients.close());
  t.equal(clients.client({ allowPrivate: true }), clients.client({ allowPrivate: true }), 'shared');
  t.not(clients.client({ allowPrivate: true }), clients.client({ allowPrivate: false }));
  await t.rejects(clients.client({ allowPrivate: false }).request(`${base}/ok`), { code: 'OUTBOUND_ADDRESS_REFUSED' });
  t.equal((await clients.client({ allowPrivate: true }).request(`${base}/ok`)).body.toString(), 'fine');
  await t.rejects(clients.client({ allowPrivate: true }).request(`${base}/big`), { code: 'OUTBOUND_TOO_LARGE' });
  t.strictSame(agents, [`cms/${serviceVersion()}`, `cms/${serviceVersion()}`]);
});
