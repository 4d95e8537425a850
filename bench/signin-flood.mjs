// Sign-in latency of a real user while 100 anonymous connections hammer sign-in with made-up names,
// next to the same user's latency without the flood, in one run. The real user either returns (signs
// in from an address that signed in before) or signs in for the first time from a new address.
// Run: npm run bench:signin
// BENCH_SERVICE names another build's entry point (default: this checkout's dist/bundle/host/main.js), to
// compare builds with the same load.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { recordSection, startProcess, stopProcess } from './lib.mjs';

const USER = { user: 'admin@cms.com', password: 'bench-password' };
/** The returning user's address: the flood never uses it. */
const USER_ADDRESS = '198.51.100.1';
/** The first sign-in from a new address each time: addresses of 100.64.0.0/16, which nothing else uses. */
const newAddress = (i) => `100.64.${(i >> 8) & 255}.${i & 255}`;
/** Pause between two sign-ins of the real user. */
const PAUSE_MS = 50;

if (!isMainThread) {
  // The real user, in a thread of its own: the load generator's event loop must not delay its requests.
  const { url, seconds, returning } = workerData;
  const samples = [];
  const refused = {};
  const until = performance.now() + seconds * 1000;
  for (let i = 0; i === 0 || performance.now() < until; i++) {
    const started = performance.now();
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': returning ? USER_ADDRESS : newAddress(i) },
      body: JSON.stringify(USER),
    });
    await answer.arrayBuffer();
    if (answer.status === 200) samples.push(performance.now() - started);
    else refused[answer.status] = (refused[answer.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  parentPort.postMessage({ samples, refused });
} else {
  await main();
}

/** The real user's sign-ins for `seconds`, in a worker thread. */
function realUser(url, seconds, returning) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { url, seconds, returning } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** 100 connections signing in with made-up names and one common password, from `address()`. */
function flood(url, seconds, address) {
  return autocannon({
    url,
    method: 'POST',
    connections: 100,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': address() },
          body: JSON.stringify({ user: `${randomBytes(6).toString('hex')}@example.com`, password: 'Summer2024!' }),
        }),
      },
    ],
  });
}

function percentile(sorted, q) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function row(load, returning, user, floodResult) {
  const sorted = [...user.samples].sort((a, b) => a - b);
  const ms = (v) => (Number.isNaN(v) ? '–' : Math.round(v));
  const refused = Object.entries(user.refused).map(([status, n]) => `${n}× ${status}`);
  const answers = floodResult
    ? Object.entries(floodResult.statusCodeStats)
        .map(([status, { count }]) => `${count}× ${status}`)
        .join(', ')
    : '–';
  const rate = floodResult ? Math.round(floodResult.requests.average) : '–';
  const who = returning ? 'returning' : 'first sign-in, new address';
  return `| ${load} | ${who} | ${sorted.length} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.99))} | ${ms(sorted.at(-1) ?? NaN)} | ${refused.join(', ') || 0} | ${rate} | ${answers} |`;
}

/** Starts the service on a fresh data directory, runs `body` against it, and stops it. */
async function withService(root, body) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-signin-'));
  const service = await startProcess(
    ['--import', 'reflect-metadata', process.env.BENCH_SERVICE ?? join(root, 'dist/bundle/host/main.js')],
    {
      CMS_DATA_DIR: dataDir,
      PORT: '9301',
      CMS_HTTP_HOST: '127.0.0.1',
      INITIAL_ADMIN_PASSWORD: USER.password,
      // Addresses come from X-Forwarded-For, as behind a reverse proxy.
      CMS_HTTP_TRUST_PROXY: 'true',
      // Every sign-in of the real user checks the password: none is answered from the cache.
      CMS_AUTH_CREDENTIAL_CACHE_SECONDS: '0',
    },
    /"url":"(http[^"]+)"/,
  );
  try {
    return await body('http://127.0.0.1:9301/api/v1/authentication');
  } finally {
    await stopProcess(service.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const few = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
  let next = 0;
  const floods = [
    ['100 connections from 4 addresses', () => few[next++ % few.length]],
    [
      '100 connections, a new address for every request',
      () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`,
    ],
  ];
  const rows = [await withService(root, async (url) => row('none', true, await realUser(url, seconds, true)))];
  // Each flood on a fresh service, so that what one run held back does not help the next.
  for (const [load, address] of floods) {
    for (const returning of [true, false]) {
      rows.push(
        await withService(root, async (url) => {
          await realUser(url, 0, true); // the returning user's earlier sign-in
          const [floodResult, user] = await Promise.all([
            flood(url, seconds, address),
            realUser(url, seconds, returning),
          ]);
          return row(load, returning, user, floodResult);
        }),
      );
    }
  }

  const markdown = `## Sign-in under a flood of made-up names

Command: \`npm run bench:signin\` (${seconds} s per load, client and server on the same machine: ${cpus().length} cores, Node ${process.version}; default settings, except proxy trust on and the credential cache off, so that each of the real user's sign-ins checks the password). Recorded ${new Date().toISOString().slice(0, 10)}.

The real user signs in as the administrator, one sign-in at a time with ${PAUSE_MS} ms between them, while autocannon's 100 connections post made-up names with one common password. A returning user signs in from the address it signed in from before; a first sign-in comes from a new address each time. Each flood runs on a fresh service.

| Flood | real user | sign-ins | p50 ms | p99 ms | max ms | real sign-ins refused | flood requests/s | flood answers |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Aim: p99 under 200 ms for the real user.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'signin-flood', markdown);
  console.log(markdown);
}
