import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchDocument, SearchIndex } from '../../core/plugin/kit.js';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../helpers/test-app.js';

// Date histograms of many matches (all searches here: `manyMatches` 0) count a single-valued
// field's rows bucket by bucket (histogram-ranges.ts); a field some document holds several values
// of is recorded in `multi_valued` and counted by distinct documents, as is every field of a set
// file made before the table existed. Each way, a document counts once per bucket.

const DAY = 86_400_000;
const at = (day: number, hour = 0) => Date.UTC(2024, 0, 1) + day * DAY + hour * 3_600_000;

function open(t: Test, dir: string): SearchIndex {
  const index = openSqliteSearchIndex(join(dir, 'index.db'), { manyMatches: 0 });
  t.teardown(() => index.close());
  return index;
}

async function perDay(index: SearchIndex, field: string, query: object = { match_all: {} }) {
  const answer = await index.search({
    query: query as Record<string, unknown>,
    size: 0,
    aggs: { h: { date_histogram: { field, calendar_interval: 'day' } } },
  });
  const { buckets } = answer.aggregations!.h as { buckets: Array<{ key: number; doc_count: number }> };
  return buckets.map((b) => [(b.key - at(0)) / DAY, b.doc_count]);
}

const DOCS: SearchDocument[] = [
  { id: 'a', kind: 'x', published: at(0, 1), seen: [at(0, 1), at(0, 5)] },
  { id: 'b', kind: 'x', published: at(0, 2), seen: [at(2, 1)] },
  { id: 'c', kind: 'y', published: at(2, 3), seen: [at(2, 2), at(3, 1)] },
  { id: 'd', kind: 'y', published: at(3, 0) },
];

t.test('single-valued and multi-valued fields, every document or some', async (t) => {
  const index = open(t, tempDataDir(t));
  await index.index(DOCS);
  t.same(
    await perDay(index, 'published'),
    [
      [0, 2],
      [1, 0],
      [2, 1],
      [3, 1],
    ],
    'one value each: rows counted by range',
  );
  t.same(
    await perDay(index, 'seen'),
    [
      [0, 1],
      [1, 0],
      [2, 2],
      [3, 1],
    ],
    "a's two values on day 0 count it once",
  );
  t.same(
    await perDay(index, 'published', { term: { kind: 'y' } }),
    [
      [2, 1],
      [3, 1],
    ],
    'among the matches only',
  );
  t.same(await perDay(index, 'seen', { term: { kind: 'x' } }), [
    [0, 1],
    [1, 0],
    [2, 1],
  ]);
});

t.test('a field recorded as multi-valued once a document holds two values, in a later batch', async (t) => {
  const index = open(t, tempDataDir(t));
  await index.index([{ id: 'p', when: at(1, 1) }]);
  t.same(await perDay(index, 'when'), [[1, 1]]);
  await index.index([{ id: 'q', when: [at(1, 2), at(1, 3)] }]);
  t.same(await perDay(index, 'when'), [[1, 2]], 'q counted once');
  await index.remove(['q']);
  t.same(await perDay(index, 'when'), [[1, 1]], 'still counted right once q is gone');
});

t.test('a set file made before `multi_valued` existed: every field counted by distinct documents', async (t) => {
  const dir = tempDataDir(t);
  const first = openSqliteSearchIndex(join(dir, 'index.db'));
  await first.index([{ id: 'seed', seen: at(5) }]);
  await first.close();
  // As a set file of the earlier layout: no table, so nothing says which fields are single-valued.
  const setFile = readdirSync(dir).find((name) => name.endsWith('.set'))!;
  const raw = new Database(join(dir, setFile));
  raw.exec('DROP TABLE multi_valued');
  raw.close();
  const index = open(t, dir);
  await index.index(DOCS);
  t.same(await perDay(index, 'seen'), [
    [0, 1],
    [1, 0],
    [2, 2],
    [3, 1],
    [4, 0],
    [5, 1],
  ]);
  t.same(await perDay(index, 'published'), [
    [0, 2],
    [1, 0],
    [2, 1],
    [3, 1],
  ]);
});
