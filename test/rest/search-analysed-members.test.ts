import { testOnEachStorage, textContentType, type TestApp } from '../helpers/test-app.js';
import { fireSystem } from '../search/search-helpers.js';

// Content search reads term, terms, prefix, wildcard and range on analysed members (`title`,
// `catchall`, `<type>.<field>`) as the tokens of the item's text, and on `_dotraw` copies as the
// exact value, as Elasticsearch reads the original's index (docs/search.md, "Exact and analysed
// members"; every row on every driver: test/search/drivers/search-semantics-rows.ts).

async function published(s: TestApp, title: string, body: string): Promise<string> {
  const item = await fireSystem(s, 'NEW', { contentType: 'Blog', title, body });
  await fireSystem(s, 'PUBLISH', { identifier: item.identifier });
  return item.identifier as string;
}

testOnEachStorage('the exact-value queries of a content search read the words of text members', async (t, s) => {
  await textContentType(s, 'Blog', ['title', 'body']);
  const world = await published(s, 'Hello World', 'spring sale');
  const again = await published(s, 'Hello Again', 'autumn sale');
  const found = async (query: Record<string, unknown>): Promise<string[]> => {
    const answer = await s.http('POST', '/api/es/search', {
      headers: s.basicAuth(),
      body: { query: { bool: { must: [query], filter: [{ term: { contenttype: 'blog' } }] } }, size: 10 },
    });
    t.equal(answer.status, 200, answer.text);
    return (answer.json.contentlets as Array<{ identifier: string }>).map((c) => c.identifier).sort();
  };
  const both = [world, again].sort();
  t.same(await found({ term: { title: 'hello' } }), both, 'term: a word of the title');
  t.same(await found({ term: { title: 'hello world' } }), [], 'term: the whole title is no word');
  t.same(await found({ term: { title_dotraw: 'hello world' } }), [world], 'term on _dotraw: the exact value');
  t.same(await found({ terms: { 'Blog.title': ['world', 'again'] } }), both, 'terms on <type>.<field>');
  t.same(await found({ prefix: { 'blog.title': 'wor' } }), [world], 'prefix: per word');
  t.same(await found({ prefix: { 'blog.title_dotraw': 'hello a' } }), [again], 'prefix on _dotraw: the value');
  t.same(await found({ wildcard: { catchall: '*prin*' } }), [world], 'wildcard on catchall: per word');
  t.same(await found({ range: { 'blog.body': { gte: 'autumn', lt: 'b' } } }), [again], 'range: words');

  const lucene = await s.http('POST', '/api/content/_search', {
    headers: s.basicAuth(),
    body: { query: '+contentType:Blog +title:wor*' },
  });
  t.equal(lucene.status, 200, lucene.text);
  t.same(
    (lucene.json.entity.jsonObjectView.contentlets as Array<{ identifier: string }>).map((c) => c.identifier),
    [world],
    'Lucene: a trailing * is a prefix of a word',
  );
});
