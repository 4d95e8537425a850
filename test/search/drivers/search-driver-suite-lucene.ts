import type { Test } from 'tap';
import { CmsError } from '../../../core/errors/cms-error.js';
import { InvalidError } from '../../../core/plugin/kit.js';
import type { SearchDocument, SearchIndex } from '../../../core/plugin/search-driver.js';
import type { SearchSuiteTarget } from './search-driver-suite.js';

/**
 * Documents shaped as content documents are (`core/search/content-document.ts`): text values lower
 * case with a `_dotraw` twin, dates as `yyyy-MM-ddTHH:mm:ss` in UTC, the item's text in `catchall`.
 * The Lucene translator lower-cases values as the index keeps them, so `query_string` is tested here.
 */
export const CONTENT_DOCS: SearchDocument[] = [
  {
    id: 'p1',
    title: 'hello world',
    title_dotraw: 'Hello World',
    contenttype: 'blog',
    catchall: 'hello world a first post about the quick fox',
    moddate: '2024-01-10T08:00:00',
    price: 10,
    live: true,
  },
  {
    id: 'p2',
    title: 'help wanted',
    title_dotraw: 'Help Wanted',
    contenttype: 'blog',
    catchall: 'help wanted for the lazy dog project',
    moddate: '2024-02-20T12:00:00',
    price: 25,
    live: false,
  },
  {
    id: 'p3',
    title: 'world news today',
    title_dotraw: 'World News Today',
    contenttype: 'news',
    catchall: 'world news today the fox strikes again',
    moddate: '2024-03-05T00:00:00',
    price: 100,
    live: true,
    featured: true,
  },
  {
    id: 'p4',
    title: 'quarterly report',
    title_dotraw: 'Quarterly Report',
    contenttype: 'news',
    catchall: 'quarterly report of the brown company hello',
    moddate: '2023-12-31T23:00:00',
    price: 5,
    live: true,
  },
];

const ids = (answer: { hits: { hits: Array<{ _id: string }> } }): string[] => answer.hits.hits.map((h) => h._id);

