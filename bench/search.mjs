// Search on 100,000 contentlets of a three-field type in the embedded engine: indexing time (one by
// one through Publish fires, and by a bulk reindex), disk and memory, the latency of each kind of
// search through the endpoints, and what indexing adds to a Publish fire. Run: npm run bench:search
// (BENCH_ITEMS changes the count, BENCH_SECONDS the length of each latency run). BENCH_LOAD=bulk
// loads the items with a driver that keeps nothing and lets the restarted service rebuild its empty
// index (its start-up reindex), skipping the one-by-one figure: minutes instead of a quarter hour.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchType, measure, recordSection, startProcess, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-password';
const auth = `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}`;
const headers = { authorization: auth, 'content-type': 'application/json' };
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const PUBLISH = 'b9d89c80-3d88-4311-8365-187323c96436';
const WORDS = ['spring', 'summer', 'autumn', 'winter', 'garden', 'market', 'river', 'mountain', 'city', 'harbour'];
const AUTHORS = Array.from({ length: 50 }, (_, i) => `Author ${i}`);

const words = (n, seed) => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
const item = (n) => ({
  contentType: 'Bench',
  title: `Item ${n} ${words(2, n)}`,
  author: AUTHORS[n % 50],
  body: words(12, n),
});
/** A driver that keeps nothing: what a Publish fire costs without indexing, and a fast way to load items. */
const NOOP_SEARCH = { CMS_PLUGINS: join(root, 'bench/noop-search-plugin.mjs'), CMS_SEARCH_DRIVER: 'noop' };
const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const diskMiB = (dir) => Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024;

