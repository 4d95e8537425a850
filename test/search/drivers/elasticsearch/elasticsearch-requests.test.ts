import t, { type Test } from 'tap';
import { InvalidError, UnavailableError } from '../../../../core/plugin/kit.js';
import { fakeElasticsearch, type Received } from './fake-elasticsearch.js';
import { Config } from '../../../../core/config/config.js';
import { silentLogger } from '../../../../core/logger.js';
import elasticsearch from '../../../../plugins/search/elasticsearch/index.js';
import { failure, openDriver, recordingLogger, type LogLine } from './open-driver.js';

const opened = async (t: Test, logs: LogLine[] = []) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(
    t,
    { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.max.retries': '0' },
    logs,
  );
  return { fake, index };
};
const last = (received: Received[], path: RegExp) => [...received].reverse().find((r) => path.test(r.path))!;

t.test('index: one bulk request, names lower-cased, the document as given kept when a name was not', async (t) => {
  const { fake, index } = await opened(t);
  await index.index([
    { id: 'a', Title: 'Hello', contentType: 'Blog', tags: ['x', 'y'], price: 5, live: true, summary: null },
    { id: 'b', title: 'lower', catchall: 'lower case only' },
  ]);
  const bulks = fake.received.filter((r) => r.path === '/_bulk');
  t.equal(bulks.length, 1);
  t.equal(bulks[0]!.query.get('refresh'), 'false', 'not refreshed per batch');
  t.same(bulks[0]!.json, [
    { index: { _index: 'cms-content', _id: 'a' } },
    {
      id: 'a',
      title: 'Hello',
      contenttype: 'Blog',
      tags: ['x', 'y'],
      price: 5,
      live: true,
      summary: null,
      '@source': {
        id: 'a',
        Title: 'Hello',
        contentType: 'Blog',
        tags: ['x', 'y'],
        price: 5,
        live: true,
        summary: null,
      },
    },
    { index: { _index: 'cms-content', _id: 'b' } },
    { id: 'b', title: 'lower', catchall: 'lower case only' },
  ]);
});

t.test('names differing only in case are one multi-valued field', async (t) => {
  const { fake, index } = await opened(t);
  await index.index([{ id: 'a', Tag: 'x', tag: ['y', 'z'], gone: undefined } as never]);
  t.match(last(fake.received, /_bulk/).json, [{}, { tag: ['x', 'y', 'z'] }]);
  t.notOk('gone' in (last(fake.received, /_bulk/).json as object[])[1]!, 'an undefined property is absent');
});

t.test('a bad document fails the batch before anything is sent; an empty batch sends nothing', async (t) => {
  const { fake, index } = await opened(t);
  const before = fake.received.length;
  const bad = await failure(index.index([{ id: 'a', title: 'x' }, { id: 'b', Nested: { x: 1 } } as never]));
  t.ok(bad instanceof InvalidError);
  t.equal((bad as InvalidError).details[0]?.fieldName, 'Nested');
  t.match(await failure(index.index([{ id: '' } as never])), { details: [{ fieldName: 'id' }] });
  t.match(await failure(index.index([{ id: 'c', '@Source': 'x' }])), { details: [{ fieldName: '@Source' }] });
  await index.index([]);
  await index.remove([]);
  t.equal(fake.received.length, before);
});

t.test('remove: bulk deletes; an unknown id is no error', async (t) => {
  const { fake, index } = await opened(t);
  fake.override = (r) =>
    r.path === '/_bulk'
      ? {
          status: 200,
          body: {
            errors: true,
            items: [
              { delete: { _id: 'a', status: 200, result: 'deleted' } },
              { delete: { _id: 'gone', status: 404, result: 'not_found', error: { type: 'x', reason: 'y' } } },
            ],
          },
        }
      : undefined;
  await index.remove(['a', 'gone']);
  t.same(last(fake.received, /_bulk/).json, [
    { delete: { _index: 'cms-content', _id: 'a' } },
    { delete: { _index: 'cms-content', _id: 'gone' } },
  ]);
});

