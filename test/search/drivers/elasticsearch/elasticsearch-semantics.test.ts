import t from 'tap';
import { SEMANTICS_ROWS } from '../search-semantics-rows.js';
import { fakeElasticsearch } from './fake-elasticsearch.js';
import { openDriver } from './open-driver.js';

/*
 * The rows of docs/search.md's table of exact and analysed members, on the elasticsearch driver:
 * the query it sends Elasticsearch for each (the contract suite checks what each matches, on a real
 * server when `ES_URL` names one).
 */

t.test('each row of the semantics table is sent as the query the table gives', async (t) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(t, { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.max.retries': '0' });
  for (const row of SEMANTICS_ROWS) {
    await index.search({ query: row.query });
    const sent = [...fake.received].reverse().find((r) => r.path.endsWith('/_search'));
    t.same((sent?.json as { query?: unknown } | undefined)?.query, row.sent, row.name);
  }
});

t.test('a match is unchanged: the field and its words', async (t) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(t, { 'search.elasticsearch.url': fake.url });
  await index.search({ query: { match: { title: 'hello' } } });
  const sent = [...fake.received].reverse().find((r) => r.path.endsWith('/_search'));
  t.same((sent?.json as { query?: unknown }).query, {
    multi_match: { query: 'hello', fields: ['title', 'title.text'], type: 'best_fields', lenient: true },
  });
});
