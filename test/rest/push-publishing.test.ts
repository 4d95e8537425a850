import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { until } from '../helpers/mail-catcher.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { edgeEndpointForm, LOOPBACK_RECEIVERS } from '../helpers/push-endpoint.js';

const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const KEY = 'push-key-0123456789abcdef';
const KEY_HASH = createHash('sha256').update(KEY).digest('hex');
const FAST_RETRIES = {
  CMS_JOBS_POLL_MS: '20',
  CMS_JOBS_MAX_ATTEMPTS: '2',
  CMS_JOBS_BACKOFF_BASE_MS: '10',
  CMS_JOBS_BACKOFF_MAX_MS: '40',
};
// ASCII, so that the served file can be compared as text.
const BYTES = Buffer.from('pushed notes, byte for byte\n');
const dataUrl = (bytes: Buffer) => `data:application/octet-stream;name=notes.bin;base64,${bytes.toString('base64')}`;

const adminCall = (s: TestApp) => (method: string, path: string, body?: unknown) =>
  s.http(method, path, { headers: s.basicAuth(), body });

/** A Story type with a title and a binary, and a scheme whose actions save, publish or unpublish and then Push Publish. */
async function pushScheme(s: TestApp) {
  const call = adminCall(s);
  const wf = (method: string, path: string, body?: unknown) => call(method, `/api/v1/workflow${path}`, body);
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Pushing' })).json.entity.id;
  const step = (await wf('POST', '/steps', { schemeId, stepName: 'Any' })).json.entity.id;
  const action = async (name: string, actionlets: string[], params: Record<string, string> = {}) => {
    const id = (await wf('POST', '/actions', { actionName: name, schemeId, actionNextStep: step, stepId: step })).json
      .entity.id as string;
    for (const association of (await wf('GET', `/actions/${id}/actionlets`)).json.entity as Array<{ id: string }>)
      await wf('DELETE', `/actionlets/${association.id}`);
    for (const clazz of actionlets) {
      const added = await wf('POST', `/actions/${id}/actionlets`, {
        actionletClass: ACTIONLET + clazz,
        parameters: clazz === 'PushNowActionlet' ? params : {},
      });
      if (added.status !== 200) throw new Error(`${clazz} not added: ${added.status} ${JSON.stringify(added.json)}`);
    }
    return id;
  };
  const publish = await action('Publish', ['SaveContentActionlet', 'PublishContentActionlet', 'PushPublishActionlet']);
  const unpublish = await action('Unpublish', ['UnpublishContentActionlet', 'PushPublishActionlet']);
  const forcePush = await action('Force push', ['PushNowActionlet'], { environment: 'Production', force: 'true' });
  await call('POST', '/api/v1/contenttype', {
    clazz: 'SimpleContentType',
    name: 'Story',
    variable: 'Story',
    workflow: [schemeId],
  });
  await call('POST', '/api/v2/contenttype/Story/fields', [
    { clazz: 'TextField', name: 'title', variable: 'title' },
    { clazz: 'BinaryField', name: 'notes', variable: 'notes' },
  ]);
  const fire = async (actionId: string, formData: Record<string, unknown>) => {
    const answer = await call('PUT', `/api/v1/workflow/actions/${actionId}/fire`, {
      contentletFormData: { contentType: 'Story', ...formData },
    });
    if (answer.status !== 200) throw new Error(`fire: ${answer.status} ${answer.text}`);
    return answer.json.entity as Record<string, any>;
  };
  return { publish, unpublish, forcePush, fire };
}