t.test('a failed bulk item throws, naming the document and ES’s reason', async (t) => {
  const { fake, index } = await opened(t);
  const item = (status: number) => ({
    status: 200,
    body: {
      errors: true,
      items: [
        { index: { _id: 'ok', status: 201 } },
        {
          index: {
            _id: 'bad',
            status,
            error: { type: 'document_parsing_exception', reason: 'failed to parse field [price] of type [double]' },
          },
        },
      ],
    },
  });
  fake.override = (r) => (r.path === '/_bulk' ? item(400) : undefined);
  const refused = await failure(index.index([{ id: 'ok' }, { id: 'bad', price: 'x' }]));
  t.ok(refused instanceof InvalidError);
  t.match(refused, { message: /"bad".*document_parsing_exception: failed to parse field \[price\]/ });
  fake.override = (r) => (r.path === '/_bulk' ? item(429) : undefined);
  t.ok((await failure(index.index([{ id: 'bad' }]))) instanceof UnavailableError, 'rejected for load: a 503');
  fake.override = (r) =>
    r.path === '/_bulk'
      ? { status: 413, body: { error: { type: 'too_large', reason: 'request too large' } } }
      : undefined;
  const whole = await failure(index.index([{ id: 'x' }]));
  t.match(whole, { message: /too_large: request too large/ }, 'a whole-batch failure throws too');
});

t.test('refresh refreshes the alias', async (t) => {
  const { fake, index } = await opened(t);
  await index.refresh!();
  t.equal(last(fake.received, /_refresh/).path, '/cms-content/_refresh');
});

t.test(
  'search sends the request rewritten: lower-cased names, words in .text, date bounds, exact totals',
  async (t) => {
    const { fake, index } = await opened(t);
    await index.search({
      query: {
        bool: {
          must: [{ match: { Title: { query: 'Fox', operator: 'and' } } }],
          filter: [{ term: { contentType: 'Blog' } }, { range: { modDate: { gte: '2024-01-01', lt: 5 } } }],
          should: [{ match_phrase: { catchall: { query: 'brown fox', slop: 1 } } }],
          must_not: { exists: { field: 'Summary' } },
        },
      },
      sort: ['Title', { modDate: 'desc' }, '_score'],
      aggs: {
        types: {
          terms: { field: 'contentType', size: 3 },
          aggs: { per: { date_histogram: { field: 'modDate', calendar_interval: 'month' } } },
        },
      },
      suggest: {
        s: { text: 'fxo', term: { field: 'Title' } },
        c: { text: 'fxo', term: { field: 'catchall', size: 2, suggest_mode: 'always' } },
      },
      size: 5,
    });
    const search = last(fake.received, /_search$/);
    t.equal(search.path, '/cms-content/_search');
    t.same(search.json, {
      query: {
        bool: {
          must: [
            {
              multi_match: {
                query: 'Fox',
                operator: 'and',
                fields: ['title', 'title.text'],
                type: 'best_fields',
                lenient: true,
              },
            },
          ],
          filter: [
            { term: { contenttype: { value: 'Blog' } } },
            { range: { moddate: { gte: Date.parse('2024-01-01T00:00:00Z'), lt: 5 } } },
          ],
          should: [
            {
              multi_match: {
                query: 'brown fox',
                slop: 1,
                fields: ['catchall', 'catchall.text'],
                type: 'phrase',
                lenient: true,
              },
            },
          ],
          must_not: [{ exists: { field: 'summary' } }],
        },
      },
      from: 0,
      size: 5,
      track_total_hits: true,
      // The service's budget (search.timeout.ms), so ES stops too.
      timeout: '10000ms',
      sort: [
        { title: { order: 'asc', unmapped_type: 'keyword' } },
        { moddate: { order: 'desc', unmapped_type: 'keyword' } },
        { _score: { order: 'desc' } },
      ],
      aggs: {
        types: {
          terms: { field: 'contenttype', size: 3 },
          aggs: { per: { date_histogram: { field: 'moddate', calendar_interval: 'month' } } },
        },
      },
      suggest: {
        s: { text: 'fxo', term: { field: 'title.text' } },
        c: { text: 'fxo', term: { field: 'catchall', size: 2, suggest_mode: 'always' } },
      },
    });
  },
);

t.test('query_string is read by the kit’s Lucene translator, then rewritten like any query', async (t) => {
  const { fake, index } = await opened(t);
  await index.search({
    query: { query_string: { query: '+contentType:Blog title:"Hello World" modDate:[2024-01-01 TO *]' } },
  });
  t.same((last(fake.received, /_search$/).json as { query: unknown }).query, {
    bool: {
      must: [{ term: { contenttype: { value: 'blog' } } }],
      should: [
        {
          multi_match: { query: 'hello world', fields: ['title', 'title.text'], type: 'phrase', lenient: true },
        },
        { range: { moddate: { gte: Date.parse('2024-01-01T00:00:00Z') } } },
      ],
    },
  });
  const broken = await failure(index.search({ query: { query_string: { query: 'title:(a OR' } } }));
  t.ok(broken instanceof InvalidError);
  t.equal((broken as InvalidError).details[0]?.fieldName, 'query.query_string.query');
});

