import t from 'tap';
import { parseIngestBatch, type EventProblem } from '../../../core/analytics/index.js';
import {
  batch,
  click,
  conversion,
  customEvent,
  impression,
  pageview,
  type Json,
} from '../../helpers/analytics-batches.js';

// Which members each event type requires: the original's event validators, with the spec's shapes
// where they fix something (docs/analytics.md, "Required members").

const OPTIONS = { maxEvents: 500, receivedAt: new Date('2025-06-09T12:00:00Z') };

function problemsOf(event: unknown): EventProblem[] {
  const outcome = parseIngestBatch(batch([event]), OPTIONS);
  if (outcome.kind !== 'checked') throw new Error(`the batch was refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.errors;
}

/** A copy of `event` without the member at `path` (`data.page.title`). */
function without(event: Json, path: string): Json {
  const copy = structuredClone(event);
  const keys = path.split('.');
  const last = keys.pop()!;
  delete keys.reduce<Json>((object, key) => object[key] as Json, copy)[last];
  return copy;
}

const REQUIRED: Array<[string, () => Json, string[]]> = [
  ['pageview', pageview, ['local_time', 'data.page', 'data.page.url', 'data.page.title', 'data.page.doc_encoding']],
  [
    'content_impression',
    impression,
    [
      'local_time',
      'data.page',
      'data.page.url',
      'data.page.title',
      'data.content',
      'data.content.identifier',
      'data.content.inode',
      'data.content.title',
      'data.content.content_type',
      'data.position',
      'data.position.viewport_offset_pct',
      'data.position.dom_index',
    ],
  ],
  [
    'content_click',
    click,
    [
      'data.content',
      'data.content.identifier',
      'data.content.inode',
      'data.content.title',
      'data.content.content_type',
      'data.position',
      'data.position.viewport_offset_pct',
      'data.position.dom_index',
      'data.element',
      'data.element.text',
      'data.element.type',
      'data.element.id',
      'data.element.class',
      'data.element.attributes',
      'data.page.url',
      'data.page.title',
    ],
  ],
  ['conversion', conversion, ['data.conversion', 'data.conversion.name', 'data.page', 'data.page.url']],
  ['a custom event', () => customEvent(), ['local_time']],
];

const OPTIONAL: Array<[string, () => Json, string[]]> = [
  [
    'pageview',
    pageview,
    [
      'data.page.doc_host',
      'data.page.doc_path',
      'data.page.doc_protocol',
      'data.page.doc_search',
      'data.page.locale_id',
    ],
  ],
  ['content_click', click, ['local_time', 'data.page', 'data.element.href']],
  ['conversion', conversion, ['local_time', 'data.page.title']],
  ['a custom event', () => customEvent(), ['data.custom', 'data']],
];

t.test('each required member, left out, is REQUIRED_FIELD_MISSING naming it', async (t) => {
  for (const [type, make, paths] of REQUIRED) {
    for (const path of paths) {
      t.same(
        problemsOf(without(make(), path)),
        [
          {
            code: 'REQUIRED_FIELD_MISSING',
            field: `events[0].${path}`,
            message: `Required field is missing: ${path}`,
            eventIndex: 0,
          },
        ],
        `${type} without ${path}`,
      );
    }
  }
});

t.test('the optional members may be left out', async (t) => {
  for (const [type, make, paths] of OPTIONAL)
    for (const path of paths) t.same(problemsOf(without(make(), path)), [], `${type} without ${path}`);
});

t.test('a content_click as the spec shapes it: content, element and position, no page', async (t) => {
  const spec = {
    event_type: 'content_click',
    data: {
      content: { identifier: 'c1', inode: 'i1', title: 'Hero', content_type: 'Banner' },
      element: { text: 'Read more', type: 'a', id: 'cta', class: 'btn', href: '/post', attributes: ['target:_self'] },
      position: { viewport_offset_pct: -12.5, dom_index: 2 },
    },
  };
  t.same(problemsOf(spec), []);
});

t.test('the members the original also takes on a pageview page: language_id and persona', async (t) => {
  t.same(problemsOf(pageview({ language_id: '1', persona: 'modern-persona' })), []);
  t.match(problemsOf(pageview({ device: 'x' })), [{ code: 'UNKNOWN_FIELD', field: 'events[0].data.page.device' }]);
});
