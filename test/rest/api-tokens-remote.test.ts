import { ADMIN, startTestApp, testOnEachStorage, testOnSqlite, type TestApp } from '../helpers/test-app.js';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function remoteBody(remote: TestApp, password = ADMIN.password) {
  const { hostname, port } = new URL(remote.url);
  return {
    token: { expirationSeconds: 600, network: '0.0.0.0/0', claims: { label: 'Push from here' } },
    remote: { host: hostname, port: Number(port), protocol: 'http' },
    auth: { login: ADMIN.email, password: base64(password) },
  };
}

testOnEachStorage('an API key shown again, and one asked of another installation', async (t, s) => {
  const admin = s.basicAuth();
  const created = await s.http('POST', '/api/v1/apitoken', {
    headers: admin,
    body: { expirationSeconds: 600, claims: { label: 'mine' } },
  });
  t.equal(created.status, 200);
  const adminId = (await s.http('GET', '/api/v1/users/current', { headers: admin })).json.userId;
  t.equal(created.json.entity.token.userId, adminId, 'userId left out: a key for the caller');
  const { id } = created.json.entity.token;

  const again = await s.http('GET', `/api/v1/apitoken/${id}/jwt`, { headers: admin });
  t.equal(again.status, 200);
  t.equal(again.json.entity.jwt, created.json.entity.jwt, 'the same key');
  t.equal(
    (await s.http('GET', '/api/v1/users/current', { headers: { authorization: `Bearer ${again.json.entity.jwt}` } }))
      .status,
    200,
  );
  await s.http('PUT', `/api/v1/apitoken/${id}/revoke`, { headers: admin });
  const revoked = await s.http('GET', `/api/v1/apitoken/${id}/jwt`, { headers: admin });
  t.equal(revoked.status, 400, 'a revoked key is not shown again');
  t.equal(revoked.json.errors[0].errorCode, 'TOKEN_NOT_VALID');
  t.equal((await s.http('GET', '/api/v1/apitoken/apinothing/jwt', { headers: admin })).status, 404);

  // The remote installation: another app, reached over a socket on the loopback address.
  const remote = (await startTestApp(t, { socket: true }))!;
  const here = (await startTestApp(t, { storage: 'sqlite', env: { CMS_PUSH_ALLOWED_ADDRESSES: '127.0.0.1' } }))!;
  const asked = await here.http('PUT', '/api/v1/apitoken/remote', {
    headers: here.basicAuth(),
    body: remoteBody(remote),
  });
  t.equal(asked.status, 200);
  t.equal(asked.json.entity.token.label ?? asked.json.entity.token.claims?.label, 'Push from here');
  const remoteKey = { authorization: `Bearer ${asked.json.entity.jwt}` };
  t.equal(
    (await remote.http('GET', '/api/v1/users/current', { headers: remoteKey })).json.email,
    ADMIN.email,
    'the key works on the remote',
  );
  t.equal((await here.http('GET', '/api/v1/users/current', { headers: remoteKey })).status, 401, 'and only there');
  const wrong = await here.http('PUT', '/api/v1/apitoken/remote', {
    headers: here.basicAuth(),
    body: remoteBody(remote, 'not-the-password'),
  });
  t.equal(wrong.status, 401, 'the remote’s refusal is passed on');
});

testOnSqlite('the remote request keeps the outbound rules', async (t, s) => {
  const remote = (await startTestApp(t, { socket: true }))!;
  const refused = await s.http('PUT', '/api/v1/apitoken/remote', { headers: s.basicAuth(), body: remoteBody(remote) });
  t.equal(refused.status, 404, 'loopback is a private address push.allowed.addresses does not list: not called');
  t.equal(refused.json.errors[0].errorCode, 'TOKEN_REMOTE_ADDRESS_REFUSED');
  t.notOk(refused.text.includes(ADMIN.password), 'no credential in the answer');

  const off = (await startTestApp(t, { env: { ENABLE_PROXY_TOKEN_REQUESTS: 'false' } }))!;
  const disabled = await off.http('PUT', '/api/v1/apitoken/remote', {
    headers: off.basicAuth(),
    body: remoteBody(remote),
  });
  t.equal(disabled.status, 403);

  const body = remoteBody(remote);
  const ftp = await s.http('PUT', '/api/v1/apitoken/remote', {
    headers: s.basicAuth(),
    body: { ...body, remote: { ...body.remote, protocol: 'ftp' } },
  });
  t.equal(ftp.status, 400, 'http or https only');
  const asString = await s.http('PUT', '/api/v1/apitoken/remote', {
    headers: s.basicAuth(),
    body: { ...body, remote: { ...body.remote, host: 'not_exists.invalid', port: String(body.remote.port) } },
  });
  t.equal(asString.status, 404, 'a port as a string is taken; a host that does not resolve is a 404');
  const badPort = await s.http('PUT', '/api/v1/apitoken/remote', {
    headers: s.basicAuth(),
    body: { ...body, remote: { ...body.remote, port: '70000' } },
  });
  t.equal(badPort.status, 400);
  const path = await s.http('PUT', '/api/v1/apitoken/remote', {
    headers: s.basicAuth(),
    body: { ...body, remote: { ...body.remote, host: 'example.com/evil?' } },
  });
  t.equal(path.status, 400, 'a host, not a URL');

  await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'dee@example.com', firstName: 'D', lastName: 'E', password: 'first-pass-phrase-1' },
  });
  const dee = s.basicAuth('dee@example.com', 'first-pass-phrase-1');
  t.equal(
    (await s.http('PUT', '/api/v1/apitoken/remote', { headers: dee, body: remoteBody(remote) })).status,
    403,
    'administrators only',
  );
  const own = await s.http('POST', '/api/v1/apitoken', { headers: dee, body: { expirationSeconds: 60 } });
  t.equal(own.status, 200, 'a user makes a key for themselves');
  t.equal((await s.http('GET', `/api/v1/apitoken/${own.json.entity.token.id}/jwt`, { headers: dee })).status, 403);
  const notAdmin = await s.http('POST', '/api/v1/apitoken', {
    headers: dee,
    body: { expirationSeconds: 60, shouldBeAdmin: true },
  });
  t.equal(notAdmin.status, 403, 'shouldBeAdmin refuses a key for a user who is not an administrator');
});
