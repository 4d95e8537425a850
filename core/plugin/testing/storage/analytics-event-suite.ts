import type { DriverStorage, NormalisedEvent, StoredAnalyticsEvent } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { normalisedEvent } from './normalised-event.js';

const event = normalisedEvent;

/** What reading an event back answers, without the id the database gives it. */
function stored(siteId: string, { dataJson, ...rest }: NormalisedEvent): Omit<StoredAnalyticsEvent, 'id'> {
  return { ...rest, siteId, data: JSON.parse(dataJson) as Record<string, unknown> };
}

const withoutId = ({ id: _id, ...rest }: StoredAnalyticsEvent) => rest;

/**
 * A small site history, hand-counted below: session A (user u1) crosses midnight UTC, session B
 * (user u2) comes the next morning; site s2 has one event that no figure of s1 may count.
 */
const pv1 = event({ receivedAt: '2025-06-09T23:50:00.000Z', pageUrl: '/a' });
const imp1 = event({
  eventType: 'content_impression',
  receivedAt: '2025-06-09T23:51:00.000Z',
  contentIdentifier: 'c1',
  contentTitle: 'Hero',
});
const pv2 = event({ receivedAt: '2025-06-10T00:10:00.000Z', pageUrl: '/b' });
const custom = event({ eventType: 'video_play', receivedAt: '2025-06-10T00:20:00.000Z' });
const b = { sessionId: 'sB', userId: 'u2' };
const pv3 = event({ ...b, receivedAt: '2025-06-10T08:00:00.000Z', pageUrl: '/a' });
const imp2 = event({
  ...b,
  eventType: 'content_impression',
  receivedAt: '2025-06-10T08:01:00.000Z',
  contentIdentifier: 'c1',
  contentTitle: 'Hero',
});
const imp3 = event({
  ...b,
  eventType: 'content_impression',
  receivedAt: '2025-06-10T08:02:00.000Z',
  contentIdentifier: 'c2',
  contentTitle: 'Card',
});
const click = event({
  ...b,
  eventType: 'content_click',
  receivedAt: '2025-06-10T08:03:00.000Z',
  contentIdentifier: 'c2',
  contentTitle: 'Card',
});
const conversion = event({
  ...b,
  eventType: 'conversion',
  receivedAt: '2025-06-10T08:04:00.000Z',
  conversionName: 'signup',
});
const history = [pv1, imp1, pv2, custom, pv3, imp2, imp3, click, conversion];
const other = event({ sessionId: 'sC', userId: 'u3', receivedAt: '2025-06-10T09:00:00.000Z', pageUrl: '/a' });

async function withHistory(t: ContractTest, open: OpenStorage): Promise<DriverStorage> {
  const s = await open(t);
  // Not in time order: reads order by the time of receipt, not by insertion.
  await s.analyticsEvents.insert('s1', [...history].reverse());
  await s.analyticsEvents.insert('s2', [other]);
  return s;
}