const FRENCH = { languageCode: 'fr', countryCode: 'FR', language: 'French', country: 'France' };

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`push publishing to another instance, the sender on ${storage}`, async (t) => {
    const receiver = await startTestApp(t, { socket: true, env: { CMS_PUSH_RECEIVER_KEY_HASH: KEY_HASH } });
    const sender = await startTestApp(t, { storage, env: { ...FAST_RETRIES, ...LOOPBACK_RECEIVERS } });
    if (!receiver || !sender) return;
    const call = adminCall(sender);
    for (const s of [sender, receiver]) t.equal((await adminCall(s)('POST', '/api/v2/languages', FRENCH)).status, 200);
    const french = (await call('GET', '/api/v2/languages')).json.entity.find((l: any) => l.languageCode === 'fr').id;

    const environment = (await call('POST', '/api/environment', { name: 'Production', pushMode: 'PUSH_TO_ALL' })).json
      .entity;
    const port = Number(new URL(receiver.url).port);
    const created = await call('POST', '/api/v1/environments/endpoints', {
      name: 'receiver',
      protocol: 'http',
      address: '127.0.0.1',
      port,
      authorizationToken: KEY,
      enabled: true,
      sending: false,
      environmentId: environment.id,
    });
    t.equal(created.status, 200);
    const endpoint = created.json.entity;
    t.equal(endpoint.authKey, '*****', 'the key is masked');
    const { publish, unpublish, forcePush, fire } = await pushScheme(sender);

    const records = async (identifier: string) =>
      (await call('GET', `/api/v1/publishing/pushes?identifier=${identifier}`)).json.entity as Array<
        Record<string, any>
      >;
    const pushed = (identifier: string, status: string, what: string) =>
      until(async () => (await records(identifier))[0]?.status === status, what);
    const live = (identifier: string, language: number) =>
      receiver.http('GET', `/api/content/id/${identifier}/language/${language}`, { headers: receiver.basicAuth() });

    let identifier = '';
    t.test('an item in two languages with a binary arrives live, with the same identifier and bytes', async (t) => {
      const english = await fire(publish, { title: 'Hello', notes: dataUrl(BYTES) });
      identifier = english.identifier;
      await pushed(identifier, 'SUCCESS', 'the English push');
      await fire(publish, { identifier, languageId: french, title: 'Bonjour', notes: dataUrl(BYTES) });
      await until(async () => (await live(identifier, french)).status === 200, 'French live on the receiver');
      const en = (await live(identifier, 1)).json.contentlets[0];
      t.equal(en.identifier, identifier);
      t.equal(en.title, 'Hello');
      t.equal((await live(identifier, french)).json.contentlets[0].title, 'Bonjour');
      const type = await adminCall(receiver)('GET', '/api/v1/contenttype/id/Story');
      t.equal(type.status, 200, 'the content type was created on the receiver');
      t.ok(type.json.entity.fields.some((f: any) => f.variable === 'notes'));
      const file = await receiver.http('GET', `/dA/${identifier}/notes/notes.bin`, { headers: receiver.basicAuth() });
      t.equal(file.status, 200, 'the binary is served');
      t.equal(file.text, BYTES.toString(), 'the same bytes');
    });

    t.test('an update pushed again replaces the live version; an unchanged item is not sent again', async (t) => {
      await fire(publish, { identifier, title: 'Hello again' });
      await until(async () => (await live(identifier, 1)).json.contentlets?.[0]?.title === 'Hello again', 'updated');
      t.pass('the update is live on the receiver');
      await fire(publish, { identifier, title: 'Hello again' });
      await pushed(identifier, 'SKIPPED_UNCHANGED', 'the unchanged item skipped');
      t.ok((await records(identifier))[0]!.sentHash, 'what was last sent is recorded');
    });

    t.test('unpublished and pushed: no longer live there', async (t) => {
      await fire(unpublish, { identifier });
      await fire(unpublish, { identifier, languageId: french });
      await until(async () => (await live(identifier, 1)).status === 404, 'English unpublished');
      await until(async () => (await live(identifier, french)).status === 404, 'French unpublished');
      t.pass('unpublished on the receiver');
    });

    t.test('a wrong key: 401 at the receiver, the push retried, then dead', async (t) => {
      const wrong = await call('PUT', `/api/v1/environments/endpoints/${endpoint.id}`, {
        name: 'receiver',
        protocol: 'http',
        address: '127.0.0.1',
        port,
        authorizationToken: 'not-the-right-key',
        enabled: true,
        sending: false,
        environmentId: environment.id,
      });
      t.equal(wrong.status, 200);
      await fire(forcePush, { identifier });
      await pushed(identifier, 'FAILED_TO_SENT', 'the push failed');
      await until(
        async () =>
          ((await call('GET', '/api/v1/jobs?status=dead')).json.entity as any[]).some((j) => j.kind === 'push.send'),
        'the push job dead',
      );
      const [record] = await records(identifier);
      t.match(record!.lastError, /answered 401/);
    });

    t.test('endpoint keys never appear in answers or logs', async (t) => {
      const answers = [
        await call('GET', '/api/v1/environments/endpoints'),
        await call('GET', `/api/v1/environments/endpoints/${endpoint.id}`),
        await call('GET', '/api/v1/jobs?per_page=500'),
        await call('GET', '/api/v1/publishing/pushes'),
      ];
      for (const answer of answers) {
        t.equal(answer.status, 200);
        t.notMatch(answer.text, KEY);
        t.notMatch(answer.text, 'not-the-right-key');
      }
      for (const logs of [sender.logs, receiver.logs]) {
        const text = JSON.stringify(logs);
        t.notMatch(text, KEY);
        t.notMatch(text, 'not-the-right-key');
      }
    });

    t.test('a bundle without the key is refused', async (t) => {
      const answer = await receiver.http('POST', '/api/bundlePublisher/publish', {
        headers: { authorization: 'Bearer guessed-key-123' },
        body: {
          bundleId: 'b',
          identifier: 'x',
          operation: 'unpublish',
          contentType: { variable: 'Story', name: 'Story', clazz: '', description: '', icon: '', fields: [] },
          versions: [],
        },
      });
      t.equal(answer.status, 401);
      t.equal(answer.json.errors[0].errorCode, 'PUSH_RECEIVER_KEY_INVALID');
      const unread = await receiver.http('POST', '/api/bundlePublisher/publish', { raw: 'not even JSON' });
      t.equal(unread.status, 401, 'the key is checked before the body is read');
    });
  });
}

