import t, { type Test } from 'tap';
import { randomBytes } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import type { SearchIndex } from '../../../core/plugin/search-driver.js';
import elasticsearch from '../../../plugins/search/elasticsearch/index.js';
import { PlainJsonTransport } from '../../../plugins/search/elasticsearch/client.js';
import { searchDriverSuite } from './search-driver-suite.js';

/**
 * The contract suite against a real Elasticsearch or OpenSearch, when `ES_URL` names one
 * (`ES_URL=http://elastic:changeme@localhost:9200 npx tap test/search/drivers/elasticsearch.test.ts`;
 * `ES_API_KEY`, `ES_CA_FILE` and `ES_INSECURE=1` as the server needs). No server runs here: the
 * driver's requests are checked over HTTP against a fake in `elasticsearch/`.
 */
const ES_URL = process.env.ES_URL?.trim();

function properties(prefix: string): Map<string, string> {
  const p = new Map([
    ['search.elasticsearch.url', ES_URL!],
    ['search.elasticsearch.index.prefix', prefix],
    ['search.elasticsearch.index.replicas', '0'],
  ]);
  if (process.env.ES_API_KEY) p.set('search.elasticsearch.api.key', process.env.ES_API_KEY);
  if (process.env.ES_CA_FILE) p.set('search.elasticsearch.tls.ca.file', process.env.ES_CA_FILE);
  if (process.env.ES_INSECURE === '1') p.set('search.elasticsearch.tls.reject.unauthorized', 'false');
  return p;
}

async function open(prefix: string): Promise<SearchIndex> {
  const config = new Config(properties(prefix), {});
  const [driver] = (await elasticsearch.setup({ config, logger: silentLogger, dataDir: '' })).searchDrivers!;
  return driver!.open({ config, dataDir: '', logger: silentLogger });
}

/** A prefix of its own per test (parallel runs do not collide); its indices deleted by name at the end (wildcard deletes are often disabled). */
function location(t: Test): string {
  const prefix = `cmstest-${process.pid}-${randomBytes(4).toString('hex')}`;
  t.teardown(async () => {
    const client = new Client({
      node: ES_URL!,
      Transport: PlainJsonTransport,
      ...(process.env.ES_API_KEY ? { auth: { apiKey: process.env.ES_API_KEY } } : {}),
      tls: { rejectUnauthorized: process.env.ES_INSECURE !== '1' },
    });
    try {
      const names = Object.keys(await client.indices.getAlias({ index: `${prefix}-content-*` }));
      if (names.length > 0) await client.indices.delete({ index: names.join(',') });
    } finally {
      await client.close();
    }
  });
  return prefix;
}

if (!ES_URL) {
  t.test(
    'Elasticsearch',
    { skip: 'ES_URL is not set: no Elasticsearch server to run the search contract suite against' },
    () => {},
  );
} else {
  t.test(`Elasticsearch at ${ES_URL.replace(/\/\/[^@/]*@/, '//')}`, async (t) => {
    searchDriverSuite(t, { open, location });

    t.test('a rebuild is searched only once complete', async (t) => {
      const index = await open(location(t));
      t.teardown(() => index.close());
      await index.index([{ id: 'old', title: 'before' }]);
      await index.refresh!();
      const rebuild = await index.rebuild();
      await rebuild.index([{ id: 'new', Title: 'After' }]);
      t.same(
        (await index.search({})).hits.hits.map((h) => h._id),
        ['old'],
      );
      await rebuild.complete();
      const answer = await index.search({ query: { match: { title: 'after' } } });
      t.same(
        answer.hits.hits.map((h) => h._source),
        [{ id: 'new', Title: 'After' }],
      );
    });
  });
}
