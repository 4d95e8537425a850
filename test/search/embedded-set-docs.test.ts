import t, { type Test } from 'tap';
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchIndex } from '../../core/plugin/kit.js';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../helpers/test-app.js';

// A count of the documents of name sets (`match_all`, a type, `live`, and bools of them) adds up
// `set_docs`, which the writer keeps in step as documents arrive, change sets and go; a set file
// without the table counts its documents.

const setFileOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((name) => name.endsWith('.set'))!,
  );

function open(t: Test, dir: string): SearchIndex {
  const index = openSqliteSearchIndex(join(dir, 'index.db'));
  t.teardown(() => index.close());
  return index;
}

const total = async (index: SearchIndex, query: Record<string, unknown>, size = 0) =>
  (await index.search({ query, size })).hits.total.value;

async function expectCounts(t: Test, index: SearchIndex, expected: { all: number; blog: number; liveBlog: number }) {
  t.equal(await total(index, { match_all: {} }), expected.all, 'every document');
  t.equal(await total(index, { match_all: {} }, 5), expected.all, 'every document, with a page');
  t.equal(await total(index, { term: { type: 'blog' } }), expected.blog, "a type's");
  t.equal(await total(index, { bool: { filter: [{ term: { type: 'blog' } }] } }), expected.blog, 'as a filter alone');
  const liveBlogs = {
    bool: { must: [{ match_all: {} }], filter: [{ term: { type: 'blog' } }, { term: { live: true } }] },
  };
  t.equal(await total(index, liveBlogs), expected.liveBlog, 'the live ones of a type');
}

// Members of their own per type and state, so that each is a family whose sets share those values.
const doc = (id: string, type: string, live: boolean) => ({ id, type, live, [`of_${type}_${live}`]: 'x' });

t.test('counts stay right as documents are added, moved to other sets and removed', async (t) => {
  const dir = tempDataDir(t);
  const index = open(t, dir);
  await index.index([doc('a', 'blog', true), doc('b', 'blog', false), doc('c', 'news', true)]);
  await index.index([doc('d', 'blog', true)]);
  await expectCounts(t, index, { all: 4, blog: 3, liveBlog: 2 });
  await index.index([doc('b', 'blog', true), doc('c', 'blog', true)]);
  await expectCounts(t, index, { all: 4, blog: 4, liveBlog: 4 });
  await index.index([doc('a', 'blog', true)]);
  await expectCounts(t, index, { all: 4, blog: 4, liveBlog: 4 });
  await index.remove(['a', 'missing']);
  await expectCounts(t, index, { all: 3, blog: 3, liveBlog: 3 });
  const raw = new Database(setFileOf(dir), { readonly: true });
  t.teardown(() => raw.close());
  t.equal(
    raw.prepare('SELECT SUM(docs) FROM set_docs').pluck().get(),
    raw.prepare('SELECT COUNT(*) FROM docs').pluck().get(),
    'the kept counts add up to the documents',
  );
  t.same(
    raw.prepare('SELECT nset, docs FROM set_docs WHERE docs > 0 ORDER BY nset').all(),
    raw.prepare('SELECT nset, COUNT(*) AS docs FROM docs GROUP BY nset ORDER BY nset').all(),
    'set by set',
  );
});

t.test('a batch that fails changes no count', async (t) => {
  const index = open(t, tempDataDir(t));
  await index.index([doc('a', 'blog', true)]);
  await t.rejects(index.index([doc('b', 'blog', true), { id: '' } as never]));
  await expectCounts(t, index, { all: 1, blog: 1, liveBlog: 1 });
});

t.test('a set file made before `set_docs` existed counts its documents', async (t) => {
  const dir = tempDataDir(t);
  const first = openSqliteSearchIndex(join(dir, 'index.db'));
  await first.index([doc('seed', 'news', false)]);
  await first.close();
  const raw = new Database(setFileOf(dir));
  raw.exec('DROP TABLE set_docs');
  raw.close();
  const index = open(t, dir);
  await index.index([doc('a', 'blog', true), doc('b', 'blog', false)]);
  await expectCounts(t, index, { all: 3, blog: 2, liveBlog: 1 });
});
