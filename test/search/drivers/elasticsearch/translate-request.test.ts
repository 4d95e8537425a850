import t from 'tap';
import { InvalidError, type SearchRequest } from '../../../../core/plugin/kit.js';
import { translateRequest } from '../../../../plugins/search/elasticsearch/translate-request.js';

const fieldNameOf = (request: unknown): string | null | undefined => {
  try {
    translateRequest(request as SearchRequest);
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidError)) throw error;
    return error.details[0]?.fieldName;
  }
};

t.test('what the contract does not list is refused, naming the member, as the embedded driver does', async (t) => {
  const cases: Array<[unknown, string]> = [
    [{ query: { fuzzy: { title: 'fox' } } }, 'query.fuzzy'],
    [{ query: { bool: { must: [{ match_all: {} }, { more_like_this: {} }] } } }, 'query.bool.must[1].more_like_this'],
    [{ query: { bool: { shoud: [] } } }, 'query.bool.shoud'],
    [{ query: { term: { a: 1 }, match: { b: 'x' } } }, 'query'],
    [{ query: { range: { price: { from: 1 } } } }, 'query.range.price.from'],
    [{ query: { range: { price: {} } } }, 'query.range.price'],
    [{ query: { term: { title: { value: 'x', fuzziness: 2 } } } }, 'query.term.title.fuzziness'],
    [{ query: { term: { title: { value: { x: 1 } } } } }, 'query.term.title'],
    [{ query: { match: { title: { query: 'x', operator: 'xor' } } } }, 'query.match.title.operator'],
    [{ query: { match_phrase: { title: { query: 'x', slop: -1 } } } }, 'query.match_phrase.title.slop'],
    [{ query: { prefix: { title: 3 } } }, 'query.prefix.title'],
    [{ query: { exists: { field: 'a', boost: 2 } } }, 'query.exists.boost'],
    [{ query: { match_all: { x: 1 } } }, 'query.match_all.x'],
    [{ query: { query_string: { query: 'a', default_field: 'b' } } }, 'query.query_string.default_field'],
    [{ query: { query_string: { query: 'a~' } } }, 'query.query_string.query'],
    [{ query: { script: {} } }, 'query.script'],
    [{ suggest: { s: { text: 'fo' } } }, 'suggest.s'],
    [{ suggest: { s: { text: 'fo', term: { field: 't', sort: 'x' } } } }, 'suggest.s.term.sort'],
    [{ suggest: { s: { text: 'fo', phrase: {}, term: { field: 't' } } } }, 'suggest.s.phrase'],
    [{ highlight: {} }, 'highlight'],
    [{ aggs: { a: { avg: { field: 'price' } } } }, 'aggs.a.avg'],
    [{ aggregations: { a: { terms: { field: 'x', order: {} } } } }, 'aggregations.a.terms.order'],
    [{ aggs: { a: { terms: { field: 'x', size: 0 } } } }, 'aggs.a.terms.size'],
    [
      { aggs: { a: { terms: { field: 'x' }, aggs: { b: { terms: { field: 'y' }, aggs: {} } } } } },
      'aggs.a.aggs.b.aggs',
    ],
    [{ aggs: { a: { date_histogram: { field: 'd' } } } }, 'aggs.a.date_histogram'],
    [
      { aggs: { a: { date_histogram: { field: 'd', calendar_interval: 'fortnight' } } } },
      'aggs.a.date_histogram.calendar_interval',
    ],
    [{ aggs: { a: { date_histogram: { field: 'd', fixed_interval: '1M' } } } }, 'aggs.a.date_histogram.fixed_interval'],
    [{ size: -1 }, 'size'],
    [{ from: 'x' }, 'from'],
    [{ from: 9995, size: 10 }, 'size'],
    [{ sort: [{ price: 'up' }] }, 'sort[0].price'],
    [{ sort: [{ price: { order: 'asc', mode: 'max' } }] }, 'sort[0].price.mode'],
    [{ track_total_hits: 'yes' }, 'track_total_hits'],
    [[], 'request'],
  ];
  for (const [request, member] of cases) t.equal(fieldNameOf(request), member, JSON.stringify(request));
});

t.test('accepted forms pass through, names lower-cased', async (t) => {
  t.same(translateRequest({}), { query: { match_all: {} }, from: 0, size: 10, track_total_hits: true });
  t.same(translateRequest({ query: { terms: { Tags: ['a', 1, true] } }, track_total_hits: false }).query, {
    terms: { tags: ['a', 1, true] },
  });
  t.same(translateRequest({ query: { wildcard: { Title: { value: 'L?zy*', case_insensitive: true } } } }).query, {
    wildcard: { 'title.text': { value: 'L?zy*', case_insensitive: true } },
  });
  t.same(
    translateRequest({
      query: { range: { D: { gte: '2024-03-01T10:00:00', lt: '2024-03-01T10:00:00+02:00', boost: 2 } } },
    }).query,
    { range: { d: { gte: Date.parse('2024-03-01T10:00:00Z'), lt: Date.parse('2024-03-01T08:00:00Z'), boost: 2 } } },
    'date bounds as instants, UTC unless zoned',
  );
  t.same(
    translateRequest({ query: { range: { D: { gte: '01/03/2024', format: 'dd/MM/yyyy' } } } }).query,
    { range: { d: { gte: '01/03/2024', format: 'dd/MM/yyyy' } } },
    'with a format, bounds are ES’s to read',
  );
  t.same(translateRequest({ query: { range: { Title: { gte: 'a', lt: 'm' } } } }).query, {
    range: { 'title.text': { gte: 'a', lt: 'm' } },
  });
  t.same(translateRequest({ query: { bool: { minimum_should_match: '50%', should: { term: { A: 1 } } } } }).query, {
    bool: { minimum_should_match: '50%', should: [{ term: { a: { value: 1 } } }] },
  });
  t.same(translateRequest({ sort: { Price: { order: 'desc' } } }).sort, [
    { price: { order: 'desc', unmapped_type: 'keyword' } },
  ]);
  t.same(translateRequest({ sort: ['_doc'] }).sort, [{ _doc: { order: 'asc' } }]);
  t.same(translateRequest({ aggs: { h: { date_histogram: { field: 'ModDate', fixed_interval: '12h' } } } }).aggs, {
    h: { date_histogram: { field: 'moddate', fixed_interval: '12h' } },
  });
});
