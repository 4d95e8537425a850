import t from 'tap';
import { fileURLToPath } from 'node:url';
import { SystemEventBus } from '../../core/events/system-event-bus.js';
import { SystemEventRelay } from '../../core/events/system-event-relay.js';
import type { RaisedEvent } from '../../core/events/system-event.js';
import { mustOpen } from '../helpers/event-socket-client.js';
import { edgeEndpointForm } from '../helpers/push-endpoint.js';
import { startTestApp, textContentType } from '../helpers/test-app.js';

const CODECS = fileURLToPath(new URL('../fixtures/codec-plugin.mjs', import.meta.url));
const SECRET_STAMP = 'com.acme.SecretStampActionlet';
/** The system workflow's Save. */
const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
/** The fixture's format: its marker, then the reversed text in base64url. */
const sealedByPlugin = (text: string) =>
  'acme-reversed:' + Buffer.from([...text].reverse().join('')).toString('base64url');

t.test(
  'an encryptor a plugin contributes, named by encryptor.implementation, seals stored secrets in its format',
  async (t) => {
    const s = (await startTestApp(t, {
      env: { CMS_PLUGINS: CODECS, CMS_ENCRYPTOR_IMPLEMENTATION: 'acme.ReversingEncryptor' },
    }))!;
    const admin = s.basicAuth();
    const storage = s.app.services.storage;
    await textContentType(s, 'News', ['title', 'summary']);

    const added = await s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
      headers: admin,
      body: { actionletClass: SECRET_STAMP, parameters: { apiKey: 'k3y-of-acme' } },
    });
    t.equal(added.status, 200, added.text);
    const listed = await s.http('GET', `/api/v1/workflow/actions/${SAVE}/actionlets`, { headers: admin });
    const association = (listed.json.entity as any[]).find((a) => a.clazz === SECRET_STAMP);
    t.strictSame(association.parameters, { apiKey: '********' }, 'answered masked');
    const stored = await storage.workflows.findActionlet(association.id);
    t.equal(stored!.parameters.apiKey, sealedByPlugin('k3y-of-acme'), "stored sealed in the plugin's format");

    const fired = await s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'News', title: 'Hello' } },
    });
    t.equal(fired.status, 200);
    t.equal(fired.json.entity.map.summary, 'stamped with k3y-of-acme', 'opened by the plugin when the action fires');

    const call = (method: string, path: string, body?: unknown) => s.http(method, path, { headers: admin, body });
    const environment = (await call('POST', '/api/environment', { name: 'Production', pushMode: 'PUSH_TO_ALL' })).json
      .entity;
    const endpoint = await call('POST', '/api/v1/environments/endpoints', edgeEndpointForm(environment.id));
    t.equal(endpoint.status, 200, endpoint.text);
    t.equal(
      (await storage.publishing.findEndpoint(endpoint.json.entity.id))!.authKey,
      sealedByPlugin('a-key-of-enough-length'),
      "a push endpoint's token too",
    );
  },
);

t.test(
  'a marshal and a configurator a plugin contributes write the system events, to sockets and to the journal other processes read',
  async (t) => {
    const s = (await startTestApp(t, {
      socket: true,
      env: {
        CMS_PLUGINS: CODECS,
        CMS_MARSHAL_IMPLEMENTATION: 'acme.EnvelopeMarshal',
        CMS_GSON_CONFIGURATOR: 'acme.IsoDates',
      },
    }))!;
    const storage = s.app.services.storage;
    const bus = s.app.services.events;
    // What another process on the same database runs: it reads the journal with the same marshal.
    const elsewhere = new SystemEventBus({ origin: 'another-process', journal: false, json: bus.json });
    const relayed: RaisedEvent[] = [];
    elsewhere.subscribe((raised) => relayed.push(raised));
    const relay = new SystemEventRelay({ storage, bus: elsewhere, retentionMs: 60_000, gapWaitMs: 1_000 });
    await relay.start();
    const client = await mustOpen(s.url, { authorization: s.basicAuth().authorization! });

    await textContentType(s, 'Story');
    const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: s.basicAuth(),
      body: { contentletFormData: { contentType: 'Story', title: 'Marshalled' } },
    });
    t.equal(fired.status, 200);

    const frame = await client.next((frame) => frame.value?.event === 'PUBLISH_BASE_CONTENT');
    t.equal(frame.writtenBy, 'acme', "the socket's frame is the plugin marshal's");
    t.match(frame.value.creationDate, /^\d{4}-\d\d-\d\dT/, "with the plugin configurator's dates");
    const rows = await storage.systemEvents.listAfter(0, 100);
    const row = rows.map((r) => JSON.parse(r.body)).find((body) => body.value.event.event === 'PUBLISH_BASE_CONTENT');
    t.equal(row.writtenBy, 'acme', 'so is the journal row');
    t.equal(row.value.event.creationDate, frame.value.creationDate);

    await relay.poll();
    const read = relayed.find((raised) => raised.event.event === 'PUBLISH_BASE_CONTENT');
    t.equal(read?.event.creationDate, Date.parse(frame.value.creationDate), 'and read back by the same marshal');
    client.ws.close();
  },
);