t.test(
  'the answer in the contract’s shape: totals as objects, the document as given, the alias as _index',
  async (t) => {
    const { fake, index } = await opened(t);
    fake.onSearch = () => ({
      status: 200,
      body: {
        took: 7,
        timed_out: false,
        hits: {
          total: 2, // OpenSearch with rest_total_hits_as_int, or an old server
          max_score: 1.5,
          hits: [
            {
              _index: 'cms-content-1',
              _id: 'a',
              _score: 1.5,
              _source: { id: 'a', title: 'x', '@source': { id: 'a', Title: 'x' } },
            },
            { _index: 'cms-content-1', _id: 'b', _score: 0.5, _source: { id: 'b', title: 'y' } },
          ],
        },
        aggregations: { types: { buckets: [] } },
        suggest: { s: [{ text: 'fxo', offset: 0, length: 3, options: [] }] },
      },
    });
    const answer = await index.search({});
    t.same(answer, {
      took: 7,
      timed_out: false,
      hits: {
        total: { value: 2, relation: 'eq' },
        max_score: 1.5,
        hits: [
          { _index: 'cms-content', _id: 'a', _score: 1.5, _source: { id: 'a', Title: 'x' } },
          { _index: 'cms-content', _id: 'b', _score: 0.5, _source: { id: 'b', title: 'y' } },
        ],
      },
      aggregations: { types: { buckets: [] } },
      suggest: { s: [{ text: 'fxo', offset: 0, length: 3, options: [] }] },
    });
    fake.onSearch = () => ({
      status: 200,
      body: { took: 1, timed_out: false, hits: { max_score: 1, hits: [{ _id: 'a', _score: 1, _source: {} }] } },
    });
    const uncounted = await index.search({ from: 3, track_total_hits: false });
    t.same(uncounted.hits.total, { value: 4, relation: 'gte' }, 'no total asked: at least what was seen');
    fake.onSearch = () => ({
      status: 200,
      body: {
        took: 1,
        timed_out: false,
        hits: {
          total: { value: 10000, relation: 'gte' },
          max_score: null,
          hits: [{ _id: 'a', _score: null, _source: { id: 'a' }, sort: [100] }],
        },
      },
    });
    const sorted = await index.search({ sort: [{ price: 'desc' }], track_total_hits: 10000 });
    t.same(sorted.hits.total, { value: 10000, relation: 'gte' });
    t.same(sorted.hits.hits[0], { _index: 'cms-content', _id: 'a', _score: null, _source: { id: 'a' }, sort: [100] });
  },
);

t.test('errors: 400 → InvalidError with ES’s reason; unreachable or overloaded → 503; others logged', async (t) => {
  const logs: LogLine[] = [];
  const { fake, index } = await opened(t, logs);
  fake.onSearch = () => ({
    status: 400,
    body: {
      error: {
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        root_cause: [{ type: 'query_shard_exception', reason: 'failed to create query: For input string: "abc"' }],
      },
      status: 400,
    },
  });
  const bad = await failure(index.search({ query: { term: { price: 'abc' } } }));
  t.ok(bad instanceof InvalidError);
  t.match(bad, { message: /query_shard_exception: failed to create query: For input string: "abc"/ });

  for (const status of [503, 429]) {
    fake.onSearch = () => ({ status, body: { error: { type: 'unavailable', reason: 'no master' } } });
    const down = await failure(index.search({}));
    t.ok(down instanceof UnavailableError, `${status}`);
    t.equal((down as UnavailableError).retryAfterSeconds, 5);
  }
  fake.onSearch = () => ({ status: 500, body: { error: { type: 'exception', reason: 'disk on fire' } } });
  const broken = await failure(index.search({}));
  t.notOk(broken instanceof InvalidError || broken instanceof UnavailableError, 'a plain error (500)');
  t.match(broken, { message: /search failed: exception: disk on fire/ });
  t.ok(logs.some((l) => l.level === 'error' && /search failed/.test(l.message)));
});

t.test('a cluster gone away is a 503 with Retry-After', async (t) => {
  const { fake, index } = await opened(t);
  await fake.stop();
  for (const work of [() => index.search({}), () => index.index([{ id: 'a' }]), () => index.refresh!()]) {
    const down = await failure(work());
    t.ok(down instanceof UnavailableError);
    t.equal((down as UnavailableError).retryAfterSeconds, 5);
    t.match(down, { message: /^Search is unavailable: .*(ECONNREFUSED|other side closed)/ });
  }
});

