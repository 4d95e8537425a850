import t from 'tap';
import { parseIngestBatch, type EventProblem, type IngestOutcome } from '../../../core/analytics/index.js';
import {
  batch,
  click,
  conversion,
  customEvent,
  impression,
  pageview,
  type Json,
} from '../../helpers/analytics-batches.js';

const OPTIONS = { maxEvents: 500, receivedAt: new Date('2025-06-09T12:00:00Z') };

/** The problems of a batch of one event (index 0), which must be refused as an event, not as a batch. */
function problemsOf(event: unknown): EventProblem[] {
  const outcome: IngestOutcome = parseIngestBatch(batch([event]), OPTIONS);
  if (outcome.kind !== 'checked') throw new Error(`the batch was refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.errors;
}

/** Deep-edits a copy of an event: `edit(event, 'data.page', (page) => { delete page.url })`. */
function edited(event: Json, path: string, change: (target: Json) => void): Json {
  const copy = structuredClone(event);
  const target = path.split('.').reduce<Json>((object, key) => object[key] as Json, copy);
  change(target);
  return copy;
}

t.test('every known event type, and a custom one, is accepted as the tracker sends it', async (t) => {
  for (const event of [pageview(), impression(), click(), conversion(), customEvent()]) {
    t.same(problemsOf(event), [], String(event.event_type));
  }
});

t.test('a missing data.page.url is REQUIRED_FIELD_MISSING, named from the batch root and from the event', async (t) => {
  const event = edited(pageview(), 'data.page', (page) => delete page.url);
  t.same(problemsOf(event), [
    {
      code: 'REQUIRED_FIELD_MISSING',
      field: 'events[0].data.page.url',
      message: 'Required field is missing: data.page.url',
      eventIndex: 0,
    },
  ]);
});

t.test('a member sent as null counts as missing', async (t) => {
  const event = edited(conversion(), 'data.conversion', (c) => (c.name = null));
  t.same(problemsOf(event), [
    {
      code: 'REQUIRED_FIELD_MISSING',
      field: 'events[0].data.conversion.name',
      message: 'Required field is missing: data.conversion.name',
      eventIndex: 0,
    },
  ]);
});

t.test('local_time is required on pageview, content_impression and custom events', async (t) => {
  for (const event of [pageview(), impression(), customEvent()]) {
    delete event.local_time;
    t.same(problemsOf(event), [
      {
        code: 'REQUIRED_FIELD_MISSING',
        field: 'events[0].local_time',
        message: 'Required field is missing: local_time',
        eventIndex: 0,
      },
    ]);
  }
  for (const event of [click(), conversion()]) {
    delete event.local_time;
    t.same(problemsOf(event), [], `${String(event.event_type)} without local_time`);
  }
});

t.test('local_time must be an ISO 8601 time with its offset', async (t) => {
  for (const bad of ['2025-06-09T14:30:00', '2025-06-09 14:30:00+02:00', '09/06/2025', '2025-02-31T10:00:00+01:00']) {
    t.same(
      problemsOf({ ...pageview(), local_time: bad }),
      [
        {
          code: 'INVALID_DATE_FORMAT',
          field: 'events[0].local_time',
          message: `Field value is not an ISO 8601 date and time with offset: ${bad}`,
          eventIndex: 0,
        },
      ],
      bad,
    );
  }
  for (const good of ['2025-06-09T14:30:00-05:00', '2025-06-09T14:30:00.123+05:30', '2025-06-09T14:30Z']) {
    t.same(problemsOf({ ...pageview(), local_time: good }), [], good);
  }
  t.same(
    problemsOf({ ...pageview(), local_time: 1749472200000 }).map((p) => p.code),
    ['INVALID_STRING_TYPE'],
    'a number is a wrong type, reported once',
  );
});

t.test('a member outside the shape is UNKNOWN_FIELD', async (t) => {
  const event = edited(pageview(), 'data.page', (page) => (page.extra = 'x'));
  t.same(problemsOf(event), [
    {
      code: 'UNKNOWN_FIELD',
      field: 'events[0].data.page.extra',
      message: "Unknown field 'data.page.extra'",
      eventIndex: 0,
    },
  ]);
  t.same(
    problemsOf({ ...click(), sent_at: 'now' }).map((p) => [p.code, p.field]),
    [['UNKNOWN_FIELD', 'events[0].sent_at']],
    'at the top of the event too',
  );
  t.same(
    problemsOf(edited(impression(), 'data', (data) => (data.utm = { source: 'x' }))).map((p) => p.field),
    ['events[0].data.utm'],
    'utm belongs to pageviews only',
  );
  t.same(
    problemsOf(edited(customEvent(), 'data', (data) => (data.page = { url: 'u' }))).map((p) => p.field),
    ['events[0].data.page'],
    'a custom event carries only custom',
  );
});

t.test('viewport_offset_pct and dom_index must be JSON numbers: a string of digits is not', async (t) => {
  const event = edited(impression(), 'data.position', (position) => (position.viewport_offset_pct = '18'));
  t.same(problemsOf(event), [
    {
      code: 'INVALID_NUMBER_TYPE',
      field: 'events[0].data.position.viewport_offset_pct',
      message: 'Field value is not a Number: 18',
      eventIndex: 0,
    },
  ]);
  const domIndex = edited(click(), 'data.position', (position) => (position.dom_index = '3'));
  t.same(problemsOf(domIndex), [
    {
      code: 'INVALID_NUMBER_TYPE',
      field: 'events[0].data.position.dom_index',
      message: 'Field value is not a Number: 3',
      eventIndex: 0,
    },
  ]);
  const fraction = edited(click(), 'data.position', (position) => (position.dom_index = 2.5));
  t.same(
    problemsOf(fraction).map((p) => [p.code, p.message]),
    [['INVALID_NUMBER_TYPE', 'Field value is not a Number: 2.5']],
    'dom_index is an integer',
  );
});

t.test('element.attributes must be an array of strings', async (t) => {
  t.same(problemsOf(click({ attributes: 'data-track:hero' })), [
    {
      code: 'INVALID_JSON_ARRAY_TYPE',
      field: 'events[0].data.element.attributes',
      message: 'Field value is not an Array: data-track:hero',
      eventIndex: 0,
    },
  ]);
  t.same(
    problemsOf(click({ attributes: ['ok:1', 7] })).map((p) => [p.code, p.field, p.message]),
    [['INVALID_STRING_TYPE', 'events[0].data.element.attributes[1]', 'Field value is not a String: 7']],
  );
});

t.test(
  'a string member given another type is INVALID_STRING_TYPE; a group given a scalar INVALID_JSON_OBJECT_TYPE',
  async (t) => {
    t.same(problemsOf(pageview({ title: 42 })), [
      {
        code: 'INVALID_STRING_TYPE',
        field: 'events[0].data.page.title',
        message: 'Field value is not a String: 42',
        eventIndex: 0,
      },
    ]);
    t.same(problemsOf(edited(impression(), 'data', (data) => (data.content = 'c1a2b3'))), [
      {
        code: 'INVALID_JSON_OBJECT_TYPE',
        field: 'events[0].data.content',
        message: 'Field value is not an Object: c1a2b3',
        eventIndex: 0,
      },
    ]);
    t.same(
      problemsOf(customEvent('cta_click', ['a'] as unknown as Json)).map((p) => [p.code, p.field]),
      [['INVALID_JSON_OBJECT_TYPE', 'events[0].data.custom']],
      'custom is free, but an object',
    );
  },
);

t.test('an event that is not an object, or has no usable event_type', async (t) => {
  t.same(problemsOf('pageview'), [
    {
      code: 'INVALID_JSON_OBJECT_TYPE',
      field: 'events[0]',
      message: 'Field value is not an Object: pageview',
      eventIndex: 0,
    },
  ]);
  const { event_type: _ignored, ...untyped } = pageview();
  t.same(problemsOf(untyped), [
    {
      code: 'REQUIRED_FIELD_MISSING',
      field: 'events[0].event_type',
      message: 'Required field is missing: event_type',
      eventIndex: 0,
    },
  ]);
  t.same(
    problemsOf({ ...customEvent(), event_type: '  ' }).map((p) => [p.code, p.field]),
    [['INVALID_STRING_TYPE', 'events[0].event_type']],
  );
  t.same(
    problemsOf({ ...customEvent(), event_type: 7 }).map((p) => p.message),
    ['Field value is not a String: 7'],
  );
});

t.test('every problem of an event is reported, not only the first', async (t) => {
  const event = edited(click({ attributes: 'x', extra: true }), 'data.position', (position) => {
    position.viewport_offset_pct = '18';
    delete position.dom_index;
  });
  t.same(
    problemsOf(event)
      .map((p) => `${p.code} ${p.field}`)
      .sort(),
    [
      'INVALID_JSON_ARRAY_TYPE events[0].data.element.attributes',
      'INVALID_NUMBER_TYPE events[0].data.position.viewport_offset_pct',
      'REQUIRED_FIELD_MISSING events[0].data.position.dom_index',
      'UNKNOWN_FIELD events[0].data.element.extra',
    ],
  );
});

t.test('the free custom objects take any members, nulls included', async (t) => {
  t.same(problemsOf(customEvent('cta_click', { a: null, b: [1, { c: 'd' }], e: true })), []);
  t.same(problemsOf(conversion('x', { custom: { plan: 'pro', seats: 3 } })), []);
  t.same(problemsOf(pageview({}, { custom: { ab: 'b' } })), [], 'the tracker sends custom on pageviews too');
});

t.test('a long wrong value is cut short in the message', async (t) => {
  const [problem] = problemsOf(edited(impression(), 'data', (data) => (data.position = 'x'.repeat(500))));
  t.equal(problem?.message, `Field value is not an Object: ${'x'.repeat(100)}…`);
  const [object] = problemsOf(pageview({ title: { long: 'y'.repeat(500) } }));
  t.equal(object?.message.length, 'Field value is not a String: '.length + 101);
});

t.test('a string past what its column stores is INVALID_FIELD_VALUE for that event, not a failed batch', async (t) => {
  const long = (n: number) => 'a'.repeat(n);
  t.same(problemsOf(customEvent(long(255))), [], 'a custom type name of 255 characters is stored');
  t.same(problemsOf(customEvent(long(256))), [
    {
      code: 'INVALID_FIELD_VALUE',
      field: 'events[0].event_type',
      message: `Field value is longer than 255 characters: ${long(100)}…`,
      eventIndex: 0,
    },
  ]);
  t.same(
    problemsOf(edited(impression(), 'data.content', (c) => (c.identifier = long(256))))[0]?.field,
    'events[0].data.content.identifier',
  );
  t.same(problemsOf(conversion(long(256)))[0]?.code, 'INVALID_FIELD_VALUE', 'a conversion name');
  t.same(problemsOf(pageview({ url: `https://x.example/${long(16_000)}` })), [], 'long page URLs are kept');
  t.same(
    problemsOf(pageview({ title: long(16_385) }))[0]?.message.slice(0, 54),
    'Field value is longer than 16384 characters: aaaaaaaaa',
  );
  t.same(problemsOf(pageview({ doc_search: `?q=${long(20_000)}` })), [], 'members kept only in the JSON have no limit');
});

t.test('a dom_index outside a 32-bit integer is INVALID_FIELD_VALUE', async (t) => {
  const at = (domIndex: number) => edited(impression(), 'data.position', (p) => (p.dom_index = domIndex));
  t.same(problemsOf(at(2_147_483_647)), []);
  t.same(problemsOf(at(-2_147_483_648)), []);
  t.same(problemsOf(at(2_147_483_648)), [
    {
      code: 'INVALID_FIELD_VALUE',
      field: 'events[0].data.position.dom_index',
      message: 'Field value is out of range (-2147483648 to 2147483647): 2147483648',
      eventIndex: 0,
    },
  ]);
  t.same(problemsOf(at(-1e15))[0]?.code, 'INVALID_FIELD_VALUE');
});
