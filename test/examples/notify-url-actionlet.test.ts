import t, { type Test } from 'tap';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { installExamples } from '../helpers/example-packages.js';
import { startTestApp, textContentType } from '../helpers/test-app.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';

/**
 * A receiver on 127.0.0.1 that records what it is sent; with `hold`, it never answers (until the
 * test ends), and a call to `/moved` is redirected (307, which keeps the POST) to `/hooks/elsewhere`.
 */
async function receiver(t: Test, { hold = false } = {}) {
  const calls: Array<{ method?: string; path?: string; body: any }> = [];
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push({ method: request.method, path: request.url, body: JSON.parse(body) });
      if (request.url === '/moved') return void response.writeHead(307, { location: '/hooks/elsewhere' }).end();
      if (hold) held.push(response);
      else response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const response of held) response.end('late');
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  server.unref();
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { calls, held, origin, url: `${origin}/hooks/cms` };
}

/** The service with the example installed as a package; the receivers of these tests are on loopback. */
async function serviceWithExample(t: Test, env: Record<string, string>) {
  const dir = await installExamples(t, 'notify-url-actionlet');
  const s = (await startTestApp(t, { dataDir: dir, env: { CMS_PLUGINS: 'cms-example-notify-url', ...env } }))!;
  await textContentType(s, 'Note');
  const admin = s.basicAuth();
  return {
    s,
    associate: (parameters: Record<string, string>) =>
      s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
        headers: admin,
        body: { actionletClass: 'com.example.cms.NotifyUrlActionlet', parameters },
      }),
    fire: (title: string) =>
      s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
        headers: admin,
        body: { contentletFormData: { contentType: 'Note', title } },
      }),
  };
}

t.test(
  'the Notify URL actionlet, installed as a package and loaded by name, calls its URL after the commit',
  async (t) => {
    const dir = await installExamples(t, 'notify-url-actionlet');
    const s = (await startTestApp(t, {
      dataDir: dir,
      // A generous timeout: this test is about the call, and a busy machine is slow to make it; only a hang reaches it.
      env: {
        CMS_PLUGINS: 'cms-example-notify-url',
        CMS_NOTIFY_URL_TIMEOUT_MS: '60000',
        CMS_NOTIFY_URL_ALLOW_PRIVATE: 'true',
      },
    }))!;
    const admin = s.basicAuth();
    await textContentType(s, 'Note');
    const associate = (parameters: Record<string, string>) =>
      s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
        headers: admin,
        body: { actionletClass: 'com.example.cms.NotifyUrlActionlet', parameters },
      });
    const fire = (title: string) =>
      s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
        headers: admin,
        body: { contentletFormData: { contentType: 'Note', title } },
      });

    t.equal((await associate({})).status, 400, 'the required url is checked when the actionlet is associated');
    const hooks = await receiver(t);
    t.equal((await associate({ url: hooks.url, event: 'note.saved' })).status, 200);
    const fired = await fire('First');
    t.equal(fired.status, 200);
    t.same(
      hooks.calls,
      [
        {
          method: 'POST',
          path: '/hooks/cms',
          body: {
            event: 'note.saved',
            identifier: fired.json.entity.identifier,
            inode: fired.json.entity.inode,
            contentType: 'Note',
            title: 'First',
            languageId: 1,
            by: 'admin@cms.com',
          },
        },
      ],
      'called once, after the commit and before the answer, with the item as the fire left it',
    );

    const associations = (await s.http('GET', `/api/v1/workflow/actions/${SAVE}/actionlets`, { headers: admin })).json
      .entity as Array<{ id: string; clazz: string }>;
    for (const a of associations.filter((a) => a.clazz === 'com.example.cms.NotifyUrlActionlet'))
      await s.http('DELETE', `/api/v1/workflow/actionlets/${a.id}`, { headers: admin });
    await associate({ url: 'ftp://files.example.com/' });
    const refused = await fire('Second');
    t.equal(refused.status, 400, 'a bad parameter fails the fire');
    t.match(refused.json.errors, [{ fieldName: 'url', message: /must be http or https, not ftp:/ }]);
    t.equal(hooks.calls.length, 1, 'nobody called');
  },
);

t.test('a call that fails or times out is logged; the action stays done', async (t) => {
  const dir = await installExamples(t, 'notify-url-actionlet');
  const s = (await startTestApp(t, {
    dataDir: dir,
    env: {
      CMS_PLUGINS: 'cms-example-notify-url',
      CMS_NOTIFY_URL_TIMEOUT_MS: '200',
      CMS_NOTIFY_URL_ALLOW_PRIVATE: 'true',
    },
  }))!;
  const admin = s.basicAuth();
  await textContentType(s, 'Note');
  // A receiver that never answers: only the timeout can end the call.
  const slow = await receiver(t, { hold: true });
  await s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
    headers: admin,
    body: { actionletClass: 'com.example.cms.NotifyUrlActionlet', parameters: { url: slow.url } },
  });
  const fired = await s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
    headers: admin,
    body: { contentletFormData: { contentType: 'Note', title: 'Slow' } },
  });
  t.equal(fired.status, 200, 'the fire committed');
  t.equal(slow.held.length, 1, 'the call reached the receiver, which never answered: the timeout cut it short');
  t.notOk(slow.held[0]!.writableEnded, 'and has not answered yet');
  t.match(
    s.logs.find((line) => line.msg === 'work after commit failed'),
    { level: 'error', effect: 'com.example.cms.NotifyUrlActionlet', err: { message: /timeout/ } },
    'the failure is logged with the actionlet it came from',
  );
  const kept = await s.http('GET', `/api/v1/content/${fired.json.entity.inode}`, { headers: admin });
  t.equal(kept.status, 200, 'the item is kept');
});

t.test('a private address is refused unless notify.url.allow.private says otherwise', async (t) => {
  const { s, associate, fire } = await serviceWithExample(t, { CMS_NOTIFY_URL_TIMEOUT_MS: '60000' });
  const hooks = await receiver(t);
  t.equal((await associate({ url: hooks.url })).status, 200);
  const fired = await fire('Inward');
  t.equal(fired.status, 200, 'the fire committed');
  t.same(hooks.calls, [], 'nothing reached the loopback receiver');
  t.match(
    s.logs.find((line) => line.msg === 'work after commit failed'),
    { level: 'error', effect: 'com.example.cms.NotifyUrlActionlet', err: { code: 'OUTBOUND_ADDRESS_REFUSED' } },
    'the refusal is logged with the actionlet it came from',
  );
});

t.test('a redirect is not followed: the call fails with its status', async (t) => {
  const { s, associate, fire } = await serviceWithExample(t, {
    CMS_NOTIFY_URL_TIMEOUT_MS: '60000',
    CMS_NOTIFY_URL_ALLOW_PRIVATE: 'true',
  });
  const hooks = await receiver(t);
  t.equal((await associate({ url: `${hooks.origin}/moved` })).status, 200);
  const fired = await fire('Moved');
  t.equal(fired.status, 200, 'the fire committed');
  t.same(
    hooks.calls.map((call) => call.path),
    ['/moved'],
    'the configured URL was called, and the one it redirects to was not',
  );
  t.match(
    s.logs.find((line) => line.msg === 'work after commit failed'),
    { level: 'error', effect: 'com.example.cms.NotifyUrlActionlet', err: { message: /answered 307/ } },
    'the redirect is logged as a failure',
  );
});
