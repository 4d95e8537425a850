import t from 'tap';
import {
  parseIngestBatch,
  type CheckedBatch,
  type IngestOutcome,
  type RejectedBatch,
} from '../../../core/analytics/index.js';
import {
  batch,
  click,
  context,
  conversion,
  customEvent,
  impression,
  LOCAL_TIME,
  pageview,
  SESSION_ID,
  SITE_AUTH,
  USER_ID,
} from '../../helpers/analytics-batches.js';

const RECEIVED_AT = new Date('2025-06-09T12:00:00.000Z');
const OPTIONS = { maxEvents: 500, receivedAt: RECEIVED_AT };

function checked(outcome: IngestOutcome): CheckedBatch {
  if (outcome.kind !== 'checked') throw new Error(`refused: ${JSON.stringify(outcome.errors)}`);
  return outcome;
}

function rejected(outcome: IngestOutcome): RejectedBatch {
  if (outcome.kind !== 'rejected') throw new Error(`not refused: ${JSON.stringify(outcome)}`);
  return outcome;
}

const missing = (field: string) => ({
  code: 'REQUIRED_FIELD_MISSING',
  field,
  message: `Required field is missing: ${field}`,
});

t.test('a batch without context.site_auth is refused as a whole, without counts', async (t) => {
  const { site_auth: _ignored, ...withoutSiteAuth } = context();
  const outcome = rejected(parseIngestBatch(batch([pageview()], withoutSiteAuth), OPTIONS));
  t.equal(outcome.reason, 'invalid');
  t.same(outcome.errors, [missing('context.site_auth')]);
});

t.test('each of context.session_id, context.user_id and events is required', async (t) => {
  for (const id of ['session_id', 'user_id']) {
    const ctx = context();
    delete ctx[id];
    const outcome = rejected(parseIngestBatch(batch([pageview()], ctx), OPTIONS));
    t.same(outcome, { kind: 'rejected', reason: 'invalid', errors: [missing(`context.${id}`)] }, id);
  }
  const noEvents = rejected(parseIngestBatch(JSON.stringify({ context: context() }), OPTIONS));
  t.same(noEvents.errors, [missing('events')]);
  const nullSession = rejected(parseIngestBatch(batch([pageview()], context({ session_id: null })), OPTIONS));
  t.same(nullSession.errors, [missing('context.session_id')], 'null counts as missing');
  const emptyUser = rejected(parseIngestBatch(batch([pageview()], context({ user_id: ' ' })), OPTIONS));
  t.same(emptyUser.errors, [missing('context.user_id')], 'so does an empty string');
});

t.test('every problem of the batch is listed at once', async (t) => {
  const outcome = rejected(parseIngestBatch('{}', OPTIONS));
  t.same(
    outcome.errors.map((e) => e.field).sort(),
    ['context.session_id', 'context.site_auth', 'context.user_id', 'events'],
    'without context, its three members are named',
  );
  t.ok(outcome.errors.every((e) => e.code === 'REQUIRED_FIELD_MISSING'));
});

t.test('context members of the wrong type, and unknown ones, refuse the batch', async (t) => {
  const outcome = rejected(
    parseIngestBatch(
      batch([pageview()], context({ site_auth: 42, device: { viewport_width: 1280 }, ip: '10.0.0.1' })),
      OPTIONS,
    ),
  );
  t.same(
    outcome.errors.map((e) => [e.code, e.field, e.message]),
    [
      ['UNKNOWN_FIELD', 'context.ip', "Unknown field 'context.ip'"],
      ['INVALID_STRING_TYPE', 'context.site_auth', 'Field value is not a String: 42'],
      ['INVALID_STRING_TYPE', 'context.device.viewport_width', 'Field value is not a String: 1280'],
    ],
  );
  const notArray = rejected(parseIngestBatch(JSON.stringify({ context: context(), events: {} }), OPTIONS));
  t.same(
    notArray.errors.map((e) => [e.code, e.field]),
    [['INVALID_JSON_ARRAY_TYPE', 'events']],
  );
  const empty = rejected(parseIngestBatch(batch([]), OPTIONS));
  t.same(empty.errors, [{ code: 'EVENTS_EMPTY', field: 'events', message: 'At least one event is required: events' }]);
});

