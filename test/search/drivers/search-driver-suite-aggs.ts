import type { Test } from 'tap';
import type { SearchDocument, SearchIndex } from '../../../core/plugin/search-driver.js';
import type { SearchSuiteTarget } from './search-driver-suite.js';

/** modDate: a 2024-01-10 (a Wednesday), b 2024-03-01, c 2024-06-15 (epoch millis), d 2023-12-31 (a Sunday). */
const DOCS: SearchDocument[] = [
  { id: 'a', contentType: 'Blog', tags: ['animals', 'fast'], modDate: '2024-01-10T08:00:00.000Z' },
  { id: 'b', contentType: 'Blog', tags: ['animals'], modDate: '2024-03-01T12:00:00.000Z' },
  { id: 'c', contentType: 'News', tags: [], modDate: Date.parse('2024-06-15T00:00:00.000Z') },
  { id: 'd', contentType: 'News', modDate: '2023-12-31T23:59:59.000Z' },
];

/**
 * For terms aggregations alone: values a type shares, exact copies (`_dotraw`), numbers, a value a
 * document holds twice. The embedded engine keeps each of these its own way (name-sets.ts).
 */
const TERMS_DOCS: SearchDocument[] = [
  { id: 't1', contentType: 'Blog', author: 'Ann', author_dotraw: 'Ann', rating: 1, tags: ['x', 'x'] },
  { id: 't2', contentType: 'Blog', author: 'Bob', author_dotraw: 'Bob', rating: 1.0, tags: ['x'] },
  { id: 't3', contentType: 'News', author: 'Ann', author_dotraw: 'Ann', rating: 3, tags: ['y'] },
  { id: 't4', contentType: 'Blog', author: 'Cy', author_dotraw: 'Cy', rating: 2 },
];

/** Words for the term suggester, in `body`; `title` holds other words. */
const WORDS: SearchDocument[] = [
  { id: 's1', body: 'color colour', title: 'paint' },
  { id: 's2', body: 'color' },
  { id: 's3', body: 'colors' },
];

const bucket = (iso: string, count: number) => ({ key_as_string: iso, key: Date.parse(iso), doc_count: count });