/** `query_string` (Lucene through the kit's translator), boosts, and the order of full-text matches. */
export function luceneAndScoringSuite(t: Test, target: SearchSuiteTarget): void {
  async function seeded(t: Test): Promise<SearchIndex> {
    const index = await target.open(target.location(t));
    t.teardown(() => index.close());
    await index.index(CONTENT_DOCS);
    await index.refresh?.();
    return index;
  }
  const lucene = async (index: SearchIndex, query: string): Promise<string[]> =>
    ids(await index.search({ query: { query_string: { query } }, size: 100 })).sort();
  const ranked = async (index: SearchIndex, query: Record<string, unknown>): Promise<string[]> =>
    ids(await index.search({ query, size: 100 }));

  t.test('query_string: fields, exact fields, numbers, booleans and the catchall', async (t) => {
    const index = await seeded(t);
    t.same(await lucene(index, 'title:world'), ['p1', 'p3'], 'a word of a text field');
    t.same(await lucene(index, 'contentType:Blog'), ['p1', 'p2'], 'an exact field, the value lower-cased');
    t.same(await lucene(index, 'price:25'), ['p2'], 'a number');
    t.same(await lucene(index, 'live:false'), ['p2'], 'a boolean (of an exact field)');
    t.same(await lucene(index, 'featured:true'), ['p3'], 'a boolean of another field');
    t.same(await lucene(index, 'price:100 OR featured:false'), ['p3']);
    t.same(await lucene(index, 'fox'), ['p1', 'p3'], 'no field: the catchall');
    t.same(await lucene(index, '*'), ['p1', 'p2', 'p3', 'p4']);
    t.same(await lucene(index, ''), ['p1', 'p2', 'p3', 'p4'], 'empty: everything');
  });

  t.test('query_string: phrases, with and without slop', async (t) => {
    const index = await seeded(t);
    t.same(await lucene(index, 'title:"hello world"'), ['p1']);
    t.same(await lucene(index, 'title:"world hello"'), [], 'the words in order');
    t.same(await lucene(index, 'catchall:"first about"'), [], 'a word between');
    t.same(await lucene(index, 'catchall:"first about"~2'), ['p1'], 'slop lets words stand apart');
  });

  t.test('query_string: wildcards and trailing wildcards', async (t) => {
    const index = await seeded(t);
    t.same(await lucene(index, 'title:hel*'), ['p1', 'p2'], 'a trailing * is a prefix');
    t.same(await lucene(index, 'title:h?lp*'), ['p2'], '? is one character');
    t.same(await lucene(index, 'title:*news*'), ['p3']);
    t.same(await lucene(index, 'title:*'), ['p1', 'p2', 'p3', 'p4'], 'field:* is exists');
  });

  t.test('query_string: inclusive and exclusive ranges on numbers and dates', async (t) => {
    const index = await seeded(t);
    t.same(await lucene(index, 'price:[10 TO 25]'), ['p1', 'p2']);
    t.same(await lucene(index, 'price:{10 TO 25}'), []);
    t.same(await lucene(index, 'price:{5 TO 100]'), ['p1', 'p2', 'p3']);
    t.same(await lucene(index, 'price:[* TO 10}'), ['p4'], 'an open end');
    t.same(await lucene(index, 'moddate:[2024-01-01 TO 2024-02-20]'), ['p1', 'p2'], 'the last day whole');
    t.same(await lucene(index, 'moddate:{2024-01-10 TO *}'), ['p2', 'p3'], 'after the first day');
    t.same(await lucene(index, 'moddate:[2024-01-10T08:00:00 TO 2024-03-05T00:00:00}'), ['p1', 'p2']);
  });

  t.test('query_string: AND, OR, NOT, +, - and groups', async (t) => {
    const index = await seeded(t);
    t.same(await lucene(index, 'contenttype:blog AND title:world'), ['p1']);
    t.same(await lucene(index, 'title:world OR title:help'), ['p1', 'p2', 'p3']);
    t.same(await lucene(index, 'contenttype:news NOT title:world'), ['p4']);
    t.same(await lucene(index, 'NOT contenttype:blog'), ['p3', 'p4']);
    t.same(await lucene(index, '+contenttype:news -title:report'), ['p3']);
    t.same(
      await lucene(index, '+live:true fox'),
      ['p1', 'p3', 'p4'],
      'beside a required clause an optional one only scores',
    );
    t.same(await lucene(index, 'contenttype:blog AND (title:hello OR title:wanted)'), ['p1', 'p2']);
    t.same(await lucene(index, 'title:(hello OR news)'), ['p1', 'p3'], 'a group takes its field');
    t.same(await lucene(index, '(contenttype:blog OR contenttype:news) AND -price:[10 TO 100]'), ['p4']);
  });

  t.test('query_string: boosts change the order', async (t) => {
    const index = await seeded(t);
    const first = async (query: string): Promise<string | undefined> =>
      ids(await index.search({ query: { query_string: { query } } }))[0];
    t.equal(await first('title:hello^10 OR title:news'), 'p1');
    t.equal(await first('title:hello OR title:news^10'), 'p3');
    t.equal(await first('contenttype:news^5 OR live:false'), 'p3', 'on exact values too');
    t.equal(await first('contenttype:news OR live:false^5'), 'p2');
  });

  t.test('query_string: a malformed query is SEARCH_QUERY_INVALID (a 400), other members are refused', async (t) => {
    const index = await seeded(t);
    for (const query of ['title:(hello', 'title:hello AND', 'fox~1']) {
      const error = await index.search({ query: { query_string: { query } } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      t.ok(error instanceof CmsError, query);
      t.equal((error as CmsError).code, 'SEARCH_QUERY_INVALID', query);
      t.equal((error as CmsError).kind, 'invalid', query);
    }
    const refused = await index.search({ query: { query_string: { query: 'fox', default_field: 'title' } } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(refused instanceof InvalidError);
    t.equal((refused as InvalidError).details[0]?.fieldName, 'query.query_string.default_field');
  });

  t.test('scores: documents matching more words, and rarer ones, rank first; boosts weigh', async (t) => {
    const index = await seeded(t);
    const both = await ranked(index, { match: { catchall: 'hello fox' } });
    t.equal(both[0], 'p1', 'both words beat one');
    t.same([...both].sort(), ['p1', 'p3', 'p4']);
    t.equal(
      (await ranked(index, { match: { catchall: 'the company' } }))[0],
      'p4',
      'a rare word weighs more than a common one',
    );
    const titleBoosted = await ranked(index, {
      bool: { should: [{ match: { title: { query: 'news', boost: 5 } } }, { match: { catchall: 'hello' } }] },
    });
    t.equal(titleBoosted[0], 'p3', 'a boosted title match beats body matches');
    const bodyBoosted = await ranked(index, {
      bool: { should: [{ match: { title: 'news' } }, { match: { catchall: { query: 'hello', boost: 5 } } }] },
    });
    t.equal(bodyBoosted[bodyBoosted.length - 1], 'p3', 'and loses to them when the body is boosted');
    const boosted = await index.search({ query: { match: { title: { query: 'hello', boost: 3 } } } });
    const plain = await index.search({ query: { match: { title: 'hello' } } });
    const ratio = boosted.hits.max_score! / plain.hits.max_score!;
    t.ok(Math.abs(ratio - 3) < 1e-4, `boost multiplies the score (${ratio})`);
  });
}
