import t from 'tap';
import { parseIngestBatch } from '../../../core/analytics/index.js';
import { ingestAnswer, unsupportedMediaTypeAnswer, type IngestAnswer } from '../../../host/analytics/ingest-answer.js';
import { batch, click, context, conversion, impression, pageview } from '../../helpers/analytics-batches.js';

const OPTIONS = { maxEvents: 500, receivedAt: new Date('2025-06-09T12:00:00Z') };
const answerTo = (body: string): IngestAnswer => ingestAnswer(parseIngestBatch(body, OPTIONS));
/** The answer as the client reads it: through JSON. */
const wire = (answer: IngestAnswer) => ({ status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) });

t.test('all good: 200 SUCCESS with the counts and an empty errors array', async (t) => {
  t.same(wire(answerTo(batch([pageview(), conversion()]))), {
    status: 200,
    body: { status: 'SUCCESS', success: 2, failed: 0, errors: [] },
  });
});

t.test('some bad: 207 PARTIAL_SUCCESS with both counts and the problems', async (t) => {
  t.same(wire(answerTo(batch([pageview(), impression({ viewport_offset_pct: '18' }), click()]))), {
    status: 207,
    body: {
      status: 'PARTIAL_SUCCESS',
      success: 2,
      failed: 1,
      errors: [
        {
          code: 'INVALID_NUMBER_TYPE',
          field: 'events[1].data.position.viewport_offset_pct',
          message: 'Field value is not a Number: 18',
          eventIndex: 1,
        },
      ],
    },
  });
});

t.test('all bad: 400 ERROR, success 0 and failed n', async (t) => {
  const answer = wire(answerTo(batch([pageview({ extra: 1 }), click({ attributes: 'x' })])));
  t.equal(answer.status, 400);
  t.match(answer.body, { status: 'ERROR', success: 0, failed: 2 });
  t.same(
    answer.body.errors.map((e: { eventIndex: number }) => e.eventIndex),
    [0, 1],
  );
});

t.test('a refused batch: 400 ERROR, no counts, no eventIndex', async (t) => {
  const { site_auth: _ignored, ...ctx } = context();
  t.same(wire(answerTo(batch([pageview()], ctx))), {
    status: 400,
    body: {
      status: 'ERROR',
      errors: [
        {
          code: 'REQUIRED_FIELD_MISSING',
          field: 'context.site_auth',
          message: 'Required field is missing: context.site_auth',
        },
      ],
    },
  });
  const notJson = wire(answerTo('not json'));
  t.same(notJson, {
    status: 400,
    body: {
      status: 'ERROR',
      errors: [{ code: 'INVALID_JSON', field: null, message: 'The request body is not valid JSON' }],
    },
  });
});

t.test('a batch over the limit: 413 ERROR', async (t) => {
  const answer = ingestAnswer(parseIngestBatch(batch([pageview(), pageview()]), { ...OPTIONS, maxEvents: 1 }));
  t.same(wire(answer), {
    status: 413,
    body: {
      status: 'ERROR',
      errors: [{ code: 'EVENTS_TOO_MANY', field: 'events', message: 'A batch holds at most 1 events; this one has 2' }],
    },
  });
});

t.test('the 415 answer carries the top-level message clients look for', async (t) => {
  t.same(unsupportedMediaTypeAnswer(), { status: 415, body: { message: 'HTTP 415 Unsupported Media Type' } });
});