/** `date_histogram`, `terms`, nested aggregations, and the term suggester. */
export function aggregationAndSuggestSuite(t: Test, target: SearchSuiteTarget): void {
  async function seeded(t: Test, docs: SearchDocument[]): Promise<SearchIndex> {
    const index = await target.open(target.location(t));
    t.teardown(() => index.close());
    await index.index(docs);
    await index.refresh?.();
    return index;
  }
  async function histogram(index: SearchIndex, body: Record<string, unknown>, query?: Record<string, unknown>) {
    const answer = await index.search({
      size: 0,
      ...(query ? { query } : {}),
      aggs: { h: { date_histogram: { field: 'modDate', ...body } } },
    });
    return (answer.aggregations?.h as { buckets: unknown[] }).buckets;
  }

  t.test('date_histogram by month: empty months between the first and the last, keys as ES answers them', async (t) => {
    const index = await seeded(t, DOCS);
    t.same(await histogram(index, { calendar_interval: 'month' }), [
      bucket('2023-12-01T00:00:00.000Z', 1),
      bucket('2024-01-01T00:00:00.000Z', 1),
      bucket('2024-02-01T00:00:00.000Z', 0),
      bucket('2024-03-01T00:00:00.000Z', 1),
      bucket('2024-04-01T00:00:00.000Z', 0),
      bucket('2024-05-01T00:00:00.000Z', 0),
      bucket('2024-06-01T00:00:00.000Z', 1),
    ]);
    t.same(await histogram(index, { calendar_interval: '1M', min_doc_count: 1 }), [
      bucket('2023-12-01T00:00:00.000Z', 1),
      bucket('2024-01-01T00:00:00.000Z', 1),
      bucket('2024-03-01T00:00:00.000Z', 1),
      bucket('2024-06-01T00:00:00.000Z', 1),
    ]);
  });

  t.test(
    'date_histogram calendar intervals: ISO weeks from Monday, quarters, years, days, hours, minutes',
    async (t) => {
      const index = await seeded(t, DOCS);
      t.same(await histogram(index, { calendar_interval: 'week' }, { terms: { id: ['a', 'd'] } }), [
        bucket('2023-12-25T00:00:00.000Z', 1),
        bucket('2024-01-01T00:00:00.000Z', 0),
        bucket('2024-01-08T00:00:00.000Z', 1),
      ]);
      t.same(await histogram(index, { calendar_interval: '1w' }, { terms: { id: ['a', 'd'] } }), [
        bucket('2023-12-25T00:00:00.000Z', 1),
        bucket('2024-01-01T00:00:00.000Z', 0),
        bucket('2024-01-08T00:00:00.000Z', 1),
      ]);
      t.same(await histogram(index, { calendar_interval: 'quarter' }), [
        bucket('2023-10-01T00:00:00.000Z', 1),
        bucket('2024-01-01T00:00:00.000Z', 2),
        bucket('2024-04-01T00:00:00.000Z', 1),
      ]);
      t.same(await histogram(index, { calendar_interval: '1y' }), [
        bucket('2023-01-01T00:00:00.000Z', 1),
        bucket('2024-01-01T00:00:00.000Z', 3),
      ]);
      const onlyD = { term: { id: 'd' } };
      t.same(await histogram(index, { calendar_interval: 'day' }, onlyD), [bucket('2023-12-31T00:00:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: '1h' }, onlyD), [bucket('2023-12-31T23:00:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: 'minute' }, onlyD), [bucket('2023-12-31T23:59:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: '1m' }, onlyD), [bucket('2023-12-31T23:59:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: 'hour' }, onlyD), [bucket('2023-12-31T23:00:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: '1d' }, onlyD), [bucket('2023-12-31T00:00:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: '1q' }, onlyD), [bucket('2023-10-01T00:00:00.000Z', 1)]);
      t.same(await histogram(index, { calendar_interval: 'year' }, onlyD), [bucket('2023-01-01T00:00:00.000Z', 1)]);
    },
  );

  t.test('date_histogram fixed intervals', async (t) => {
    const index = await seeded(t, DOCS);
    const aAndB = { terms: { id: ['a', 'b'] } };
    t.same(await histogram(index, { fixed_interval: '12h' }, { term: { id: 'b' } }), [
      bucket('2024-03-01T12:00:00.000Z', 1),
    ]);
    const days = (await histogram(index, { fixed_interval: '7d' }, aAndB)) as Array<{ doc_count: number }>;
    t.equal(days.length, 9, 'every 7 days from a to b, counted from the epoch (a Thursday)');
    t.same(days[0], bucket('2024-01-04T00:00:00.000Z', 1));
    t.same(
      days.map((b) => b.doc_count),
      [1, 0, 0, 0, 0, 0, 0, 0, 1],
    );
    t.same(await histogram(index, { fixed_interval: '30m' }, { term: { id: 'a' } }), [
      bucket('2024-01-10T08:00:00.000Z', 1),
    ]);
  });

  t.test('aggregations count the documents the query matches, whatever from and size', async (t) => {
    const index = await seeded(t, DOCS);
    const answer = await index.search({
      query: { term: { contentType: 'Blog' } },
      from: 1,
      size: 1,
      aggregations: {
        types: { terms: { field: 'tags' } },
        h: { date_histogram: { field: 'moddate', calendar_interval: 'year' } },
      },
    });
    t.equal(answer.hits.hits.length, 1);
    t.same(answer.aggregations, {
      types: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 0,
        buckets: [
          { key: 'animals', doc_count: 2 },
          { key: 'fast', doc_count: 1 },
        ],
      },
      h: { buckets: [bucket('2024-01-01T00:00:00.000Z', 2)] },
    });
    const none = await index.search({
      query: { match_none: {} },
      aggs: { h: { date_histogram: { field: 'moddate', calendar_interval: 'day' } } },
    });
    t.same(none.aggregations, { h: { buckets: [] } });
  });

  t.test('terms alone: the largest buckets, ties by key, a document once per value, the rest counted', async (t) => {
    const index = await seeded(t, TERMS_DOCS);
    const answer = await index.search({
      size: 0,
      aggs: {
        types: { terms: { field: 'contentType', size: 1 } },
        authors: { terms: { field: 'author_dotraw', size: 2 } },
        ratings: { terms: { field: 'rating' } },
        tags: { terms: { field: 'tags' } },
      },
    });
    const terms = (buckets: Array<[unknown, number]>, other = 0) => ({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: other,
      buckets: buckets.map(([key, doc_count]) => ({ key, doc_count })),
    });
    t.same(answer.aggregations, {
      types: terms([['Blog', 3]], 1),
      authors: terms(
        [
          ['Ann', 2],
          ['Bob', 1],
        ],
        1,
      ),
      ratings: terms([
        [1, 2],
        [2, 1],
        [3, 1],
      ]),
      tags: terms([
        ['x', 2],
        ['y', 1],
      ]),
    });
    const blogs = await index.search({
      size: 0,
      query: { term: { contentType: 'Blog' } },
      aggs: { authors: { terms: { field: 'author_dotraw' } } },
    });
    t.same(
      blogs.aggregations,
      {
        authors: terms([
          ['Ann', 1],
          ['Bob', 1],
          ['Cy', 1],
        ]),
      },
      'over the matches only',
    );
  });

  t.test('aggregations nest one level: terms in a date_histogram and the other way round', async (t) => {
    const index = await seeded(t, DOCS);
    const byYear = await index.search({
      size: 0,
      aggs: {
        years: {
          date_histogram: { field: 'moddate', calendar_interval: 'year' },
          aggs: { types: { terms: { field: 'contenttype' } } },
        },
      },
    });
    const terms = (buckets: Array<[string, number]>, other = 0) => ({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: other,
      buckets: buckets.map(([key, doc_count]) => ({ key, doc_count })),
    });
    t.same(byYear.aggregations, {
      years: {
        buckets: [
          { ...bucket('2023-01-01T00:00:00.000Z', 1), types: terms([['News', 1]]) },
          {
            ...bucket('2024-01-01T00:00:00.000Z', 3),
            types: terms([
              ['Blog', 2],
              ['News', 1],
            ]),
          },
        ],
      },
    });
    const byType = await index.search({
      size: 0,
      aggs: {
        types: {
          terms: { field: 'contentType', size: 1 },
          aggregations: { years: { date_histogram: { field: 'modDate', calendar_interval: 'year' } } },
        },
      },
    });
    t.same(byType.aggregations, {
      types: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 2,
        buckets: [{ key: 'Blog', doc_count: 2, years: { buckets: [bucket('2024-01-01T00:00:00.000Z', 2)] } }],
      },
    });
  });

  t.test('term suggester: Elasticsearch’s shape, near terms of the field ranked by similarity', async (t) => {
    const index = await seeded(t, WORDS);
    const answer = await index.search({ size: 0, suggest: { s: { text: 'Colr  colour', term: { field: 'body' } } } });
    const entries = answer.suggest?.s as Array<{
      text: string;
      offset: number;
      length: number;
      options: Array<{ text: string; score: number; freq: number }>;
    }>;
    t.same(
      entries.map(({ text, offset, length }) => ({ text, offset, length })),
      [
        { text: 'colr', offset: 0, length: 4 },
        { text: 'colour', offset: 6, length: 6 },
      ],
      'one entry per word, lower-cased, with its place in the text',
    );
    const [colr, colour] = entries;
    t.same(colr!.options.map((o) => o.text).sort(), ['color', 'colors', 'colour'], 'terms within two edits');
    t.same(colr!.options[0]?.text, 'color', 'the most similar first');
    t.equal(colr!.options[0]?.freq, 2, 'freq: the documents holding the term');
    for (const option of colr!.options)
      t.ok(option.score > 0 && option.score < 1, `a score in (0, 1): ${option.score}`);
    t.ok(colr!.options[0]!.score > colr!.options[1]!.score);
    t.same(colour!.options, [], 'a word the field holds gets nothing (suggest_mode missing)');
  });

  t.test('term suggester: size, modes, the field, short words, global text', async (t) => {
    const index = await seeded(t, WORDS);
    const options = async (text: string, term: Record<string, unknown>) => {
      const answer = await index.search({ size: 0, suggest: { s: { text, term: { field: 'body', ...term } } } });
      return (answer.suggest?.s as Array<{ options: Array<{ text: string }> }>).map((e) =>
        e.options.map((o) => o.text),
      );
    };
    t.same(await options('colr', { size: 1 }), [['color']]);
    t.same(await options('colour', { suggest_mode: 'popular' }), [['color']], 'popular: more frequent terms only');
    t.same((await options('colour', { suggest_mode: 'always' }))[0]?.sort(), ['color', 'colors']);
    t.same(await options('colr', { field: 'title' }), [[]], 'terms of another field are not suggested');
    t.same(await options('clr', {}), [[]], 'words under four characters get nothing');
    t.same(await options('xolor', {}), [[]], 'the first character must match');
    const global = await index.search({ size: 0, suggest: { text: 'colr', a: { term: { field: 'body', size: 1 } } } });
    const entries = global.suggest?.a as Array<{
      text: string;
      offset: number;
      length: number;
      options: Array<Record<string, unknown>>;
    }>;
    t.same(
      entries.map(({ text, offset, length }) => ({ text, offset, length })),
      [{ text: 'colr', offset: 0, length: 4 }],
      'suggest.text for every suggester',
    );
    t.same(Object.keys(entries[0]!.options[0]!).sort(), ['freq', 'score', 'text']);
    t.equal(entries[0]!.options[0]!.text, 'color');
  });
}
