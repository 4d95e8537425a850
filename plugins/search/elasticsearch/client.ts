import { Client, Transport, type TransportOptions } from '@elastic/elasticsearch';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readProperties, type Config } from '../../../core/plugin/kit.js';
import { ELASTICSEARCH_PROPERTIES } from './properties.js';

/**
 * The 9.x client sends `Content-Type`/`Accept: application/vnd.elasticsearch+json;
 * compatible-with=9`, which Elasticsearch 8 refuses (it knows versions 7 and 8 only) and
 * OpenSearch refuses (no vendored types at all), and it refuses any answer without
 * `X-Elastic-Product: Elasticsearch`, which OpenSearch never sends. Without `vendoredHeaders` and
 * `productCheck` the transport sends plain `application/json` (`application/x-ndjson` for bulk) and
 * takes any answer: every server from Elasticsearch 7 to 9 and OpenSearch accepts that, and the
 * driver only uses APIs they share (index creation, aliases, bulk, search, refresh, delete).
 */
export class PlainJsonTransport extends Transport {
  constructor(options: TransportOptions) {
    super({ ...options, vendoredHeaders: undefined, productCheck: undefined });
  }
}

export interface ElasticsearchTarget {
  client: Client;
  /** The node URLs without credentials, for messages and logs. */
  shownNodes: string;
}

/** A node URL as it may be shown: user and password (which a URL may carry) removed. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return '(an unreadable URL)';
  }
}

/** The client the properties describe; a missing URL or an unreadable CA file stops start-up here. */
export function createClient(config: Config, cwd = process.cwd()): ElasticsearchTarget {
  const p = readProperties(config, ELASTICSEARCH_PROPERTIES);
  const nodes = p['search.elasticsearch.url'];
  if (nodes.length === 0)
    throw new Error(
      'search.driver=elasticsearch needs search.elasticsearch.url, the Elasticsearch or OpenSearch node(s) to use (such as https://localhost:9200)',
    );
  const shownNodes = nodes.map(withoutCredentials).join(', ');
  for (const node of nodes)
    if (!/^https?:\/\//.test(node) || withoutCredentials(node) === '(an unreadable URL)')
      throw new Error(`search.elasticsearch.url: "${withoutCredentials(node)}" is not an http(s) URL`);
  const apiKey = p['search.elasticsearch.api.key'];
  const username = p['search.elasticsearch.username'];
  const password = p['search.elasticsearch.password'];
  if (password !== undefined && username === undefined)
    throw new Error('search.elasticsearch.password is set but search.elasticsearch.username is not');
  const caFile = p['search.elasticsearch.tls.ca.file'];
  let ca: string | undefined;
  if (caFile !== undefined) {
    const path = resolve(cwd, caFile);
    try {
      ca = readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(`search.elasticsearch.tls.ca.file: cannot read ${path}: ${(error as Error).message}`);
    }
  }
  const client = new Client({
    nodes,
    Transport: PlainJsonTransport,
    auth:
      apiKey !== undefined ? { apiKey } : username !== undefined ? { username, password: password ?? '' } : undefined,
    tls: { ...(ca !== undefined ? { ca } : {}), rejectUnauthorized: p['search.elasticsearch.tls.reject.unauthorized'] },
    requestTimeout: p['search.elasticsearch.request.timeout.ms'],
    maxRetries: p['search.elasticsearch.max.retries'],
    // Errors keep no request headers (Authorization) nor connection (a URL may hold a password).
    redaction: { type: 'remove' },
  });
  return { client, shownNodes };
}
