import t from 'tap';
import { parseIngestBatch } from '../../../core/analytics/index.js';
import { ingestAnswer } from '../../../host/analytics/ingest-answer.js';
import { SESSION_ID, trackerBatch } from '../../helpers/analytics-batches.js';

// A batch exactly as the tracking library sends it: custom events, utm on a pageview, referrer and
// user agent on the page, custom data on a conversion, 15 events in one request.

t.test('a batch as the tracker sends it is taken whole', async (t) => {
  const outcome = parseIngestBatch(trackerBatch(), { maxEvents: 500, receivedAt: new Date('2025-06-09T12:00:00Z') });
  t.same(ingestAnswer(outcome), { status: 200, body: { status: 'SUCCESS', success: 15, failed: 0, errors: [] } });
  if (outcome.kind !== 'checked') return;
  t.equal(outcome.good.length, 15);
  t.same(
    outcome.good.map((row) => row.eventType),
    [
      'pageview',
      'content_impression',
      'content_impression',
      'content_impression',
      'content_click',
      'cta_click',
      'video_play',
      'pageview',
      'content_impression',
      'content_click',
      'conversion',
      'form_submit',
      'pageview',
      'conversion',
      'scroll_depth',
    ],
    'in batch order',
  );
  t.ok(outcome.good.every((row) => row.sessionKey === `${SESSION_ID}:2025-06-09`));
  const [first] = outcome.good;
  t.match(JSON.parse(first?.dataJson ?? '{}'), {
    page: { referrer: 'https://www.google.com/', user_agent: 'Mozilla/5.0 (X11; Linux x86_64)' },
    utm: { source: 'newsletter', medium: 'email', campaign: 'june', term: 'cms', content: 'hero', id: 'c-42' },
  });
  t.same(
    outcome.good.filter((row) => row.viewportOffsetPct !== null).map((row) => row.viewportOffsetPct),
    [12.25, -35.5, 88, 42, 5, 42],
  );
  t.same(
    JSON.parse(outcome.good[5]?.dataJson ?? '{}'),
    {
      custom: { button: 'hero', variant: 'b', nested: { a: [1, 2], b: null } },
    },
    'custom data is kept as sent, nulls included',
  );
  t.same(JSON.parse(outcome.good[10]?.dataJson ?? '{}').custom, { plan: 'pro' });
});
