import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import {
  batch,
  context,
  conversion,
  customEvent,
  impression,
  LOCAL_TIME,
  pageview,
} from '../helpers/analytics-batches.js';
import { send, siteKey, stored } from '../helpers/analytics-ingest-calls.js';
import { startTestApp, testOnEachStorage, testOnSqlite } from '../helpers/test-app.js';
import { HOST_PROPERTIES } from '../../host/settings/settings-properties.js';

// The analytics ingest (its limits and lifecycle: analytics-ingest-limits.test.ts).

testOnSqlite('a batch is parsed, checked and stored by a worker; the answer counts it', async (t, s) => {
  const { siteId, key } = await siteKey(s);
  const good = await send(s, batch([pageview(), customEvent()], context({ site_auth: key })));
  t.equal(good.status, 200, good.text);
  t.same(good.json, { status: 'SUCCESS', success: 2, failed: 0, errors: [] });
  t.equal(await stored(s, siteId), 2, 'stored before the answer');

  const mixed = await send(s, batch([pageview(), pageview({ url: undefined })], context({ site_auth: key })));
  t.equal(mixed.status, 207);
  t.match(mixed.json, { status: 'PARTIAL_SUCCESS', success: 1, failed: 1, errors: [{ eventIndex: 1 }] });
  t.equal(await stored(s, siteId), 3);

  const unknown = await send(s, batch([pageview()], context({ site_auth: `${key}x` })));
  t.equal(unknown.status, 400);
  t.same(unknown.json.errors, [
    { code: 'INVALID_SITE_AUTH', field: 'context.site_auth', message: 'Invalid site auth: context.site_auth' },
  ]);
  t.notOk(unknown.text.includes(key), 'the key is not repeated');
  t.equal(await stored(s, siteId), 3, 'nothing stored for an unknown key');

  const text = await send(s, batch([pageview()], context({ site_auth: key })), { 'content-type': 'text/plain' });
  t.equal(text.status, 415);
  t.same(text.json, { message: 'HTTP 415 Unsupported Media Type' });

  // A replaced key stops working at once.
  await siteKey(s);
  t.equal((await send(s, batch([pageview()], context({ site_auth: key })))).status, 400);
});

testOnEachStorage(
  'values at every length limit are stored whole; one past a limit fails only its event',
  async (t, s) => {
    const { siteId, key } = await siteKey(s);
    // Multi-byte characters: the limits count characters, and the columns must hold them in UTF-8.
    const short = 'é'.repeat(255);
    const long = '€'.repeat(16_384);
    const atLimits = [
      pageview({ url: long, title: long }),
      impression({ dom_index: 2_147_483_647 }, { local_time: LOCAL_TIME }),
      customEvent(short),
      conversion(short),
    ];
    (atLimits[1] as { data: { content: Record<string, string> } }).data.content = {
      identifier: short,
      inode: short,
      title: long,
      content_type: short,
    };
    const ctx = context({
      site_auth: key,
      session_id: 's'.repeat(255),
      user_id: short,
      device: { screen_resolution: short, language: short, viewport_width: short, viewport_height: short },
    });
    const answer = await send(s, batch([...atLimits, customEvent('x'.repeat(256))], ctx));
    t.equal(answer.status, 207, answer.text);
    t.match(answer.json, { success: 4, failed: 1, errors: [{ code: 'INVALID_FIELD_VALUE', eventIndex: 4 }] });
    const events = (await s.app.services.storage.analyticsEvents.list({ siteId, limit: 10, offset: 0 })).events;
    const impressionRow = events.find((e) => e.eventType === 'content_impression');
    t.equal(impressionRow?.contentTitle, long, 'a content title of 16,384 characters');
    t.equal(impressionRow?.contentIdentifier, short);
    t.equal(impressionRow?.domIndex, 2_147_483_647);
    t.equal(events.find((e) => e.eventType === 'pageview')?.pageUrl, long);
    t.equal(events.find((e) => e.eventType === 'conversion')?.conversionName, short);
    t.equal(events.find((e) => e.eventType === short)?.userId, short);
    t.equal(impressionRow?.language, short);
  },
);

t.test('batches sent at once are each answered once stored, whichever share a worker or a commit', async (t) => {
  const s = (await startTestApp(t))!;
  const { siteId, key } = await siteKey(s);
  const sizes = Array.from({ length: 40 }, (_, i) => (i % 5) + 1);
  const answers = await Promise.all(
    sizes.map((size, i) =>
      send(
        s,
        batch(
          Array.from({ length: size }, () => pageview()),
          context({ site_auth: key, session_id: `session-${i}` }),
        ),
      ),
    ),
  );
  t.same(
    answers.map((a) => a.json),
    sizes.map((size) => ({ status: 'SUCCESS', success: size, failed: 0, errors: [] })),
  );
  t.equal(
    await stored(s, siteId),
    sizes.reduce((a, b) => a + b, 0),
  );
});

/** The nice value of each thread of this process (Linux), the main thread's under the process id. */
function threadNiceness(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The 19th field; the 2nd (the thread's name) may hold spaces, so count from after its ')'.
    nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

t.test(
  'ingest workers run at a lower priority than the thread that answers requests',
  { skip: process.platform === 'linux' ? false : 'threads have priorities of their own on Linux only' },
  async (t) => {
    // Test apps run their workers at the answering thread's priority (see test-app.ts): the default is given here.
    const byDefault = HOST_PROPERTIES['analytics.workers.nice'].default;
    t.equal(byDefault, 10);
    for (const [env, levels] of [
      [{ CMS_ANALYTICS_WORKERS_NICE: String(byDefault) }, byDefault],
      [{ CMS_ANALYTICS_WORKERS_NICE: '3' }, 3],
    ] as const) {
      const before = threadNiceness();
      const s = (await startTestApp(t, { env }))!;
      const { key } = await siteKey(s);
      t.equal((await send(s, batch([pageview()], context({ site_auth: key })))).status, 200);
      const after = threadNiceness();
      const main = before.get(process.pid)!;
      t.equal(after.get(process.pid), main, 'the answering thread keeps its priority');
      const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === Math.min(19, main + levels));
      t.ok(lowered.length >= 1, `the worker started for the batch runs ${levels} nice levels lower`);
    }
  },
);
