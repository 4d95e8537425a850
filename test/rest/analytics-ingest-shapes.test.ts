import { batch, click, context, impression, LOCAL_TIME, pageview } from '../helpers/analytics-batches.js';
import { send, siteKey } from '../helpers/analytics-ingest-calls.js';
import { testOnEachStorage, testOnSqlite } from '../helpers/test-app.js';

// What each event type must carry at the ingest endpoint (the full table of required members:
// test/core/analytics/event-required-members.test.ts).

testOnEachStorage('a content_click without a page is stored; members the original requires are', async (t, s) => {
  const { siteId, key } = await siteKey(s);
  const specClick = {
    event_type: 'content_click',
    data: {
      content: { identifier: 'c1', inode: 'i1', title: 'Hero', content_type: 'Banner' },
      element: { text: 'Read more', type: 'a', id: 'cta', class: 'btn', href: '/post', attributes: ['target:_self'] },
      position: { viewport_offset_pct: -12.5, dom_index: 2 },
    },
  };
  const noTitle = impression();
  delete (noTitle.data as { page: Record<string, unknown> }).page.title;
  const answer = await send(s, batch([specClick, noTitle, click()], context({ site_auth: key })));
  t.equal(answer.status, 207, answer.text);
  t.same(answer.json, {
    status: 'PARTIAL_SUCCESS',
    success: 2,
    failed: 1,
    errors: [
      {
        code: 'REQUIRED_FIELD_MISSING',
        field: 'events[1].data.page.title',
        message: 'Required field is missing: data.page.title',
        eventIndex: 1,
      },
    ],
  });
  const { events } = await s.app.services.storage.analyticsEvents.list({ siteId, limit: 10, offset: 0 });
  const clicks = events.filter((e) => e.eventType === 'content_click');
  t.equal(clicks.length, 2);
  const stored = clicks.find((e) => e.pageUrl === null);
  t.ok(stored, 'the click without a page is stored without one');
  t.equal(stored?.contentIdentifier, 'c1');
  t.equal(stored?.domIndex, 2);
  t.equal(stored?.localTime, null);
});

testOnSqlite('a pageview needs its title and doc_encoding; a click its element whole', async (t, s) => {
  const { key } = await siteKey(s);
  const noEncoding = pageview({ doc_encoding: undefined });
  const bareElement = click({ id: undefined, attributes: undefined });
  const answer = await send(s, batch([noEncoding, bareElement], context({ site_auth: key })));
  t.equal(answer.status, 400, answer.text);
  t.same(
    (answer.json.errors as Array<{ field: string }>).map((e) => e.field),
    ['events[0].data.page.doc_encoding', 'events[1].data.element.id', 'events[1].data.element.attributes'],
  );
  t.match(answer.json, { status: 'ERROR', success: 0, failed: 2 });
});

testOnSqlite('a custom event needs its local_time and nothing else', async (t, s) => {
  const { siteId, key } = await siteKey(s);
  const bare = { event_type: 'video_play', local_time: LOCAL_TIME };
  const timeless = { event_type: 'video_play', data: { custom: { seconds: 3 } } };
  const answer = await send(s, batch([bare, timeless], context({ site_auth: key })));
  t.equal(answer.status, 207, answer.text);
  t.match(answer.json, {
    success: 1,
    failed: 1,
    errors: [{ code: 'REQUIRED_FIELD_MISSING', field: 'events[1].local_time', eventIndex: 1 }],
  });
  const { events } = await s.app.services.storage.analyticsEvents.list({ siteId, limit: 10, offset: 0 });
  t.equal(events.length, 1);
  t.equal(events[0]?.eventType, 'video_play');
});
