import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

/** One request the fake received, as sent on the wire. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON (bulk: one value per line). */
  json: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
  /** No answer at all (a search still running): called when the client closes the connection instead. */
  never?: () => void;
}

/**
 * How the fake checks media types, as the servers do: Elasticsearch 8 refuses
 * `compatible-with=9`, OpenSearch refuses Elasticsearch's vendored types altogether (and sends no
 * `X-Elastic-Product`); `es9` takes anything.
 */
export type Flavour = 'es8' | 'es9' | 'opensearch';

/**
 * A tiny Elasticsearch over real HTTP: enough state for indices and aliases (create, alias
 * look-ups, `_aliases`, delete), bulk answered item by item as created/deleted, refresh, and
 * search answered by `onSearch`. `override` answers any request first (errors, odd answers).
 */
export interface FakeElasticsearch {
  url: string;
  received: Received[];
  indices: Map<string, { aliases: Set<string>; body: unknown }>;
  override?: (request: Received) => Answer | undefined;
  onSearch: (request: Received) => Answer;
  /** Stops answering (the port refuses connections), as a cluster that went down. */
  stop(): Promise<void>;
}

const EMPTY_SEARCH: Answer = {
  status: 200,
  body: { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } },
};

function mediaTypeProblem(flavour: Flavour, headers: IncomingHttpHeaders): string | undefined {
  const types = [headers['content-type'], headers.accept].filter((v): v is string => typeof v === 'string');
  if (flavour === 'opensearch' && types.some((v) => v.includes('vnd.elasticsearch')))
    return 'Content-Type header [application/vnd.elasticsearch+json] is not supported';
  if (flavour === 'es8' && types.some((v) => /compatible-with=(?!7|8)/.test(v)))
    return 'A compatible version is required on both Content-Type and Accept headers [7, 8]';
  return undefined;
}

export async function fakeElasticsearch(t: Test, flavour: Flavour = 'es9'): Promise<FakeElasticsearch> {
  const fake: FakeElasticsearch = {
    url: '',
    received: [],
    indices: new Map(),
    onSearch: () => EMPTY_SEARCH,
    stop: async () => undefined,
  };
  const aliasIndices = (alias: string) => [...fake.indices].filter(([, i]) => i.aliases.has(alias)).map(([n]) => n);
  const matching = (pattern: string) =>
    [...fake.indices.keys()].filter((n) => new RegExp(`^${pattern.replace(/\*/g, '.*')}$`).test(n));

  function route(r: Received): Answer {
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'GET' && parts.length === 0) return { status: 200, body: { version: { number: '9.1.0' } } };
    if (parts[0] === '_alias' && parts[1]) {
      const found = aliasIndices(parts[1]);
      if (found.length === 0) return { status: 404, body: { error: 'alias missing', status: 404 } };
      return { status: 200, body: Object.fromEntries(found.map((n) => [n, { aliases: { [parts[1]!]: {} } }])) };
    }
    if (parts[1] === '_alias' && r.method === 'GET')
      return {
        status: 200,
        body: Object.fromEntries(
          matching(parts[0]!).map((n) => [
            n,
            { aliases: Object.fromEntries([...fake.indices.get(n)!.aliases].map((a) => [a, {}])) },
          ]),
        ),
      };
    if (r.method === 'PUT' && parts.length === 1) {
      if (fake.indices.has(parts[0]!))
        return {
          status: 400,
          body: { error: { type: 'resource_already_exists_exception', reason: 'exists' }, status: 400 },
        };
      const body = r.json as { aliases?: Record<string, unknown> };
      fake.indices.set(parts[0]!, { aliases: new Set(Object.keys(body?.aliases ?? {})), body });
      return { status: 200, body: { acknowledged: true, index: parts[0] } };
    }
    if (r.method === 'DELETE' && parts.length === 1) {
      for (const name of parts[0]!.split(',')) fake.indices.delete(name);
      return { status: 200, body: { acknowledged: true } };
    }
    if (parts[0] === '_aliases') {
      for (const action of (r.json as { actions: Array<Record<string, { index: string; alias: string }>> }).actions) {
        const [kind, spec] = Object.entries(action)[0]!;
        if (kind === 'add') fake.indices.get(spec.index)?.aliases.add(spec.alias);
        if (kind === 'remove') fake.indices.get(spec.index)?.aliases.delete(spec.alias);
      }
      return { status: 200, body: { acknowledged: true } };
    }
    if (parts[0] === '_bulk') {
      const lines = r.json as Array<Record<string, { _index: string; _id: string }>>;
      const items = lines
        .filter((line) => 'index' in line || 'delete' in line)
        .map((line) => {
          const [action, meta] = Object.entries(line)[0]!;
          return { [action]: { _index: meta._index, _id: meta._id, status: action === 'index' ? 201 : 200 } };
        });
      return { status: 200, body: { took: 1, errors: false, items } };
    }
    if (parts[1] === '_refresh') return { status: 200, body: { _shards: { total: 1, successful: 1, failed: 0 } } };
    if (parts[1] === '_search') return fake.onSearch(r);
    return { status: 404, body: { error: { type: 'not_found', reason: `${r.method} ${r.path}` }, status: 404 } };
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      let json: unknown;
      if (url.pathname.endsWith('/_bulk'))
        json = text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as unknown);
      else if (text !== '') json = JSON.parse(text);
      const received: Received = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        text,
        json,
      };
      fake.received.push(received);
      const problem = mediaTypeProblem(flavour, request.headers);
      const answer: Answer = problem
        ? { status: 400, body: { error: { type: 'media_type_header_exception', reason: problem }, status: 400 } }
        : (fake.override?.(received) ?? route(received));
      if (answer.never) return void response.on('close', answer.never);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (flavour !== 'opensearch') headers['x-elastic-product'] = 'Elasticsearch';
      response.writeHead(answer.status, headers);
      response.end(request.method === 'HEAD' || answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let stopped: Promise<void> | undefined;
  fake.stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return stopped;
  };
  t.teardown(() => fake.stop());
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
