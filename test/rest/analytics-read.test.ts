import type { IngestContext } from '../../core/analytics/normalised-event.js';
import { batchReceipt, normaliseEvent } from '../../core/analytics/normalise-event.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import {
  batch,
  click,
  context,
  conversion,
  customEvent,
  impression,
  LOCAL_TIME,
  pageview,
  type Json,
} from '../helpers/analytics-batches.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

const INGEST = '/api/v1/analytics/content/event';
const EVENTS = '/api/v1/analytics/content/events';
const SUMMARY = '/api/v1/analytics/content/summary';
const PASSWORD = 'reader-password-1';

type Query = Record<string, string | number>;

/** A read with its query encoded as a browser would (`+` as `%2B`). */
const read = (s: TestApp, path: string, query: Query, headers: Record<string, string> = s.basicAuth()) =>
  s.http(
    'GET',
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { headers },
  );

/** Two sites, each with an ingest key. */
async function twoSites(s: TestApp) {
  const admin = s.basicAuth();
  const site = async (siteName: string) => {
    const id = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName } })).json.entity
      .identifier as string;
    const key = (await s.http('GET', `/api/v1/analytics/content/siteauth/generate/${id}`, { headers: admin })).text;
    return { id, key };
  };
  return { shop: await site('shop.example.com'), blog: await site('blog.example.com') };
}