/** Starts the service; a new data directory gets the type `Bench` (`setup`). */
async function start(port, env, dataDir, setup = true) {
  const { child } = await startService({
    CMS_DATA_DIR: dataDir,
    PORT: String(port),
    CMS_HTTP_HOST: '127.0.0.1',
    INITIAL_ADMIN_PASSWORD: password,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body, attempt = 0) => {
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // A burst of first sign-ins may meet the bounded password-hash queue (AUTH_BUSY): wait as told.
    if (response.status === 503 && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      return call(method, path, body, attempt + 1);
    }
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  if (setup) {
    await createBenchType(call);
  }
  return { child, base, call };
}

/** Fires Publish on `count` new items, 16 at a time; answers the seconds until all are searchable (if `searchable`). */
async function publishAll(service, count, searchable) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      await service.call('PUT', `/api/v1/workflow/actions/${PUBLISH}/fire`, { contentletFormData: item(n) });
      if (n % 10_000 === 0) process.stderr.write(`  ${n} fired\n`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const fired = (performance.now() - started) / 1000;
  while (searchable && (await indexedCount(service)) < count) await new Promise((r) => setTimeout(r, 100));
  return { fired, searchable: (performance.now() - started) / 1000 };
}

const indexedCount = async (service) =>
  (await service.call('POST', '/api/es/raw', { query: { term: { contenttype: 'bench' } }, size: 0 })).hits.total.value;

async function reindex(service) {
  const started = performance.now();
  await service.call('POST', '/api/v1/search/reindex');
  for (;;) {
    const { entity } = await service.call('GET', '/api/v1/search/reindex');
    if (entity.state === 'completed') return (performance.now() - started) / 1000;
    if (entity.state === 'failed') throw new Error(`reindex failed: ${entity.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const QUERIES = [
  ['term query', '/api/es/search', { query: { term: { 'bench.author_dotraw': 'author 7' } }, size: 10 }],
  [
    'query_string, trailing wildcard',
    '/api/es/search',
    { query: { query_string: { query: '+contentType:Bench +Bench.title:item\\ 12*' } }, size: 10 },
  ],
  ['phrase', '/api/es/search', { query: { match_phrase: { 'bench.body': 'garden river' } }, size: 10 }],
  [
    'terms aggregation',
    '/api/es/raw',
    { size: 0, aggs: { authors: { terms: { field: 'bench.author_dotraw', size: 10 } } } },
  ],
  [
    'date histogram',
    '/api/es/raw',
    { size: 0, aggs: { per_minute: { date_histogram: { field: 'moddate', fixed_interval: '1m' } } } },
  ],
  [
    'term suggestion',
    '/api/es/raw',
    { size: 0, suggest: { fix: { text: 'gardn rivr', term: { field: 'bench.body' } } } },
  ],
  [
    'content search API (client)',
    '/api/content/_search',
    {
      query: '+contentType:Bench +languageId:1 +live:true +Bench.title:item*',
      sort: 'modDate desc',
      limit: 10,
      offset: 0,
      depth: 0,
    },
  ],
];

async function latencies(service) {
  const results = [];
  for (const [name, path, body] of QUERIES) {
    results.push(
      await measure(name, {
        url: service.base + path,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        connections: 1,
        // A slow kind of search is a figure to record, not a failure of the run.
        timeout: 120,
      }),
    );
    note(`${name}: p50 ${results.at(-1).latencyP50} ms, p99 ${results.at(-1).latencyP99} ms`);
  }
  return results;
}

async function bareLatency() {
  const { child } = await startProcess([join(root, 'bench/bare-uws.mjs'), '9311', 'buffer'], {}, /ready/);
  try {
    return await measure('bare', {
      url: 'http://127.0.0.1:9311/',
      method: 'POST',
      headers,
      body: '{"query":{}}',
      connections: 1,
    });
  } finally {
    await stopProcess(child);
  }
}

/** Fires per second of Publish with the embedded index, and with a driver that keeps nothing. */
async function fireCost() {
  const rows = [];
  for (const [label, env] of [
    ['embedded index', {}],
    ['no index (a driver that keeps nothing)', NOOP_SEARCH],
  ]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-search-fire-'));
    const service = await start(9312, env, dataDir);
    let n = 0;
    try {
      rows.push({
        label,
        ...(await measure(label, {
          url: `${service.base}/api/v1/workflow/actions/${PUBLISH}/fire`,
          method: 'PUT',
          headers,
          connections: 16,
          setupClient: (client) => client.setBody(JSON.stringify({ contentletFormData: item(n++) })),
        })),
      });
    } finally {
      await stopProcess(service.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

const bulkLoad = process.env.BENCH_LOAD === 'bulk';

/** Seconds the start-up rebuild of an empty index took (by its own progress), once every item is searchable. */
async function startupRebuild(service) {
  while ((await indexedCount(service)) < ITEMS) await new Promise((r) => setTimeout(r, 200));
  const { entity } = await service.call('GET', '/api/v1/search/reindex');
  return (entity.finishedAt - entity.startedAt) / 1000;
}

const note = (line) => process.stderr.write(`${line}\n`);
// BENCH_DATA_DIR keeps the loaded data directory; a second run on it skips loading and indexing.
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'cms-bench-search-'));
const alreadyLoaded = keptDir !== undefined && existsSync(join(keptDir, 'search'));
let service;
let loaded, atStart, rebuilt, latency, memory, disk;
try {
  if (alreadyLoaded) {
    service = await start(9310, {}, dataDir, false);
    await startupRebuild(service);
  } else if (bulkLoad) {
    service = await start(9310, NOOP_SEARCH, dataDir);
    note(`firing Publish on ${ITEMS} items (no index)`);
    await publishAll(service, ITEMS, false);
    await stopProcess(service.child);
    service = await start(9310, {}, dataDir, false);
    atStart = await startupRebuild(service);
    note(`rebuilt at start: ${atStart.toFixed(1)} s`);
  } else {
    service = await start(9310, {}, dataDir);
    note(`firing Publish on ${ITEMS} items`);
    loaded = await publishAll(service, ITEMS, true);
    note(`fired in ${loaded.fired.toFixed(1)} s, searchable after ${loaded.searchable.toFixed(1)} s`);
  }
  if (!alreadyLoaded) {
    rebuilt = await reindex(service);
    note(`reindexed: ${rebuilt.toFixed(1)} s`);
  }
  disk = { index: diskMiB(join(dataDir, 'search')), storage: diskMiB(dataDir) - diskMiB(join(dataDir, 'search')) };
  note(`disk: index ${disk.index.toFixed(0)} MiB, storage ${disk.storage.toFixed(0)} MiB`);
  latency = await latencies(service);
  memory = residentMiB(service.child.pid);
} finally {
  if (service) await stopProcess(service.child);
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
const bare = await bareLatency();
const fires = await fireCost();
const [withIndex, without] = fires;
const overhead = ((without.requestsPerSecond / withIndex.requestsPerSecond - 1) * 100).toFixed(1);

const markdown = `## Search: ${ITEMS.toLocaleString('en')} contentlets in the embedded engine

Command: \`npm run bench:search\` (client and server on the same machine: ${cpus().length} cores, Node ${process.version}; SQLite storage; a type of three text fields). Recorded ${new Date().toISOString().slice(0, 10)}.

| Indexing | seconds |
|---|---|
${alreadyLoaded ? '' : loaded ? `| ${ITEMS.toLocaleString('en')} Publish fires, one by one (16 at a time, DEFER), until all are searchable | ${loaded.searchable.toFixed(1)} (the fires alone: ${loaded.fired.toFixed(1)}) |` : `| Rebuild of the empty index at start (items loaded with \`BENCH_LOAD=bulk\`; one by one not measured) | ${atStart.toFixed(1)} |`}
| Bulk reindex of all of them (\`POST /api/v1/search/reindex\`) | ${rebuilt?.toFixed(1) ?? 'not measured (BENCH_DATA_DIR reused)'} |

Disk: index ${disk.index.toFixed(0)} MiB, storage ${disk.storage.toFixed(0)} MiB. Server memory (resident) after the searches: ${memory.toFixed(0)} MiB.

Latency through the endpoints (autocannon, one connection, ${process.env.BENCH_SECONDS ?? 10} s each); the bare uWebSockets.js server answering a POST in the same run: p50 ${bare.latencyP50} ms, p99 ${bare.latencyP99} ms, ${bare.requestsPerSecond} requests/s.

| Search | requests/s | p50 ms | p99 ms | requests/s as % of bare |
|---|---|---|---|---|
${latency.map((r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${((r.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(2)}% |`).join('\n')}

What indexing adds to a Publish fire (16 connections, new items):

| Search driver | fires/s | p50 ms | p99 ms |
|---|---|---|---|
${fires.map((r) => `| ${r.label} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`).join('\n')}

Indexing costs ${overhead}% of the fire rate. Aims: p50 under 5 ms for the term query and under 20 ms for the others; 100,000 items reindexed in under 60 s; indexing adding at most 20% to a Publish fire.`;
recordSection(join(root, 'docs/benchmarks.md'), 'search', markdown);
console.log(markdown);
