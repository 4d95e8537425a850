import t from 'tap';
import { batch, context, pageview, trackerBatch, type Json } from '../helpers/analytics-batches.js';
import { INGEST, JSON_TYPE, send, siteKey, stored } from '../helpers/analytics-ingest-calls.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startTestApp, tempDataDir } from '../helpers/test-app.js';

// The ingest seen from other sites, its limits, and its lifecycle. Apart from
// analytics-ingest.test.ts: every app starts a worker pool, and one file of all of them took long.

t.test('trackers on other sites: preflight and answers open to any origin, no cross-site refusal', async (t) => {
  const s = (await startTestApp(t))!;
  const { key } = await siteKey(s);
  const origin = { origin: 'https://visitor-site.example', 'sec-fetch-site': 'cross-site' };
  const preflight = await s.http('OPTIONS', INGEST, {
    headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  t.equal(preflight.status, 204);
  t.equal(preflight.headers.get('access-control-allow-origin'), '*');
  t.match(preflight.headers.get('access-control-allow-headers'), /Content-Type/);
  t.match(preflight.headers.get('access-control-allow-methods'), /POST/);
  const answer = await send(s, batch([pageview()], context({ site_auth: key })), { ...JSON_TYPE, ...origin });
  t.equal(answer.status, 200, answer.text);
  t.equal(answer.headers.get('access-control-allow-origin'), '*');
  const elsewhere = await s.http('OPTIONS', '/api/v1/site', {
    headers: { ...origin, 'access-control-request-method': 'POST' },
  });
  t.equal(elsewhere.headers.get('access-control-allow-origin'), null, 'other paths keep the configured origins');
});

t.test('a batch over analytics.max.batch.events is 413', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_ANALYTICS_MAX_BATCH_EVENTS: '2' } }))!;
  const { key } = await siteKey(s);
  const big = await send(s, batch([pageview(), pageview(), pageview()], context({ site_auth: key })));
  t.equal(big.status, 413);
  t.equal(big.json.status, 'ERROR');
});

t.test('a full queue answers 503 with Retry-After; every batch acknowledged is stored', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_ANALYTICS_QUEUE_SIZE: '1' } }))!;
  const { siteId, key } = await siteKey(s);
  const body = batch([pageview()], context({ site_auth: key }));
  // The worker starts with the first batch: the others arrive while it starts. It takes 16 at a
  // time and one more may wait: the rest are refused.
  const answers = await Promise.all(Array.from({ length: 40 }, () => send(s, body)));
  const busy = answers.filter((a) => a.status === 503);
  t.ok(busy.length > 0, 'some batches are refused');
  t.equal(busy[0]?.headers.get('retry-after'), '1');
  const acknowledged = answers.filter((a) => a.status === 200).length;
  t.ok(acknowledged > 0);
  t.equal(await stored(s, siteId), acknowledged, 'every acknowledged batch, and only those');
});

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`shutdown drains the pool before storage closes: no acknowledged event is lost, on ${storage}`, async (t) => {
    const dataDir = tempDataDir(t);
    // The second start must find the first one's database: on MariaDB, name it in the environment.
    const url = storage === 'mysql' ? await createTestDatabase(t) : undefined;
    if (storage === 'mysql' && !url) return;
    const env: Record<string, string> = url ? { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url } : {};
    const s = (await startTestApp(t, { dataDir, env }))!;
    const { siteId, key } = await siteKey(s);
    const ingest = s.app.services.analyticsIngest;
    const body = Buffer.from(batch([pageview(), pageview()], context({ site_auth: key })));
    // Taken by the pool, then the service stops while they run.
    const taken = Array.from({ length: 5 }, () => ingest.ingest(body, new Date()));
    const closing = s.app.close();
    const answers = await Promise.all(taken);
    await closing;
    t.ok(answers.every((a) => a.status === 200));
    const again = (await startTestApp(t, { dataDir, env }))!;
    t.equal(await stored(again, siteId), 10, 'every event of every batch taken');
  });
}

t.test('a body handed over in a block of its own moves to the worker; any other is copied', async (t) => {
  const s = (await startTestApp(t))!;
  const { siteId, key } = await siteKey(s);
  const ingest = s.app.services.analyticsIngest;
  const text = batch([pageview()], context({ site_auth: key }));
  const own = new Uint8Array(Buffer.from(text));
  t.equal((await ingest.ingest(own, new Date(), { handOver: true })).status, 200);
  t.equal(own.byteLength, 0, 'moved: nothing is left here');
  // A small Buffer is a slice of Node's shared pool: moving its block would take its neighbours too.
  const pooled = Buffer.from(text);
  t.ok(pooled.buffer.byteLength > pooled.byteLength, 'a slice of a larger block');
  t.equal((await ingest.ingest(pooled, new Date(), { handOver: true })).status, 200);
  t.equal(pooled.toString(), text, 'copied: left as it was');
  const kept = new Uint8Array(Buffer.from(text));
  t.equal((await ingest.ingest(kept, new Date())).status, 200);
  t.equal(kept.byteLength, text.length, 'not handed over: left as it was');
  t.equal(await stored(s, siteId), 3);
});

t.test('a batch as the tracker sends it, over a socket from another site, at the 64 KiB keepalive limit', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const { siteId, key } = await siteKey(s);
  const sent = JSON.parse(trackerBatch(context({ site_auth: key }))) as { events: Array<{ data: { custom?: Json } }> };
  // fetch with keepalive (how the tracker sends on page hide) carries at most 64 KiB.
  const custom = sent.events[5]!.data.custom!;
  custom.padding = '';
  custom.padding = 'p'.repeat(64 * 1024 - Buffer.byteLength(JSON.stringify(sent)));
  const body = JSON.stringify(sent);
  t.equal(Buffer.byteLength(body), 64 * 1024);
  const answer = await fetch(s.url + INGEST, {
    method: 'POST',
    headers: { ...JSON_TYPE, origin: 'https://visitor-site.example', 'sec-fetch-site': 'cross-site' },
    body,
    keepalive: true,
  });
  t.equal(answer.status, 200);
  t.same(await answer.json(), { status: 'SUCCESS', success: 15, failed: 0, errors: [] });
  t.equal(answer.headers.get('access-control-allow-origin'), '*');
  const events = (await s.app.services.storage.analyticsEvents.list({ siteId, limit: 100, offset: 0 })).events;
  t.equal(events.length, 15);
  t.match(events.find((e) => e.eventType === 'cta_click')?.data, { custom: { button: 'hero', padding: /^p+$/ } });
  t.match(events.findLast((e) => e.eventType === 'pageview')?.data, { utm: { source: 'newsletter' } });
});

t.test('a body over http.max.body.bytes is 413 and nothing is stored', async (t) => {
  const s = (await startTestApp(t, { socket: true, env: { CMS_HTTP_MAX_BODY_BYTES: '4096' } }))!;
  const { siteId, key } = await siteKey(s);
  const answer = await send(s, trackerBatch(context({ site_auth: key })));
  t.equal(answer.status, 413);
  t.equal(await stored(s, siteId), 0);
});
