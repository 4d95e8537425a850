import t from 'tap';
import { mustOpen } from '../helpers/event-socket-client.js';
import { textContentType, type TestApp } from '../helpers/test-app.js';
import { twoApps } from '../helpers/two-apps.js';
import { waitUntil } from '../helpers/wait-async.js';

/**
 * Publishes a story; a 503 STORAGE_BUSY is tried again, as it tells clients to. The two "processes"
 * of these tests share one thread: on SQLite one of them waiting for the other's write lock blocks
 * the thread the other needs to finish, and so waits its busy timeout out.
 */
async function publishStory(s: TestApp, title: string): Promise<string> {
  const fired = await waitUntil(
    async () => {
      const answer = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
        headers: s.basicAuth(),
        body: { contentletFormData: { contentType: 'Story', title } },
      });
      if (answer.status === 503 && answer.json?.errors?.[0]?.errorCode === 'STORAGE_BUSY') return undefined;
      return answer;
    },
    { what: `the story ${title} published, the database busy` },
  );
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
    await textContentType(first, 'Story');
    const publishedAs = (identifier: string) => (e: any) =>
      e.event === 'PUBLISH_BASE_CONTENT' && e.payload.data.identifier === identifier;
    const published = publishedAs(await publishStory(first, 'Across'));
    const received = await there.next(published);
    t.match(received.payload, { type: 'contentlet', data: { title: 'Across', contentType: 'Story' } });
    await here.next(published);
    // Barriers: an event raised later in each process, delivered by both. Events go out in the
    // journal's order, so each process has polled past the first event: a second delivery of it would be here.
    for (const [raiser, title] of [
      [second, 'Later there'],
      [first, 'Later here'],
    ] as const) {
      const later = publishedAs(await publishStory(raiser, title));
      await here.next(later);
      await there.next(later);
    }
    t.equal(here.events.filter(published).length, 1, 'the raising process delivers its own event once');
    t.equal(there.events.filter(published).length, 1, 'the other process delivers it once');
    here.ws.close();
    there.ws.close();
  });
}