t.test('a body that is not JSON is refused with INVALID_JSON', async (t) => {
  for (const body of ['{"context": ', 'context=x&events=y', '', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
    const outcome = rejected(parseIngestBatch(body, OPTIONS));
    t.same(outcome, {
      kind: 'rejected',
      reason: 'invalid',
      errors: [{ code: 'INVALID_JSON', field: null, message: 'The request body is not valid JSON' }],
    });
  }
  const array = rejected(parseIngestBatch('[]', OPTIONS));
  t.same(array.errors, [
    { code: 'INVALID_JSON_OBJECT_TYPE', field: null, message: 'Field value is not an Object: []' },
  ]);
});

t.test('bytes are read as UTF-8, with or without a byte-order mark', async (t) => {
  const text = batch([pageview({ title: 'Café ☕' })]);
  const bytes = new TextEncoder().encode(`\uFEFF${text}`);
  const outcome = checked(parseIngestBatch(bytes, OPTIONS));
  t.equal(outcome.good[0]?.pageTitle, 'Café ☕');
  t.equal(checked(parseIngestBatch(`\uFEFF${text}`, OPTIONS)).success, 1);
});

t.test('a batch over maxEvents is too large; exactly maxEvents is taken', async (t) => {
  const over = rejected(
    parseIngestBatch(batch(Array.from({ length: 6 }, () => pageview())), { ...OPTIONS, maxEvents: 5 }),
  );
  t.same(over, {
    kind: 'rejected',
    reason: 'too_large',
    errors: [{ code: 'EVENTS_TOO_MANY', field: 'events', message: 'A batch holds at most 5 events; this one has 6' }],
  });
  const overWithBadContext = rejected(
    parseIngestBatch(
      batch(
        Array.from({ length: 6 }, () => pageview()),
        {},
      ),
      { ...OPTIONS, maxEvents: 5 },
    ),
  );
  t.equal(overWithBadContext.reason, 'too_large', 'the size is checked first');
  const atLimit = checked(
    parseIngestBatch(batch(Array.from({ length: 5 }, () => pageview())), { ...OPTIONS, maxEvents: 5 }),
  );
  t.equal(atLimit.success, 5);
  const product = checked(parseIngestBatch(batch(Array.from({ length: 500 }, () => impression())), OPTIONS));
  t.equal(product.success, 500, '500 events, the product limit');
  t.equal(
    rejected(parseIngestBatch(batch(Array.from({ length: 501 }, () => impression())), OPTIONS)).reason,
    'too_large',
  );
});

t.test('all events good: every one becomes a row, no problems', async (t) => {
  const outcome = checked(
    parseIngestBatch(batch([pageview(), impression(), click(), conversion(), customEvent()]), OPTIONS),
  );
  t.same([outcome.success, outcome.failed, outcome.errors], [5, 0, []]);
  t.same(
    outcome.good.map((row) => row.eventType),
    ['pageview', 'content_impression', 'content_click', 'conversion', 'cta_click'],
  );
  t.equal(outcome.siteAuth, SITE_AUTH);
  t.same(outcome.context, {
    siteAuth: SITE_AUTH,
    sessionId: SESSION_ID,
    userId: USER_ID,
    device: { screenResolution: '1920x1080', language: 'en-US', viewportWidth: '1280', viewportHeight: '720' },
  });
});

t.test('all events bad: nothing to store, each event counted once', async (t) => {
  const outcome = checked(
    parseIngestBatch(batch([pageview({ url: 1, title: 2 }), impression({ dom_index: 'x' }), 'x']), OPTIONS),
  );
  t.same([outcome.success, outcome.failed, outcome.good], [0, 3, []]);
  t.same(
    outcome.errors.map((e) => e.eventIndex),
    [0, 0, 1, 2],
    'the first event has two problems, and they come in batch order',
  );
});

t.test('a mixed batch: the good events are kept, the bad ones reported with their index', async (t) => {
  const outcome = checked(
    parseIngestBatch(
      batch([pageview(), impression({ viewport_offset_pct: '18' }), conversion(), click({ attributes: 'x' })]),
      OPTIONS,
    ),
  );
  t.same([outcome.success, outcome.failed], [2, 2]);
  t.same(
    outcome.good.map((row) => row.eventType),
    ['pageview', 'conversion'],
  );
  t.same(
    outcome.errors.map((e) => [e.eventIndex, e.code, e.field]),
    [
      [1, 'INVALID_NUMBER_TYPE', 'events[1].data.position.viewport_offset_pct'],
      [3, 'INVALID_JSON_ARRAY_TYPE', 'events[3].data.element.attributes'],
    ],
  );
});

t.test('the session key is the session id and the UTC date of receipt: it turns at midnight UTC', async (t) => {
  const sessionKey = (receivedAt: string) =>
    checked(parseIngestBatch(batch([pageview()]), { ...OPTIONS, receivedAt: new Date(receivedAt) })).good[0]
      ?.sessionKey;
  t.equal(sessionKey('2025-06-09T23:59:59.999Z'), `${SESSION_ID}:2025-06-09`);
  t.equal(sessionKey('2025-06-10T00:00:00.000Z'), `${SESSION_ID}:2025-06-10`);
  // The visitor in UTC+02:00 passed their own midnight two hours earlier: that does not split the session.
  const evening = checked(
    parseIngestBatch(batch([{ ...pageview(), local_time: '2025-06-10T00:30:00+02:00' }]), {
      ...OPTIONS,
      receivedAt: new Date('2025-06-09T22:30:00Z'),
    }),
  ).good[0];
  t.equal(evening?.sessionKey, `${SESSION_ID}:2025-06-09`, 'the local date is not used');
  t.equal(evening?.localTime, '2025-06-10T00:30:00+02:00');
});

t.test('a row: receipt time in UTC, local_time as sent, the searchable members in columns', async (t) => {
  const [view, seen, clicked, converted, custom] = checked(
    parseIngestBatch(
      batch([
        { ...pageview(), local_time: '2025-06-09T08:30:00.250-04:00' },
        impression({ viewport_offset_pct: -37.25, dom_index: 4 }),
        click(),
        conversion('newsletter-signup'),
        customEvent(),
      ]),
      OPTIONS,
    ),
  ).good;
  t.match(view, {
    eventType: 'pageview',
    sessionId: SESSION_ID,
    sessionKey: `${SESSION_ID}:2025-06-09`,
    userId: USER_ID,
    receivedAt: '2025-06-09T12:00:00.000Z',
    localTime: '2025-06-09T08:30:00.250-04:00',
    pageUrl: 'https://demo.example.com/blog/post?utm_source=news#top',
    pageTitle: 'A post',
    contentIdentifier: null,
    viewportOffsetPct: null,
    screenResolution: '1920x1080',
    language: 'en-US',
    viewportWidth: '1280',
    viewportHeight: '720',
  });
  t.match(seen, {
    localTime: LOCAL_TIME,
    contentIdentifier: 'c1a2b3',
    contentInode: 'i9z8y7',
    contentTitle: 'Hero banner',
    contentType: 'Banner',
    viewportOffsetPct: -37.25,
    domIndex: 4,
    pageUrl: 'https://demo.example.com/',
  });
  t.equal(seen?.viewportOffsetPct, -37.25, 'a negative offset stays negative, and a number');
  t.same(JSON.parse(clicked?.dataJson ?? '{}'), click().data, 'data_json keeps the whole data as sent');
  t.match(converted, { conversionName: 'newsletter-signup', pageUrl: 'https://demo.example.com/thanks' });
  t.match(custom, { eventType: 'cta_click', pageUrl: null, dataJson: '{"custom":{"button":"hero","value":3}}' });
});

t.test('a context without device gives rows without device members', async (t) => {
  const { device: _ignored, ...ctx } = context();
  const outcome = checked(parseIngestBatch(batch([pageview()], ctx), OPTIONS));
  t.same(outcome.context.device, {});
  t.match(outcome.good[0], { screenResolution: null, language: null, viewportWidth: null, viewportHeight: null });
});

t.test('the outcome survives a structured clone (it crosses from the worker thread)', async (t) => {
  const outcome = parseIngestBatch(batch([pageview(), impression({ dom_index: 'x' })]), OPTIONS);
  t.same(structuredClone(outcome), outcome);
});

t.test('a __proto__ member is an unknown field, not a prototype', async (t) => {
  const body = batch([pageview()]).replace('"event_type"', '"__proto__":{"polluted":true},"event_type"');
  const outcome = checked(parseIngestBatch(body, OPTIONS));
  t.same(
    outcome.errors.map((e) => [e.code, e.field]),
    [['UNKNOWN_FIELD', 'events[0].__proto__']],
  );
  t.equal(({} as Record<string, unknown>).polluted, undefined);
});

t.test('JSON nested too deeply to walk is refused as not JSON, never thrown', async (t) => {
  const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
  const outcome = parseIngestBatch(deep, { maxEvents: 500, receivedAt: new Date() });
  t.match(outcome, { kind: 'rejected', reason: 'invalid', errors: [{ code: 'INVALID_JSON' }] });
});

t.test(
  'context ids and device members past 255 characters refuse the batch; a long site_auth is not echoed',
  async (t) => {
    const long = 'u'.repeat(256);
    const outcome = rejected(parseIngestBatch(batch([pageview()], context({ user_id: long })), OPTIONS));
    t.same(outcome.errors, [
      {
        code: 'INVALID_FIELD_VALUE',
        field: 'context.user_id',
        message: `Field value is longer than 255 characters: ${'u'.repeat(100)}…`,
      },
    ]);
    const device = rejected(parseIngestBatch(batch([pageview()], context({ device: { language: long } })), OPTIONS));
    t.equal(device.errors[0]?.field, 'context.device.language');
    const key = `site.${'k'.repeat(400)}`;
    const keyed = checked(parseIngestBatch(batch([pageview()], context({ site_auth: key })), OPTIONS));
    t.equal(keyed.siteAuth, key, 'a long site_auth is left to the key check, which refuses it without repeating it');
    t.equal(
      checked(parseIngestBatch(batch([pageview()], context({ session_id: 's'.repeat(255) })), OPTIONS)).good.length,
      1,
    );
  },
);