t.test('environments and endpoints: administrators only, unique names, unknown ids', async (t) => {
  const s = await startTestApp(t);
  if (!s) return;
  const call = adminCall(s);
  t.equal((await s.http('GET', '/api/environment')).status, 401, 'anonymous callers are refused');
  const first = await call('POST', '/api/environment', { name: 'Staging', pushMode: 'PUSH_TO_ONE' });
  t.match(first.json.entity, { name: 'Staging', pushToAll: false });
  const again = await call('POST', '/api/environment', { name: 'Staging', pushMode: 'PUSH_TO_ALL' });
  t.equal(again.status, 400);
  t.equal(again.json.errors[0].errorCode, 'PUSH_ENVIRONMENT_EXISTS');
  t.equal((await call('POST', '/api/environment', { name: 'No mode' })).status, 400, 'pushMode is required');
  t.equal((await call('PUT', '/api/environment/unknown', { name: 'X', pushMode: 'PUSH_TO_ALL' })).status, 404);
  const endpoint = edgeEndpointForm('unknown');
  t.equal((await call('POST', '/api/v1/environments/endpoints', endpoint)).status, 404, 'unknown environment');
  const created = await call('POST', '/api/v1/environments/endpoints', {
    ...endpoint,
    environmentId: first.json.entity.id,
  });
  t.equal(created.status, 200);
  const listed = await call('GET', `/api/v1/environments/endpoints/environment/${first.json.entity.id}`);
  t.match(listed.json.entity, [{ serverName: 'edge', authKey: '*****' }]);
  t.notMatch(listed.text, 'a-key-of-enough-length');
  t.equal((await call('DELETE', `/api/environment/${first.json.entity.id}`)).status, 200);
  t.equal((await call('GET', `/api/v1/environments/endpoints/${created.json.entity.id}`)).status, 404, 'gone with it');
});

