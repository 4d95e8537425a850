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
import {
  ADMIN_JSON,
  PUBLISH_ACTION,
  createBenchType,
  measure,
  newItemFires,
  recordSection,
  startBare,
  startBenchService,
  stopProcess,
} from './lib.mjs';
import { SEARCHES, corpusItem, indexedCount, publishAll, reindex, searchLoad } from './search-corpus.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
/** A driver that keeps nothing: what a Publish fire costs without indexing, and a fast way to load items. */
const NOOP_SEARCH = { CMS_PLUGINS: join(root, 'bench/noop-search-plugin.mjs'), CMS_SEARCH_DRIVER: 'noop' };
const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const diskMiB = (dir) => Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024;

/** Starts the service on `dataDir` (or a new one); a new data directory gets the type `Bench` (`setup`). */
async function start(port, env, dataDir, setup = true) {
  const service = await startBenchService({ port, env, dataDir });
  if (setup) await createBenchType(service.call);
  return service;
}

async function latencies(service) {
  const results = [];
  for (const search of Object.values(SEARCHES)) {
    const [name] = search;
    results.push(
      await measure(name, {
        ...searchLoad(service.base, search),
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
  const { child } = await startBare(9311, { buffer: true });
  try {
    return await measure('bare', {
      url: 'http://127.0.0.1:9311/',
      method: 'POST',
      headers: ADMIN_JSON,
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
    const service = await start(9312, env);
    try {
      const url = `${service.base}/api/v1/workflow/actions/${PUBLISH_ACTION}/fire`;
      rows.push({ label, ...(await measure(label, newItemFires(url, ADMIN_JSON, {}, corpusItem))) });
    } finally {
      await service.stop();
    }
  }
  return rows;
}

const bulkLoad = process.env.BENCH_LOAD === 'bulk';

/** Seconds the start-up rebuild of an empty index took (by its own progress), once every item is searchable. */
async function startupRebuild(service) {
  while ((await indexedCount(service.call)) < ITEMS) await new Promise((r) => setTimeout(r, 200));
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
    await publishAll(service.call, ITEMS, false);
    await stopProcess(service.child);
    service = await start(9310, {}, dataDir, false);
    atStart = await startupRebuild(service);
    note(`rebuilt at start: ${atStart.toFixed(1)} s`);
  } else {
    service = await start(9310, {}, dataDir);
    note(`firing Publish on ${ITEMS} items`);
    loaded = await publishAll(service.call, ITEMS, true);
    note(`fired in ${loaded.fired.toFixed(1)} s, searchable after ${loaded.searchable.toFixed(1)} s`);
  }
  if (!alreadyLoaded) {
    rebuilt = await reindex(service.call);
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
// The default count has its own section; another count (BENCH_ITEMS) one of its own beside it.
recordSection(join(root, 'docs/benchmarks.md'), ITEMS === 100_000 ? 'search' : `search-${ITEMS}`, markdown);
console.log(markdown);