/** The analytics events contract, run by every storage driver (from the repository suite). */
export function analyticsEventSuite(t: ContractTest, open: OpenStorage): void {
  t.test('analytics events: a batch reads back whole, every column as sent', async (t) => {
    const s = await open(t);
    const full = event({
      eventType: 'content_impression',
      sessionId: 'session_1749472200000_k3j2h1g9f8d7s6a5',
      sessionKey: 'session_1749472200000_k3j2h1g9f8d7s6a5:2025-06-09',
      userId: 'user_1749000000000_q1w2e3r4t5y6u7i8',
      receivedAt: '2025-06-09T12:30:00.123Z',
      localTime: '2025-06-09T14:30:00+02:00',
      pageUrl: 'https://demo.example.com/blog/post?utm_source=news#top',
      pageTitle: 'A post — ünïcödé 🚀',
      contentIdentifier: 'c1a2b3',
      contentInode: 'i9z8y7',
      contentTitle: 'Hero banner',
      contentType: 'Banner',
      conversionName: null,
      viewportOffsetPct: -18.5,
      domIndex: 3,
      screenResolution: '1920x1080',
      language: 'en-US',
      viewportWidth: '1280',
      viewportHeight: '720',
      dataJson: JSON.stringify({ utm: { source: 'news' }, custom: { n: 1, nothing: null, list: [1, 'a'] } }),
    });
    const bare = event({ eventType: 'my_custom', receivedAt: '2025-06-09T12:30:00.123Z' });
    await s.analyticsEvents.insert('s1', [full, bare]);
    const { events, total } = await s.analyticsEvents.list({ siteId: 's1', limit: 10, offset: 0 });
    t.equal(total, 2);
    t.same(events.map(withoutId), [stored('s1', bare), stored('s1', full)], 'same instant: the later insert first');
    t.ok(events[0]!.id > events[1]!.id);
    t.equal(events[1]!.viewportOffsetPct, -18.5, 'a negative offset stays negative');
    t.equal(events[1]!.localTime, '2025-06-09T14:30:00+02:00', 'local time as sent, offset kept');
    await s.analyticsEvents.insert('s1', []);
    t.equal(
      (await s.analyticsEvents.list({ siteId: 's1', limit: 10, offset: 0 })).total,
      2,
      'an empty batch is harmless',
    );
  });

  t.test('analytics events: a batch that fails stores nothing', async (t) => {
    const s = await open(t);
    const broken = event({ receivedAt: '2025-06-09T12:00:00.000Z', sessionId: null as unknown as string });
    await t.rejects(s.analyticsEvents.insert('s1', [event({ receivedAt: '2025-06-09T11:00:00.000Z' }), broken]), {
      code: 'STORAGE_FAILED',
    });
    t.equal((await s.analyticsEvents.list({ siteId: 's1', limit: 10, offset: 0 })).total, 0);
  });

  t.test('analytics events: filters, newest first, pages and totals', async (t) => {
    const s = await withHistory(t, open);
    const list = async (filter: Partial<Parameters<DriverStorage['analyticsEvents']['list']>[0]>) => {
      const page = await s.analyticsEvents.list({ siteId: 's1', limit: 100, offset: 0, ...filter });
      return { events: page.events.map(withoutId), total: page.total };
    };
    const newestFirst = [...history].reverse().map((e) => stored('s1', e));
    t.same(await list({}), { events: newestFirst, total: 9 }, 'one site only, newest first');
    t.same(await list({ siteId: 's2' }), { events: [stored('s2', other)], total: 1 });
    t.same(await list({ siteId: 'nobody' }), { events: [], total: 0 });
    t.same(
      await list({ limit: 3, offset: 2 }),
      { events: newestFirst.slice(2, 5), total: 9 },
      'a page, with the total of all pages',
    );
    t.same(
      await list({ from: new Date('2025-06-10T00:10:00.000Z'), to: new Date('2025-06-10T08:01:00.000Z') }),
      { events: [pv3, custom, pv2].map((e) => stored('s1', e)), total: 3 },
      'from inclusive, to exclusive',
    );
    t.same(await list({ eventType: 'pageview' }), { events: [pv3, pv2, pv1].map((e) => stored('s1', e)), total: 3 });
    t.same(await list({ eventType: 'video_play' }), { events: [stored('s1', custom)], total: 1 }, 'a custom type');
    t.same(await list({ sessionId: 'sA', limit: 2 }), { events: [custom, pv2].map((e) => stored('s1', e)), total: 4 });
    t.same(await list({ userId: 'u2', eventType: 'content_impression' }), {
      events: [imp3, imp2].map((e) => stored('s1', e)),
      total: 2,
    });
  });

  t.test('analytics events: the summary, counted by the database', async (t) => {
    const s = await withHistory(t, open);
    t.same(
      await s.analyticsEvents.summary({ siteId: 's1' }),
      {
        totals: { pageview: 3, content_impression: 3, content_click: 1, conversion: 1, video_play: 1 },
        pageviewsByDay: [
          { day: '2025-06-09', count: 1 },
          { day: '2025-06-10', count: 2 },
        ],
        topPages: [
          { url: '/a', count: 2 },
          { url: '/b', count: 1 },
        ],
        topContentByImpressions: [
          { identifier: 'c1', title: 'Hero', count: 2 },
          { identifier: 'c2', title: 'Card', count: 1 },
        ],
        topContentByClicks: [{ identifier: 'c2', title: 'Card', count: 1 }],
        conversions: [{ name: 'signup', count: 1 }],
        sessions: 3,
        uniqueVisitors: 2,
      },
      'session A continued past midnight UTC is two sessions; s2 counts nowhere',
    );
    const fromMidnight = await s.analyticsEvents.summary({ siteId: 's1', from: new Date('2025-06-10T00:00:00.000Z') });
    t.same(fromMidnight.totals, { pageview: 2, content_impression: 2, content_click: 1, conversion: 1, video_play: 1 });
    t.same(
      fromMidnight.topPages,
      [
        { url: '/a', count: 1 },
        { url: '/b', count: 1 },
      ],
      'ties by URL',
    );
    t.equal(fromMidnight.sessions, 2);
    t.equal(fromMidnight.uniqueVisitors, 2);
    t.same(await s.analyticsEvents.summary({ siteId: 'nobody' }), {
      totals: {},
      pageviewsByDay: [],
      topPages: [],
      topContentByImpressions: [],
      topContentByClicks: [],
      conversions: [],
      sessions: 0,
      uniqueVisitors: 0,
    });
  });

  t.test('analytics events: deleteBefore removes the oldest, of every site, a chunk at a time', async (t) => {
    const s = await withHistory(t, open);
    await s.analyticsEvents.insert('s2', [event({ receivedAt: '2025-06-01T00:00:00.000Z' })]);
    const cutoff = new Date('2025-06-10T08:01:30.000Z');
    t.equal(await s.analyticsEvents.deleteBefore(cutoff, 4), 4);
    const left = async (siteId: string) =>
      (await s.analyticsEvents.list({ siteId, limit: 100, offset: 0 })).events.map((e) => e.receivedAt);
    t.same(await left('s2'), [other.receivedAt], "the oldest first: the other site's old event went");
    t.same(
      await left('s1'),
      [conversion, click, imp3, imp2, pv3, custom].map((e) => e.receivedAt),
      'then the oldest of s1',
    );
    t.equal(await s.analyticsEvents.deleteBefore(cutoff, 4), 3, 'the last chunk is short');
    t.equal(await s.analyticsEvents.deleteBefore(cutoff, 4), 0, 'nothing older is left');
    t.same(
      await left('s1'),
      [conversion, click, imp3].map((e) => e.receivedAt),
      'events at or after the cutoff are kept',
    );
    t.equal(await s.analyticsEvents.deleteBefore(new Date('2030-01-01T00:00:00.000Z'), 0), 0);
  });
}
