// Sustained analytics ingest (POST /api/v1/analytics/content/event) with batches of 15 events (the
// tracker's size) and of 100, on SQLite and, when a MariaDB server answers, on MariaDB: events
// accepted per second, latency, the CPU of the thread that answers requests, and a check that every
// acknowledged event is stored. Then the service's ordinary read (GET /api/v1/users/current with an
// API key) with and without the ingest running at full speed, and a bare uWebSockets.js server in
// the same run. Run: npm run bench:analytics
// BENCH_SECONDS: seconds of ingest per batch size (default 30); BENCH_READ_SECONDS: seconds of each
// read measurement (default 5), BENCH_READ_PAIRS: how many pairs of them, alone and under ingest
// (default 3); BENCH_INGEST_CONNECTIONS: connections posting batches (default 32);
// BENCH_STORAGE=sqlite or mysql to run one of them; BENCH_RECORD=0 to print without recording;
// BENCH_SERVICE names another build's entry point (default: this checkout's dist/bundle/host/main.js), to
// compare builds with the same load.
// MariaDB is read from CMS_TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306/test); a fresh
// database is created for the run and dropped after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ingestBodies } from './analytics-batches.mjs';
import {
  analyticsCredentials,
  countSqliteEvents,
  eventsPerCpuSecond,
  eventsPerSecond,
  ingestProblems,
  ingestWithCpu,
  warmUpIngest,
} from './analytics-service.mjs';
import {
  BENCH_PASSWORD,
  MYSQL_URL,
  measure,
  mysqlServer,
  recordSection,
  startBare,
  startProcess,
  stopProcess,
  withScratchDatabase,
} from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const readSeconds = Number(process.env.BENCH_READ_SECONDS ?? 5);
const readPairs = Number(process.env.BENCH_READ_PAIRS ?? 3);
const connections = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 32);
const only = process.env.BENCH_STORAGE;
const SIZES = [15, 100];
/** Different bodies per batch size: many visitors, so that the session and visitor indexes grow as in production. */
const BODIES = 256;

const load = () => loadavg()[0].toFixed(2);

/** The ingest load for `secondsOfLoad`, with the service's CPU sampled over its posting window. */
const ingest = (base, pid, bodies, secondsOfLoad) =>
  ingestWithCpu({ base, pid, bodies, connections, seconds: secondsOfLoad });