t.test('pushes reach no private address unless push.allowed.addresses lists it', async (t) => {
  const s = await startTestApp(t, { env: FAST_RETRIES });
  if (!s) return;
  const call = adminCall(s);
  const environmentId = (await call('POST', '/api/environment', { name: 'Production', pushMode: 'PUSH_TO_ALL' })).json
    .entity.id;
  const form = edgeEndpointForm(environmentId);

  t.test('an endpoint saved with a private address is refused, in any of its forms', async (t) => {
    const literals = [
      '127.0.0.1',
      '169.254.169.254',
      '10.0.0.1',
      '0.0.0.0',
      '2130706433',
      '0x7f.1',
      '[::1]',
      '[::7f00:1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::]',
    ];
    for (const address of literals) {
      const refused = await call('POST', '/api/v1/environments/endpoints', { ...form, address });
      t.equal(refused.status, 400, address);
      t.match(refused.json.errors, [{ errorCode: 'PUSH_ENDPOINT_ADDRESS_REFUSED', fieldName: 'address' }], address);
    }
    const saved = await call('POST', '/api/v1/environments/endpoints', form);
    t.equal(saved.status, 200, 'a name is saved: it is checked when a push connects');
    const moved = await call('PUT', `/api/v1/environments/endpoints/${saved.json.entity.id}`, {
      ...form,
      address: '169.254.169.254',
    });
    t.equal(moved.status, 400, 'nor can an endpoint be moved to one');
    t.equal(moved.json.errors[0].errorCode, 'PUSH_ENDPOINT_ADDRESS_REFUSED');
    t.equal((await call('DELETE', `/api/v1/environments/endpoints/${saved.json.entity.id}`)).status, 200);
  });

  t.test('a name that resolves to loopback is refused when the push connects', async (t) => {
    let reached = 0;
    const server = createServer((_req, res) => {
      reached++;
      res.end('{}');
    });
    // Every address of the machine, so that whichever one `localhost` resolves to first would answer.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    t.teardown(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const made = await call('POST', '/api/v1/environments/endpoints', {
      ...form,
      name: 'by name',
      protocol: 'http',
      address: 'localhost',
      port,
    });
    t.equal(made.status, 200);
    const { publish, fire } = await pushScheme(s);
    const { identifier } = await fire(publish, { title: 'Not for the metadata service' });
    const record = async () =>
      ((await call('GET', `/api/v1/publishing/pushes?identifier=${identifier}`)).json.entity as any[]).find(
        (r) => r.endpointId === made.json.entity.id,
      );
    await until(async () => ['FAILED_TO_SENT', 'SUCCESS'].includes((await record())?.status), 'the push done');
    t.equal((await record()).status, 'FAILED_TO_SENT');
    t.match((await record()).lastError, /localhost resolves to a private network address .*push\.allowed\.addresses/);
    t.equal(reached, 0, 'nothing reached the private server');
  });
});

t.test('push.allowed.addresses lets pushes reach the addresses it lists, and only those', async (t) => {
  const s = await startTestApp(t, { env: { CMS_PUSH_ALLOWED_ADDRESSES: '127.0.0.1, 10.20.0.0/16' } });
  if (!s) return;
  const call = adminCall(s);
  const environmentId = (await call('POST', '/api/environment', { name: 'Production', pushMode: 'PUSH_TO_ALL' })).json
    .entity.id;
  const save = (name: string, address: string) =>
    call('POST', '/api/v1/environments/endpoints', { ...edgeEndpointForm(environmentId), name, address });
  t.equal((await save('loopback', '127.0.0.1')).status, 200);
  t.equal((await save('mapped', '[::ffff:127.0.0.1]')).status, 200, 'the mapped form of a listed address');
  t.equal((await save('in range', '10.20.30.40')).status, 200);
  for (const address of ['169.254.169.254', '127.0.0.2', '10.21.0.1', '[::1]', '[::7f00:1]']) {
    const refused = await save(address, address);
    t.equal(refused.status, 400, `${address} is not listed`);
    t.equal(refused.json.errors[0].errorCode, 'PUSH_ENDPOINT_ADDRESS_REFUSED');
  }
});