async function ingest(s: TestApp, key: string, events: Json[], ctx: Json = {}): Promise<void> {
  const answer = await s.http('POST', INGEST, {
    headers: { 'content-type': 'application/json' },
    raw: batch(events, context({ site_auth: key, ...ctx })),
  });
  if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}: ${answer.text}`);
}

const typesOf = (answer: { json: any }) => answer.json.entity.events.map((e: { eventType: string }) => e.eventType);

testOnSqlite('events ingested through the endpoint read back newest first, paged and filtered', async (t, s) => {
  const { shop, blog } = await twoSites(s);
  const first = { session_id: 'session-1', user_id: 'user-1' };
  const second = { session_id: 'session-2', user_id: 'user-2' };
  await ingest(s, shop.key, [pageview({ url: 'https://shop.example.com/a' }), customEvent('video_play')], first);
  await ingest(s, shop.key, [impression(), click(), conversion('signup')], second);
  await ingest(s, blog.key, [pageview(), conversion('signup')], first);

  const all = await read(s, EVENTS, { siteId: shop.id });
  t.equal(all.status, 200, all.text);
  t.same(all.json.errors, [], 'the usual envelope');
  t.same(all.json.messages, []);
  const newestFirst = ['conversion', 'content_click', 'content_impression', 'video_play', 'pageview'];
  t.same(typesOf(all), newestFirst, 'newest first; within a batch, the later event first');
  t.match(all.json.entity, { total: 5, limit: 100, offset: 0 }, 'limit 100 and offset 0 unless asked');
  const [latest] = all.json.entity.events;
  t.match(latest, {
    siteId: shop.id,
    eventType: 'conversion',
    sessionId: 'session-2',
    userId: 'user-2',
    conversionName: 'signup',
    localTime: LOCAL_TIME,
    data: { conversion: { name: 'signup' }, page: { url: 'https://demo.example.com/thanks' } },
  });
  t.type(latest.id, 'number');
  t.match(latest.receivedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'UTC ISO 8601');
  t.notOk('dataJson' in latest, '`data` as an object, not its text');
  t.ok(
    all.json.entity.events.every((e: { siteId: string }) => e.siteId === shop.id),
    "another site's events never appear",
  );

  t.same((await read(s, EVENTS, { siteId: 'shop.example.com' })).json.entity, all.json.entity, 'the site by name');
  const page = await read(s, EVENTS, { siteId: shop.id, limit: 2, offset: 1 });
  t.same(typesOf(page), newestFirst.slice(1, 3), 'a page');
  t.match(page.json.entity, { total: 5, limit: 2, offset: 1 }, 'with the total of every page');
  t.same((await read(s, EVENTS, { siteId: shop.id, offset: 5 })).json.entity.events, [], 'past the end: none');

  const filtered = async (query: Query) => {
    const answer = await read(s, EVENTS, { siteId: shop.id, ...query });
    return { types: typesOf(answer), total: answer.json.entity.total };
  };
  t.same(await filtered({ eventType: 'video_play' }), { types: ['video_play'], total: 1 }, 'a custom type');
  t.same(await filtered({ eventType: 'pageview' }), { types: ['pageview'], total: 1 });
  t.same(await filtered({ sessionId: 'session-1' }), { types: ['video_play', 'pageview'], total: 2 });
  t.same(await filtered({ userId: 'user-2', limit: 1 }), { types: ['conversion'], total: 3 });
  t.same(await filtered({ userId: 'user-2', eventType: 'content_click' }), { types: ['content_click'], total: 1 });
  t.same(await filtered({ eventType: 'nothing_like_this' }), { types: [], total: 0 });

  // The bounds, on the times the ingest gave: from is included, to is not.
  const latestAt = latest.receivedAt as string;
  const atLatest = all.json.entity.events.filter((e: { receivedAt: string }) => e.receivedAt === latestAt).length;
  const justAfter = new Date(Date.parse(latestAt) + 1).toISOString();
  t.equal((await filtered({ from: latestAt })).total, atLatest, 'from includes its instant');
  t.equal((await filtered({ from: latestAt, to: justAfter })).total, atLatest);
  t.equal((await filtered({ from: latestAt, to: latestAt })).total, 0, 'to excludes its instant');
  t.equal((await filtered({ to: justAfter })).total, 5);
  t.equal((await filtered({ from: justAfter })).total, 0);

  const blogEvents = await read(s, EVENTS, { siteId: blog.id });
  t.same(typesOf(blogEvents), ['conversion', 'pageview'], 'each site its own');
});

/**
 * A known history, stored with chosen times of receipt over three UTC days. Session 1 of visitor 1
 * runs past midnight UTC (two sessions); visitor 2 has a session on each of two days.
 */
async function knownHistory(s: TestApp, siteId: string, otherSiteId: string): Promise<void> {
  const visitor = (sessionId: string, userId: string): IngestContext => ({
    siteAuth: 'not checked here',
    sessionId,
    userId,
    device: {},
  });
  const about = (event: Json, identifier: string, title: string): Json => ({
    ...event,
    data: { ...(event.data as Json), content: { identifier, inode: `i-${identifier}`, title, content_type: 'Banner' } },
  });
  const history: Array<[IngestContext, string, Json]> = [
    [visitor('s1', 'u1'), '2025-06-09T23:50:00.000Z', pageview({ url: '/a' })],
    [visitor('s1', 'u1'), '2025-06-09T23:55:00.000Z', about(impression(), 'c1', 'Hero')],
    [visitor('s1', 'u1'), '2025-06-10T00:05:00.000Z', pageview({ url: '/b' })],
    [visitor('s1', 'u1'), '2025-06-10T00:06:00.000Z', about(click(), 'c1', 'Hero')],
    [visitor('s1', 'u1'), '2025-06-10T00:07:00.000Z', customEvent('video_play')],
    [visitor('s2', 'u2'), '2025-06-10T09:00:00.000Z', pageview({ url: '/a' })],
    [visitor('s2', 'u2'), '2025-06-10T09:01:00.000Z', about(impression(), 'c1', 'Hero')],
    [visitor('s2', 'u2'), '2025-06-10T09:02:00.000Z', about(impression(), 'c2', 'Card')],
    [visitor('s2', 'u2'), '2025-06-10T09:03:00.000Z', conversion('signup')],
    [visitor('s3', 'u2'), '2025-06-11T12:00:00.000Z', pageview({ url: '/a' })],
    [visitor('s3', 'u2'), '2025-06-11T12:01:00.000Z', conversion('signup')],
    [visitor('s3', 'u2'), '2025-06-11T12:02:00.000Z', conversion('trial')],
    [visitor('s3', 'u2'), '2025-06-11T12:03:00.000Z', customEvent('form_submit')],
  ];
  const events = s.app.services.storage.analyticsEvents;
  // Not in time order: reads order by the time of receipt.
  for (const [ctx, at, event] of history.reverse())
    await events.insert(siteId, [normaliseEvent(event, ctx, batchReceipt(ctx, new Date(at)))]);
  const stranger = visitor('s9', 'u9');
  const at = new Date('2025-06-10T10:00:00.000Z');
  await events.insert(otherSiteId, [normaliseEvent(pageview({ url: '/a' }), stranger, batchReceipt(stranger, at))]);
  await events.insert(otherSiteId, [normaliseEvent(conversion('signup'), stranger, batchReceipt(stranger, at))]);
}

testOnSqlite('the summary: figures counted by hand from a known history', async (t, s) => {
  const { shop, blog } = await twoSites(s);
  await knownHistory(s, shop.id, blog.id);

  const all = await read(s, SUMMARY, { siteId: 'shop.example.com' });
  t.equal(all.status, 200, all.text);
  t.same(all.json.errors, []);
  t.same(all.json.entity, {
    siteId: shop.id,
    from: null,
    to: null,
    totals: {
      pageview: 4,
      content_impression: 3,
      content_click: 1,
      conversion: 3,
      video_play: 1,
      form_submit: 1,
    },
    pageviewsByDay: [
      { day: '2025-06-09', count: 1 },
      { day: '2025-06-10', count: 2 },
      { day: '2025-06-11', count: 1 },
    ],
    topPages: [
      { url: '/a', count: 3 },
      { url: '/b', count: 1 },
    ],
    topContentByImpressions: [
      { identifier: 'c1', title: 'Hero', count: 2 },
      { identifier: 'c2', title: 'Card', count: 1 },
    ],
    topContentByClicks: [{ identifier: 'c1', title: 'Hero', count: 1 }],
    conversions: [
      { name: 'signup', count: 2 },
      { name: 'trial', count: 1 },
    ],
    // s1 before and after midnight UTC, s2, s3: the session that ran past midnight counts twice.
    sessions: 4,
    uniqueVisitors: 2,
  });

  const tenth = {
    siteId: shop.id,
    from: '2025-06-10T00:00:00.000Z',
    to: '2025-06-11T00:00:00.000Z',
    totals: { pageview: 2, content_impression: 2, content_click: 1, conversion: 1, video_play: 1 },
    pageviewsByDay: [{ day: '2025-06-10', count: 2 }],
    topPages: [
      { url: '/a', count: 1 },
      { url: '/b', count: 1 },
    ],
    topContentByImpressions: [
      { identifier: 'c1', title: 'Hero', count: 1 },
      { identifier: 'c2', title: 'Card', count: 1 },
    ],
    topContentByClicks: [{ identifier: 'c1', title: 'Hero', count: 1 }],
    conversions: [{ name: 'signup', count: 1 }],
    sessions: 2,
    uniqueVisitors: 2,
  };
  const byDate = await read(s, SUMMARY, { siteId: shop.id, from: '2025-06-10', to: '2025-06-11' });
  t.same(byDate.json.entity, tenth, 'a date alone is its midnight UTC');
  const byOffset = await read(s, SUMMARY, {
    siteId: shop.id,
    from: '2025-06-10T02:00:00+02:00',
    to: '2025-06-10T19:00:00-05:00',
  });
  t.same(byOffset.json.entity, tenth, 'an offset is honoured; the bounds answered in UTC');
  const unencoded = await s.http('GET', `${SUMMARY}?siteId=${shop.id}&from=2025-06-10T02:00:00+02:00&to=2025-06-11`, {
    headers: s.basicAuth(),
  });
  t.same(unencoded.json.entity, tenth, 'a `+` sent unencoded (read as a space) still means +');

  const empty = await read(s, SUMMARY, { siteId: shop.id, from: '2024-01-01', to: '2024-01-01' });
  t.match(empty.json.entity, {
    totals: {},
    pageviewsByDay: [],
    topPages: [],
    conversions: [],
    sessions: 0,
    uniqueVisitors: 0,
  });

  // The list over the same history: from included, to excluded, to the millisecond.
  const window = await read(s, EVENTS, {
    siteId: shop.id,
    from: '2025-06-10T00:05:00.000Z',
    to: '2025-06-10T09:00:00Z',
  });
  t.same(typesOf(window), ['video_play', 'content_click', 'pageview']);
  t.same(
    window.json.entity.events.map((e: { receivedAt: string }) => e.receivedAt),
    ['2025-06-10T00:07:00.000Z', '2025-06-10T00:06:00.000Z', '2025-06-10T00:05:00.000Z'],
  );
  const lastDay = await read(s, EVENTS, { siteId: shop.id, from: '2025-06-11', eventType: 'conversion' });
  t.same(
    lastDay.json.entity.events.map((e: { conversionName: string }) => e.conversionName),
    ['trial', 'signup'],
  );
  t.equal((await read(s, SUMMARY, { siteId: blog.id })).json.entity.totals.conversion, 1, 'the other site apart');
});

testOnSqlite('who may read: back-end users with READ on the site, administrators always', async (t, s) => {
  const { shop, blog } = await twoSites(s);
  const admin = s.basicAuth();
  const role = async (roleName: string) =>
    (await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName } })).json.entity.id as string;
  const user = async (email: string, roles: string[]) => {
    const created = await s.http('POST', '/api/v1/users', {
      headers: admin,
      body: { email, firstName: 'R', lastName: 'R', password: PASSWORD, roles },
    });
    t.equal(created.status, 200, created.text);
    return s.basicAuth(email, PASSWORD);
  };
  const readers = await role('Analytics readers');
  const backEnd = SEED_IDS.backendUserRole;
  const reader = await user('reader@x.com', [readers, backEnd]);
  const stranger = await user('stranger@x.com', [backEnd]);
  const frontEnd = await user('front@x.com', [readers]);
  const granted = await s.http('PUT', `/api/v1/permissions/${shop.id}`, {
    headers: admin,
    body: { permissions: [{ roleId: readers, permissions: ['READ'] }] },
  });
  t.equal(granted.status, 200, granted.text);

  for (const path of [EVENTS, SUMMARY]) {
    const anonymous = await read(s, path, { siteId: shop.id }, {});
    t.equal(anonymous.status, 401, `${path}: anonymous`);
    t.equal(anonymous.json.errors[0].errorCode, 'AUTH_INVALID_USER');

    t.equal((await read(s, path, { siteId: shop.id }, reader)).status, 200, `${path}: READ on the site`);
    t.equal((await read(s, path, { siteId: 'shop.example.com' }, reader)).status, 200, `${path}: by name too`);
    t.equal((await read(s, path, { siteId: shop.id }, admin)).status, 200, `${path}: an administrator`);
    t.equal((await read(s, path, { siteId: blog.id }, admin)).status, 200, `${path}: any site`);

    const noRead = await read(s, path, { siteId: blog.id }, reader);
    t.equal(noRead.status, 403, `${path}: no READ on that site`);
    t.equal(noRead.json.errors[0].errorCode, 'PERMISSION_DENIED');
    const noGrant = await read(s, path, { siteId: shop.id }, stranger);
    t.equal(noGrant.status, 403, `${path}: a back-end user whose roles have no READ`);
    t.equal(noGrant.json.errors[0].errorCode, 'PERMISSION_DENIED');

    const front = await read(s, path, { siteId: shop.id }, frontEnd);
    t.equal(front.status, 403, `${path}: READ, but not a back-end user`);
    t.equal(front.json.errors[0].errorCode, 'AUTH_BACKEND_USER_REQUIRED');
    const frontElsewhere = await read(s, path, { siteId: 'no-such-site' }, frontEnd);
    t.equal(frontElsewhere.status, 403, `${path}: a front-end user learns nothing about sites`);

    for (const headers of [admin, stranger]) {
      const missing = await read(s, path, { siteId: 'no-such-site' }, headers);
      t.equal(missing.status, 404, `${path}: unknown site`);
      t.equal(missing.json.errors[0].errorCode, 'SITE_NOT_FOUND');
    }
  }
});

testOnSqlite('malformed parameters are 400, naming the parameter', async (t, s) => {
  const { shop } = await twoSites(s);
  const refused = async (path: string, query: Query, fieldName: string, errorCode: string, why: string) => {
    const answer = await read(s, path, query);
    t.equal(answer.status, 400, `${why}: ${answer.text}`);
    t.equal(answer.json.errors[0]?.fieldName, fieldName, why);
    t.equal(answer.json.errors[0]?.errorCode, errorCode, why);
    t.equal(answer.json.entity, null);
    return answer;
  };
  const siteId = shop.id;
  for (const path of [EVENTS, SUMMARY]) {
    await refused(path, {}, 'siteId', 'badType', 'no siteId');
    await refused(path, { siteId: '' }, 'siteId', 'badType', 'an empty siteId');
    for (const bound of ['from', 'to']) {
      for (const value of [
        'yesterday',
        '2025-06-31',
        '2025-02-29',
        '2025-06-10T25:00:00Z',
        '2025-06-10T10:00:00',
        '2025-06-10 10:00',
        '1749549600000',
        `2025-06-10T10:00:00Z${'0'.repeat(64)}`,
      ]) {
        const answer = await refused(path, { siteId, [bound]: value }, bound, 'ANALYTICS_INSTANT_INVALID', value);
        t.match(answer.json.message, new RegExp(`^${bound} must be an ISO 8601 date`));
        t.notOk(answer.text.includes('yesterday'), 'the value is not repeated');
      }
    }
    const inverted = await refused(
      path,
      { siteId, from: '2025-06-11', to: '2025-06-10T23:59:59.999Z' },
      'from',
      'ANALYTICS_RANGE_INVERTED',
      'from after to',
    );
    t.equal(inverted.json.message, 'from (2025-06-11T00:00:00.000Z) is after to (2025-06-10T23:59:59.999Z)');
    t.equal((await read(s, path, { siteId, from: '2024-02-29', to: '2024-02-29' })).status, 200, 'from = to: empty');
  }
  for (const limit of ['0', '1001', '-1', '1.5', 'ten', ''])
    await refused(EVENTS, { siteId, limit }, 'limit', 'badType', `limit ${limit}`);
  for (const offset of ['-1', '0.5', 'x', '1000000000'])
    await refused(EVENTS, { siteId, offset }, 'offset', 'badType', `offset ${offset}`);
  for (const name of ['eventType', 'sessionId', 'userId'])
    await refused(EVENTS, { siteId, [name]: '' }, name, 'badType', `an empty ${name}`);
  await refused(EVENTS, { siteId, eventType: 'x'.repeat(256) }, 'eventType', 'badType', 'a long eventType');
  const edges = await read(s, EVENTS, { siteId, limit: 1000, offset: 0 });
  t.equal(edges.status, 200, 'limit 1000 and offset 0 are in bounds');
  t.match(edges.json.entity, { limit: 1000, offset: 0 });
  t.equal((await read(s, EVENTS, { siteId, limit: 1 })).status, 200);
});