t.test('close refreshes what was written, and does not wait long for a cluster that is down', async (t) => {
  const fake = await fakeElasticsearch(t);
  const config = new Config(new Map([['search.elasticsearch.url', fake.url]]), {});
  const [driver] = (await elasticsearch.setup({ config, logger: silentLogger, dataDir: '' })).searchDrivers!;
  const index = await driver!.open({ config, dataDir: '', logger: silentLogger });
  await index.index([{ id: 'a' }]);
  await index.close();
  t.equal(fake.received.at(-1)!.path, '/cms-content/_refresh');

  const logs: LogLine[] = [];
  const other = await driver!.open({ config, dataDir: '', logger: recordingLogger(logs) });
  await fake.stop();
  const started = Date.now();
  await other.close();
  t.ok(Date.now() - started < 5000, 'closed without retrying for long');
  t.ok(logs.some((l) => l.level === 'warn' && /could not refresh/.test(l.message)));
});

/** What a failure answers clients: its code and its kind. */
const codeOf = (error: unknown) => {
  const e = error as { code?: string; kind?: string };
  return { code: e.code, kind: e.kind };
};

t.test('the result window: the index is created with it, and a search past it is refused unsent', async (t) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(
    t,
    { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.max.retries': '0' },
    [],
    {
      maxResultWindow: 50,
      timeoutMs: 10_000,
    },
  );
  const created = [...fake.indices.values()][0]!.body as { settings: Record<string, unknown> };
  t.equal(created.settings.max_result_window, 50, 'ES refuses what the service would');
  const searches = () => fake.received.filter((r) => r.path.endsWith('/_search')).length;
  await index.search({ from: 40, size: 10 });
  t.equal(searches(), 1);
  const refused = await failure(index.search({ from: 41, size: 10 }));
  t.ok(refused instanceof InvalidError);
  t.same(codeOf(refused), { code: 'SEARCH_RESULT_WINDOW_TOO_LARGE', kind: 'invalid' });
  t.match((refused as Error).message, /must not exceed 50/);
  t.equal(searches(), 1, 'nothing sent');
  const byDefault = await failure((await opened(t)).index.search({ size: 10_001 }));
  t.same(codeOf(byDefault), { code: 'SEARCH_RESULT_WINDOW_TOO_LARGE', kind: 'invalid' }, '10,000 by default');
});

t.test('an index of its own window refusing a search answers the same code', async (t) => {
  const { fake, index } = await opened(t);
  fake.onSearch = () => ({
    status: 400,
    body: {
      error: {
        root_cause: [
          {
            type: 'illegal_argument_exception',
            reason: 'Result window is too large, from + size must be less than or equal to: [100] but was [110].',
          },
        ],
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
      },
      status: 400,
    },
  });
  t.same(codeOf(await failure(index.search({ from: 100, size: 10 }))), {
    code: 'SEARCH_RESULT_WINDOW_TOO_LARGE',
    kind: 'invalid',
  });
});

t.test('the time budget: sent as the timeout, and an answer that timed out is refused', async (t) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(
    t,
    { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.max.retries': '0' },
    [],
    {
      maxResultWindow: 10_000,
      timeoutMs: 1234,
    },
  );
  await index.search({});
  t.equal((last(fake.received, /_search$/).json as { timeout?: string }).timeout, '1234ms');
  fake.onSearch = () => ({
    status: 200,
    body: { took: 1300, timed_out: true, hits: { total: { value: 1, relation: 'eq' }, max_score: 1, hits: [] } },
  });
  const refused = await failure(index.search({}));
  t.ok(refused instanceof UnavailableError);
  t.same(codeOf(refused), { code: 'SEARCH_TIMED_OUT', kind: 'unavailable' }, 'partial hits are not answered');
});

t.test('a search ES does not answer within the budget is refused, its connection closed', async (t) => {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(
    t,
    { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.max.retries': '0' },
    [],
    {
      maxResultWindow: 10_000,
      timeoutMs: 200,
    },
  );
  let closed!: () => void;
  const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
  // Never answered: only the budget ends the wait.
  fake.onSearch = () => ({ status: 0, never: closed });
  const refused = await failure(index.search({ query: { wildcard: { title: '*x*' } } }));
  t.same(codeOf(refused), { code: 'SEARCH_TIMED_OUT', kind: 'unavailable' });
  await connectionClosed;
  t.pass('the request was abandoned: ES cancels a search whose connection closes');
});
