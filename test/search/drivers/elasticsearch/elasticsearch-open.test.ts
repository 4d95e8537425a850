import t from 'tap';
import { Client } from '@elastic/elasticsearch';
import { createServer } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '../../../helpers/test-app.js';
import { fakeElasticsearch, type Flavour } from './fake-elasticsearch.js';
import { failure, openDriver, type LogLine } from './open-driver.js';

t.test('open creates the first concrete index with the mapping, behind the alias', async (t) => {
  const fake = await fakeElasticsearch(t);
  const logs: LogLine[] = [];
  await openDriver(t, { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.index.prefix': 'acme' }, logs);
  const creations = fake.received.filter((r) => r.method === 'PUT');
  t.equal(creations.length, 1);
  const [create] = creations;
  t.match(create!.path, /^\/acme-content-\d{17}$/, 'a concrete index named by a timestamp');
  const body = create!.json as {
    settings: Record<string, unknown>;
    mappings: { dynamic_templates: Array<Record<string, { mapping: Record<string, unknown> }>>; properties: object };
    aliases: object;
  };
  t.same(body.aliases, { 'acme-content': { is_write_index: true } }, 'created with the alias, as its write index');
  t.match(body.settings, { number_of_shards: 1, number_of_replicas: 1 });
  t.same(body.mappings.properties, {
    catchall: { type: 'text', analyzer: 'cms_folding' },
    '@source': { type: 'object', enabled: false },
  });
  const templates = Object.fromEntries(body.mappings.dynamic_templates.map((d) => Object.entries(d)[0]!));
  t.match(
    templates.strings!.mapping,
    { type: 'keyword', fields: { text: { type: 'text' } } },
    'strings: keyword + .text',
  );
  t.match(templates.dates!.mapping, { type: 'date', format: /epoch_millis/ });
  t.equal(templates.whole_numbers!.mapping.type, 'double', 'whole numbers are doubles, not longs');
  t.ok(logs.some((l) => /created the search index/.test(l.message)));
});

t.test('open with the alias in place creates nothing, and logs indices the alias does not point at', async (t) => {
  const fake = await fakeElasticsearch(t);
  fake.indices.set('cms-content-20240101000000000', { aliases: new Set(['cms-content']), body: {} });
  fake.indices.set('cms-content-20240202000000000', { aliases: new Set(), body: {} });
  fake.indices.set('cms-content-other', { aliases: new Set(), body: {} });
  const logs: LogLine[] = [];
  await openDriver(t, { 'search.elasticsearch.url': fake.url }, logs);
  t.same(
    fake.received.filter((r) => r.method !== 'GET' && r.method !== 'HEAD'),
    [],
    'no index created or deleted',
  );
  const warning = logs.find((l) => l.level === 'warn');
  t.match(warning?.fields, { indices: ['cms-content-20240202000000000'] }, 'only concrete indices of the prefix');
  t.equal(fake.indices.size, 3, 'left alone');
});

t.test('two processes creating the index at once: the loser uses the winner’s', async (t) => {
  const fake = await fakeElasticsearch(t);
  fake.override = (r) => {
    if (r.method !== 'PUT') return undefined;
    // Another process created its index (and the write alias) just before.
    fake.indices.set('cms-content-20240101000000000', { aliases: new Set(['cms-content']), body: {} });
    return {
      status: 400,
      body: { error: { type: 'illegal_state_exception', reason: 'alias has more than one write index' } },
    };
  };
  const index = await openDriver(t, { 'search.elasticsearch.url': fake.url });
  await index.index([{ id: 'x', title: 'y' }]);
  t.equal(fake.indices.size, 1);
});

t.test('a missing URL, a bad CA file or a cluster that does not answer stop start-up clearly', async (t) => {
  const noUrl = await failure(openDriver(t, {}));
  t.match(noUrl, { message: /search\.elasticsearch\.url/ });

  const missingCa = await failure(
    openDriver(t, {
      'search.elasticsearch.url': 'https://localhost:9200',
      'search.elasticsearch.tls.ca.file': '/nope/ca.pem',
    }),
  );
  t.match(missingCa, { message: /tls\.ca\.file: cannot read \/nope\/ca\.pem/ });

  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
  const down = await failure(
    openDriver(t, {
      'search.elasticsearch.url': `http://elastic:s3cret-pw@127.0.0.1:${port}`,
      'search.elasticsearch.max.retries': '0',
    }),
  );
  t.match(down, { message: new RegExp(`Elasticsearch at http://127\\.0\\.0\\.1:${port} does not answer`) });
  t.notMatch((down as Error).message, /s3cret|elastic:/, 'no credentials in the message');

  const fake = await fakeElasticsearch(t);
  fake.override = () => ({
    status: 401,
    body: { error: { type: 'security_exception', reason: 'unable to authenticate user [cms]' } },
  });
  const refused = await failure(openDriver(t, { 'search.elasticsearch.url': fake.url }));
  t.match(refused, { message: /refuses the service: security_exception: unable to authenticate user \[cms\]/ });
});

for (const flavour of ['es8', 'es9', 'opensearch'] as Flavour[])
  t.test(`${flavour} accepts every request the driver sends (plain JSON media types)`, async (t) => {
    const fake = await fakeElasticsearch(t, flavour);
    const index = await openDriver(t, { 'search.elasticsearch.url': fake.url });
    await index.index([{ id: 'a', title: 'x' }]);
    await index.remove(['a']);
    await index.refresh!();
    await index.search({ query: { match: { title: 'x' } } });
    const rebuild = await index.rebuild();
    await rebuild.index([{ id: 'a', title: 'x' }]);
    await rebuild.complete();
    const bulk = fake.received.find((r) => r.path === '/_bulk')!;
    t.equal(bulk.headers['content-type'], 'application/x-ndjson');
    const search = fake.received.find((r) => r.path.endsWith('/_search'))!;
    t.equal(search.headers['content-type'], 'application/json');
    t.equal(search.headers.accept, 'application/json');
    for (const r of fake.received) t.notMatch(`${r.headers['content-type']} ${r.headers.accept}`, /vnd\.elasticsearch/);
  });

t.test('the stock 9.x client is refused by ES 8 and OpenSearch (what the plain transport avoids)', async (t) => {
  for (const flavour of ['es8', 'opensearch'] as Flavour[]) {
    const fake = await fakeElasticsearch(t, flavour);
    const stock = new Client({ node: fake.url, maxRetries: 0 });
    t.teardown(() => stock.close());
    t.match(await failure(stock.search({ index: 'x' })), { meta: { statusCode: 400 } }, flavour);
  }
});

t.test('credentials: Basic or ApiKey on every request, never in logs or errors', async (t) => {
  const fake = await fakeElasticsearch(t);
  const logs: LogLine[] = [];
  const basic = await openDriver(
    t,
    {
      'search.elasticsearch.url': fake.url,
      'search.elasticsearch.username': 'elastic',
      'search.elasticsearch.password': 'pa55-word',
    },
    logs,
  );
  await basic.search({});
  const expected = `Basic ${Buffer.from('elastic:pa55-word').toString('base64')}`;
  t.ok(fake.received.length > 2);
  for (const r of fake.received) t.equal(r.headers.authorization, expected, `${r.method} ${r.path}`);

  fake.received.length = 0;
  const keyed = await openDriver(
    t,
    { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.api.key': 'a2V5OnNlY3JldA==' },
    logs,
  );
  await keyed.search({});
  for (const r of fake.received) t.equal(r.headers.authorization, 'ApiKey a2V5OnNlY3JldA==');

  // A failure that is logged, and one that is thrown: neither carries a credential.
  fake.override = (r) =>
    r.path.endsWith('/_search') ? { status: 500, body: { error: { type: 'boom', reason: 'broken' } } } : undefined;
  const error = await failure(basic.search({}));
  t.match(error, { message: /boom: broken/ });
  t.equal((error as Error).cause, undefined, 'the client’s error (its request metadata) is not kept');
  const logged = JSON.stringify(logs);
  t.ok(
    logs.some((l) => l.level === 'error'),
    'the 500 is logged',
  );
  for (const secret of ['pa55-word', Buffer.from('elastic:pa55-word').toString('base64'), 'a2V5OnNlY3JldA=='])
    t.notOk(
      logged.includes(secret) || String((error as Error).message).includes(secret),
      'no credential logged or thrown',
    );
});

t.test('a CA file is read (TLS options reach the client)', async (t) => {
  const dir = tempDataDir(t);
  const ca = join(dir, 'ca.pem');
  writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  const fake = await fakeElasticsearch(t);
  // Over plain http the CA is unused; that it was read without error and the driver opened is what is checked.
  await openDriver(t, { 'search.elasticsearch.url': fake.url, 'search.elasticsearch.tls.ca.file': ca });
  t.pass();
});

t.test('several nodes: requests are spread over them, and a node that is down is passed over', async (t) => {
  const first = await fakeElasticsearch(t);
  const second = await fakeElasticsearch(t);
  // One cluster seen through two nodes: the second shares the first's indices.
  second.indices = first.indices;
  const index = await openDriver(t, { 'search.elasticsearch.url': `${first.url}, ${second.url}` });
  for (let i = 0; i < 6; i++) await index.search({});
  const searches = (fake: typeof first) => fake.received.filter((r) => r.path.endsWith('/_search')).length;
  t.ok(searches(first) > 0 && searches(second) > 0, 'both nodes searched');
  await second.stop();
  for (let i = 0; i < 4; i++) await index.search({});
  t.equal(searches(first) + searches(second), 10, 'every search answered, by the node still up');
});
