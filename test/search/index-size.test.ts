import t from 'tap';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchDocument } from '../../core/plugin/search-driver.js';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { startTestApp, tempDataDir } from '../helpers/test-app.js';
import { fireSystem, searchIndexOf } from './search-helpers.js';

/**
 * What the embedded index takes per item of the benchmarks' type (bench/lib.mjs: `Bench`, with
 * the text fields title, author and body, published as `newItemFires` publishes it). The document
 * is the one the service itself indexes for such an item; the others are made from it, each with
 * ids, title and dates of its own, as new items have. Aim (issue 32): at most 2 KB per item.
 */
const ITEMS = 2_000;
const BATCH = 16;
const MAX_BYTES_PER_ITEM = 2_048;

/** The document of a published `Bench` item, as the service indexes it. */
async function benchDocument(): Promise<SearchDocument> {
  const s = (await startTestApp(t))!;
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Bench', variable: 'Bench' },
  });
  await s.http('POST', '/api/v2/contenttype/Bench/fields', {
    headers: admin,
    body: ['title', 'author', 'body'].map((name) => ({ clazz: 'TextField', name, variable: name })),
  });
  const saved = await fireSystem(s, 'PUBLISH', {
    contentType: 'Bench',
    title: 'Item 0',
    author: 'Bench',
    body: 'Three text fields',
  });
  const answer = await searchIndexOf(s).search({ query: { term: { identifier: saved.identifier } } });
  return answer.hits.hits[0]!._source as SearchDocument;
}

/** The `n`th item: the template's ids, title and dates replaced by its own. */
function itemOf(template: SearchDocument, n: number): SearchDocument {
  const identifier = randomUUID();
  const inode = randomUUID();
  const date = new Date(Date.UTC(2026, 0, 1) + n * 1_000).toISOString().slice(0, 19);
  const text = JSON.stringify(template)
    .replaceAll(String(template.identifier), identifier)
    .replaceAll(String(template.identifier).replace(/-/g, ''), identifier.replace(/-/g, ''))
    .replaceAll(String(template.inode), inode)
    .replaceAll(String(template.inode).replace(/-/g, ''), inode.replace(/-/g, ''))
    .replaceAll('item 0', `item ${n}`)
    .replaceAll(String(template.moddate), date);
  return JSON.parse(text) as SearchDocument;
}

const fileSize = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** CPU time (user and system) of `work`, in microseconds per document. */
async function cpuPerDocument(documents: number, work: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / documents;
}

t.test('the index takes at most 2 KB per item of the benchmarks’ type', async (t) => {
  const template = await benchDocument();
  const items = Array.from({ length: ITEMS }, (_, n) => itemOf(template, n));
  const dir = tempDataDir(t);
  const file = join(dir, 'index.db');
  const index = openSqliteSearchIndex(file);
  // As the dispatcher sends them: batches of 16.
  const batched = await cpuPerDocument(ITEMS - 200, async () => {
    for (let i = 0; i < ITEMS - 200; i += BATCH) await index.index(items.slice(i, Math.min(i + BATCH, ITEMS - 200)));
  });
  const single = await cpuPerDocument(200, async () => {
    for (const item of items.slice(ITEMS - 200)) await index.index([item]);
  });
  t.equal((await index.search({ query: { term: { contenttype: 'bench' } }, size: 0 })).hits.total.value, ITEMS);
  await index.close();
  // Closed: the WAL is checkpointed into the files (and removed); whatever is left is counted too.
  const bytes = readdirSync(dir).reduce((sum, name) => sum + fileSize(join(dir, name)), 0);
  const perItem = bytes / ITEMS;
  t.comment(
    `${Math.round(perItem)} B per item; CPU per document: ${Math.round(batched)} µs in batches of ${BATCH}, ${Math.round(single)} µs one at a time`,
  );
  t.ok(perItem <= MAX_BYTES_PER_ITEM, `${Math.round(perItem)} B per item, at most ${MAX_BYTES_PER_ITEM}`);
});

t.test('indexing a document again unchanged writes nothing', async (t) => {
  const dir = tempDataDir(t);
  const file = join(dir, 'index.db');
  const index = openSqliteSearchIndex(file);
  t.teardown(() => index.close());
  const documents = Array.from({ length: 20 }, (_, n) => ({ id: `d${n}`, title: `words of ${n}`, tag: 'same' }));
  await index.index(documents);
  const wal = (): number =>
    readdirSync(dir)
      .filter((name) => name.endsWith('-wal'))
      .reduce((sum, name) => sum + fileSize(join(dir, name)), 0);
  const before = wal();
  await index.index(documents);
  t.equal(wal(), before, 'no page written');
  await index.index([{ id: 'd3', title: 'other words', tag: 'same' }]);
  t.ok(wal() > before, 'a change is written');
  t.same(
    (await index.search({ query: { match: { title: 'other' } } })).hits.hits.map((h) => h._id),
    ['d3'],
  );
});
