// What expensive searches do to everything else: an administrator's GET /api/v1/users/current alone,
// then while four clients send expensive searches (a 10,000-hit window, a leading wildcard, a term
// suggester, the content search's largest page), with searches in the answering thread
// (search.embedded.workers=0) and in search threads (the default); and a plain search's rate both
// ways (a thread costs a hop). Run: npm run bench:search-isolation (BENCH_ITEMS changes the count of
// items, 10,000 by default; BENCH_SECONDS the length of each run).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createBenchType, measure, recordSection, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const password = 'bench-password';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 9131;
const base = `http://127.0.0.1:${PORT}`;

/** The expensive searches, in turn on each of the four connections. */
const EXPENSIVE = [
  ['/api/es/raw', { query: { match_all: {} }, size: 10_000 }],
  ['/api/es/search', { query: { wildcard: { 'bench.body': '*arde*' } }, size: 20 }],
  ['/api/es/raw', { size: 0, suggest: { s: { text: 'gardin markit rivr', term: { field: 'bench.body' } } } }],
  ['/api/content/_search', { query: '+contentType:Bench +Bench.title:*tem*', limit: 1000 }],
];
const PLAIN = ['/api/es/raw', { query: { term: { 'bench.author': 'Author 7' } }, size: 10 }];

async function call(method, path, headers, body) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { response, json: text ? JSON.parse(text) : undefined };
}

/** One configuration: the service on `dataDir` with `workers` search threads, and its figures. */
async function run(dataDir, workers, setup) {
  const { child } = await startService({
    CMS_DATA_DIR: dataDir,
    PORT: String(PORT),
    CMS_HTTP_HOST: '127.0.0.1',
    INITIAL_ADMIN_PASSWORD: password,
    CMS_SEARCH_EMBEDDED_WORKERS: String(workers),
  });
  try {
    const login = await call('POST', '/api/v1/authentication', {}, { user: 'admin@cms.com', password });
    const headers = {
      cookie: login.response.headers.get('set-cookie').split(';')[0],
      'content-type': 'application/json',
    };
    if (setup) {
      await createBenchType((method, path, body) => call(method, path, headers, body).then((r) => r.json));
      let n = 0;
      await autocannon({
        url: `${base}/api/v1/workflow/actions/default/fire/PUBLISH`,
        method: 'PUT',
        headers,
        connections: 16,
        amount: ITEMS,
        // A body per item, with words the searches look for.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                contentletFormData: {
                  contentType: 'Bench',
                  title: `Item ${n}`,
                  author: `Author ${n % 50}`,
                  body: ['garden market', 'river harbour', 'mountain city'][n++ % 3],
                },
              }),
            }),
          },
        ],
      });
      // Until every item is searchable (indexing runs after the answers).
      for (;;) {
        const { json } = await call('POST', '/api/es/raw', headers, { size: 0 });
        if (json.hits.total.value >= ITEMS) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    // Warm: the search threads start, the caches fill.
    for (const [path, body] of [...EXPENSIVE, PLAIN]) await call('POST', path, headers, body);

    const current = (title) =>
      measure(title, { url: `${base}/api/v1/users/current`, headers, connections: 1, duration: SECONDS });
    const alone = await current('users/current alone');
    const load = autocannon({
      url: base,
      connections: 4,
      duration: SECONDS + 2,
      requests: EXPENSIVE.map(([path, body]) => ({ method: 'POST', path, headers, body: JSON.stringify(body) })),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await current('users/current beside 4 expensive-search clients');
    const expensive = await load;
    const plain = await measure('plain search (term query, /api/es/raw)', {
      url: base + PLAIN[0],
      method: 'POST',
      headers,
      body: JSON.stringify(PLAIN[1]),
      connections: 4,
      duration: SECONDS,
    });
    return {
      workers,
      alone,
      loaded,
      plain,
      expensive: {
        requestsPerSecond: Math.round(expensive.requests.average * 10) / 10,
        refused: expensive.non2xx + expensive.errors + expensive.timeouts,
        total: expensive.requests.total,
      },
    };
  } finally {
    await stopProcess(child);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
try {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const inThread = await run(dataDir, 0, true);
  const threads = await run(dataDir, 2, false);
  const row = (label, r) =>
    `| ${label} | ${r.alone.latencyP50} | ${r.alone.latencyP99} | ${r.loaded.latencyP50} | ${r.loaded.latencyP99} | ` +
    `${r.loaded.requestsPerSecond} | ${r.expensive.requestsPerSecond} (${r.expensive.refused} of ${r.expensive.total} refused) | ` +
    `${r.plain.requestsPerSecond} | ${r.plain.latencyP50} | ${r.plain.latencyP99} |`;
  const markdown = `## Expensive searches beside other requests

Command: \`npm run bench:search-isolation\` (autocannon, client and server on the same machine: ${cpus().length} cores, Node ${process.version}; SQLite storage; ${ITEMS.toLocaleString('en')} items of a three-field type; ${SECONDS} s per run; load average at the start ${load}). An administrator's \`GET /api/v1/users/current\` (one connection, a session cookie) alone, then while 4 connections send, in turn, a search for 10,000 hits (\`/api/es/raw\`), a leading wildcard (\`/api/es/search\`), a term suggester (\`/api/es/raw\`) and the content search's 1,000-item page (\`/api/content/_search\`); then a plain term query (\`/api/es/raw\`, 4 connections). Recorded ${new Date().toISOString().slice(0, 10)}.

| Searches run | users/current p50 ms | p99 ms | beside 4 expensive clients: p50 ms | p99 ms | requests/s | expensive searches/s | plain search requests/s | p50 ms | p99 ms |
|---|---|---|---|---|---|---|---|---|---|
${row('in the answering thread (`search.embedded.workers=0`)', inThread)}
${row('in 2 search threads (the default)', threads)}

Aim: users/current under 100 ms at p99 beside the expensive searches.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'search-isolation', markdown);
  console.log(markdown);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
