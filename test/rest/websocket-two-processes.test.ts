import t from 'tap';
import { mustOpen, sleep } from '../helpers/event-socket-client.js';
import { textContentType, type TestApp } from '../helpers/test-app.js';
import { twoApps } from '../helpers/two-apps.js';

async function publishStory(s: TestApp, title: string): Promise<string> {
  await textContentType(s, 'Story');
  const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Story', title } },
  });
  if (fired.status !== 200) throw new Error(fired.text);
  return fired.json.entity.identifier;
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`an event raised through one process reaches sockets of another, once each, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage, { socket: true, env: { CMS_SYSTEM_EVENTS_POLL_MS: '100' } });
    if (!apps) return;
    const [first, second] = apps;
    const here = await mustOpen(first.url, first.basicAuth());
    const there = await mustOpen(second.url, second.basicAuth());
    const identifier = await publishStory(first, 'Across');
    const published = (e: any) => e.event === 'PUBLISH_BASE_CONTENT' && e.payload.data.identifier === identifier;
    const received = await there.next(published, 5000);
    t.match(received.payload, { type: 'contentlet', data: { title: 'Across', contentType: 'Story' } });
    await here.next(published);
    // Several polls later: neither process delivered an event twice.
    await sleep(500);
    t.equal(here.events.filter(published).length, 1, 'the raising process delivers its own event once');
    t.equal(there.events.filter(published).length, 1, 'the other process delivers it once');
    here.ws.close();
    there.ws.close();
  });
}