/** One storage: a fresh service; each batch size alone, then the reads alone and under that ingest. */
async function runStorage(label, port, env, countRows) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-analytics-'));
  const service = await startProcess(
    ['--import', 'reflect-metadata', process.env.BENCH_SERVICE ?? join(root, 'dist/bundle/host/main.js')],
    {
      CMS_DATA_DIR: dataDir,
      PORT: String(port),
      CMS_HTTP_HOST: '127.0.0.1',
      INITIAL_ADMIN_PASSWORD: BENCH_PASSWORD,
      ...env,
    },
    /"url":"(http[^"]+)"/,
  );
  const rows = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const { siteAuth, apiKey } = await analyticsCredentials(base);
    const readOptions = { url: `${base}/api/v1/users/current`, headers: { authorization: `Bearer ${apiKey}` } };
    for (const size of SIZES) {
      const bodies = ingestBodies(siteAuth, size, BODIES, size);
      const bodyBytes = Math.round(bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / bodies.length);
      await warmUpIngest(base, bodies[0]);
      const loadBefore = load();
      const stored0 = await countRows(dataDir);
      const alone = await ingest(base, service.child.pid, bodies, seconds);
      const stored1 = await countRows(dataDir);
      // The reads alone, then the same ingest again with the reads measured once it runs at full
      // speed, in alternating pairs: other load on the machine comes and goes, and pairs next to
      // each other see about the same of it.
      const readsAlone = [];
      const readsUnder = [];
      const underRuns = [];
      for (let pair = 0; pair < readPairs; pair++) {
        readsAlone.push(
          (await measure(`reads (${label})`, { ...readOptions, duration: readSeconds })).requestsPerSecond,
        );
        const [run, reads] = await Promise.all([
          ingest(base, service.child.pid, bodies, readSeconds + 4),
          new Promise((resolve) => setTimeout(resolve, 2000)).then(() =>
            measure(`reads under ingest (${label})`, { ...readOptions, duration: readSeconds }),
          ),
        ]);
        underRuns.push(run);
        readsUnder.push(reads.requestsPerSecond);
      }
      const stored2 = await countRows(dataDir);
      const row = {
        label,
        size,
        bodyBytes,
        load: loadBefore,
        alone,
        storedAlone: stored1 - stored0,
        underReads: combined(underRuns),
        storedUnderReads: stored2 - stored1,
        readsAlone,
        readsUnder,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    return rows;
  } finally {
    await stopProcess(service.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Several ingest runs counted as one: their batches, events and answers added up. */
function combined(runs) {
  const counts = { sent: 0, answered: 0, sentEvents: 0, acknowledged: 0, busy: 0, unexpected: [] };
  for (const { counts: c } of runs) {
    for (const key of ['sent', 'answered', 'sentEvents', 'acknowledged', 'busy']) counts[key] += c[key];
    counts.unexpected.push(...c.unexpected);
  }
  return { counts, seconds: runs.reduce((sum, run) => sum + run.seconds, 0) };
}

const bare = await startBare(9401);
let bareRate;
try {
  bareRate = (
    await measure('bare uWebSockets.js hello world', { url: 'http://127.0.0.1:9401/', duration: readSeconds })
  ).requestsPerSecond;
} finally {
  await stopProcess(bare.child);
}
console.log(`bare uWebSockets.js: ${bareRate}/s (load ${load()})`);

const results = [];
if (only !== 'mysql') results.push(...(await runStorage('SQLite', 9402, {}, countSqliteEvents)));
const admin = only === 'sqlite' ? undefined : await mysqlServer(MYSQL_URL);
if (admin) {
  try {
    await withScratchDatabase(admin, MYSQL_URL, async (url, database) => {
      const count = async () =>
        (await admin.query(`SELECT count(*) AS n FROM \`${database}\`.analytics_events`))[0][0].n;
      results.push(
        ...(await runStorage('MariaDB', 9403, { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url }, count)),
      );
    });
  } finally {
    await admin.end();
  }
}

const pct = (a, b) => `${((a / b) * 100).toFixed(1)}%`;
const cpuText = (cpu) =>
  cpu
    ? `${pct(cpu.mainCores, 1)} of a core (${pct(cpu.mainShare, 1)} of the process's ${cpu.processCores.toFixed(2)} cores)`
    : 'n/a';
const failures = [];
const tableRows = results.map((r) => {
  const found = [...ingestProblems(r.alone, r.storedAlone), ...ingestProblems(r.underReads, r.storedUnderReads)];
  if (found.length > 0) failures.push(`${r.label}, batches of ${r.size}: ${found.join('; ')}`);
  const rate = Math.round(eventsPerSecond(r.alone));
  const rateUnderReads = Math.round(eventsPerSecond(r.underReads));
  const check =
    found.length === 0 ? `${r.storedAlone + r.storedUnderReads} = ${r.storedAlone + r.storedUnderReads} ✓` : '✗';
  const busy = r.alone.counts.busy + r.underReads.counts.busy;
  // Events per second of the service's CPU (all its threads): what the ingest costs, whatever else the machine runs.
  const perCpuSecond = r.alone.cpu ? Math.round(eventsPerCpuSecond(r.alone)) : 'n/a';
  const mean = (values) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const [alone, under] = [mean(r.readsAlone), mean(r.readsUnder)];
  const pairs = r.readsUnder.map((value, i) => pct(value, r.readsAlone[i])).join(', ');
  return `| ${r.label} | ${r.size} (${Math.round(r.bodyBytes / 1024)} KiB) | ${r.load} | ${rate} | ${perCpuSecond} | ${r.alone.p50.toFixed(1)} | ${r.alone.p99.toFixed(1)} | ${cpuText(r.alone.cpu)} | ${check} | ${busy} | ${under} / ${alone} = **${pct(under, alone)}** (pairs: ${pairs}; ingest meanwhile ${rateUnderReads}/s) | ${pct(alone, bareRate)} / ${pct(under, bareRate)} |`;
});

const markdown = `## Analytics ingest: sustained batches, and reads meanwhile

Command: \`npm run bench:analytics\` (autocannon, ${connections} connections posting batches for ${seconds} s per batch size; then 50 connections read \`GET /api/v1/users/current\` with an API key for ${readSeconds} s alone and ${readSeconds} s while the same ingest runs, ${readPairs} such pairs in turn (the table has their means); client and servers on the same machine: ${cpus().length} cores, Node ${process.version}; default settings). Batches are the tracker's mix (pageviews with campaign parameters, impressions, clicks, conversions, custom events), each from another visitor, ${BODIES} different bodies per size. Recorded ${new Date().toISOString().slice(0, 10)}; load is the 1-minute load average before each row.

| Storage | events per batch (body) | load | events/s accepted | events per CPU-second of the service | p50 ms | p99 ms | main thread CPU | stored = acknowledged | 503 | reads/s under ingest / unloaded | reads as % of bare (unloaded / under ingest) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${tableRows.join('\n')}

Bare uWebSockets.js in the same run: ${bareRate} requests/s. "Events per CPU-second" divides the rate by the CPU time the service's process used meanwhile (all its threads; on one core fully its own, that many per second): it depends far less than the rate on what else the machine runs. "Main thread CPU" is the CPU time of the thread that answers requests over the ${seconds} s of ingest, from /proc (its thread id is the process id), as a share of one core and of the whole process's CPU time (worker threads included). A 503 (queue full, \`Retry-After\`) is not acknowledged; every other answer was 200. Aims: 100,000 events per second or more with batches of 100 on SQLite; reads under ingest at least 50% of their rate unloaded.`;

console.log(markdown);
// A run whose answers or counts are wrong is a failure, not a measurement: it is not recorded.
if (failures.length > 0) {
  console.error(`Check failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
} else if (process.env.BENCH_RECORD !== '0') {
  recordSection(join(root, 'docs/benchmarks.md'), 'analytics-ingest', markdown);
}
