// What expensive searches do to everything else: an administrator's GET /api/v1/users/current alone,
// then while four clients send expensive searches in turn (leading wildcards, a term suggester), then
// the same with 10,000-hit answers among them, with searches in the answering thread
// (search.embedded.workers=0) and in search threads (the default); and a plain search's rate both
// ways (a thread costs a hop). Run: npm run bench:search-isolation (BENCH_ITEMS changes the count of
// items, 10,000 by default; BENCH_SECONDS the length of each run; BENCH_DATA_DIR keeps the items there
// for the next run).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Expensive searches without large answers: leading wildcards and term suggesters, in turn. */
const SEARCH_WORK = [
  ['/api/es/search', { query: { wildcard: { 'bench.body': '*arde*' } }, size: 20 }],
  ['/api/es/raw', { size: 0, suggest: { s: { text: 'gardin markit rivr', term: { field: 'bench.body' } } } }],
  ['/api/content/_search', { query: '+contentType:Bench +Bench.title:*tem*', limit: 20 }],
  [
    '/api/es/raw',
    { query: { wildcard: { catchall: '*ount*' } }, size: 20, aggs: { a: { terms: { field: 'bench.author_dotraw' } } } },
  ],
];
/** The same with the largest window: 10,000 hits in one answer. */
const WITH_LARGE_ANSWERS = [...SEARCH_WORK, ['/api/es/raw', { query: { match_all: {} }, size: 10_000 }]];
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
    for (const [path, body] of [...WITH_LARGE_ANSWERS, PLAIN]) {
      const started = performance.now();
      const { json } = await call('POST', path, headers, body);
      const size = JSON.stringify(json).length;
      process.stderr.write(`  ${path}: ${Math.round(performance.now() - started)} ms, ${size} bytes\n`);
    }

    /** users/current on one connection: p50, p99 and the slowest answer (p99 hides a handful of long waits). */
    const current = async () => {
      const result = await autocannon({
        url: `${base}/api/v1/users/current`,
        headers,
        connections: 1,
        duration: SECONDS,
      });
      if (result.non2xx + result.errors > 0) throw new Error('users/current: errors');
      const { p50, p99, max } = result.latency;
      return { total: result.requests.total, latencyP50: p50, latencyP99: p99, latencyMax: max };
    };
    /** users/current while 4 connections send `searches` in turn; and what the searches did. */
    const beside = async (searches) => {
      const load = autocannon({
        url: base,
        connections: 4,
        duration: SECONDS + 2,
        requests: searches.map(([path, body]) => ({ method: 'POST', path, headers, body: JSON.stringify(body) })),
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const measured = await current();
      const done = await load;
      return {
        ...measured,
        searches: done.requests.total,
        refused: done.non2xx + done.errors + done.timeouts,
      };
    };
    const alone = await current();
    const searchWork = await beside(SEARCH_WORK);
    const largeAnswers = await beside(WITH_LARGE_ANSWERS);
    // Searches the load left under way go on after it: one plain search waits for them.
    await call('POST', PLAIN[0], headers, PLAIN[1]);
    const plain = await measure('plain search (term query, /api/es/raw)', {
      url: base + PLAIN[0],
      method: 'POST',
      headers,
      body: JSON.stringify(PLAIN[1]),
      connections: 4,
      duration: SECONDS,
    });
    return { workers, alone, searchWork, largeAnswers, plain };
  } finally {
    await stopProcess(child);
  }
}

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cms-bench-'));
const keep = process.env.BENCH_DATA_DIR !== undefined;
try {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const inThread = await run(dataDir, 0, !keep || !existsSync(join(dataDir, 'search')));
  const threads = await run(dataDir, 2, false);
  // No answer within the run (the answering thread held throughout): no latency to show.
  const latency = (r) => (r.total === 0 ? 'none answered' : `${r.latencyP50} / ${r.latencyP99} / ${r.latencyMax}`);
  const row = (label, r) =>
    `| ${label} | ${latency(r.alone)} | ${latency(r.searchWork)} (${r.searchWork.total}; ${r.searchWork.searches} searches) | ` +
    `${latency(r.largeAnswers)} (${r.largeAnswers.total}; ${r.largeAnswers.searches} searches) | ` +
    `${r.plain.requestsPerSecond} | ${r.plain.latencyP50} / ${r.plain.latencyP99} |`;
  const markdown = `## Expensive searches beside other requests

Command: \`npm run bench:search-isolation\` (autocannon, client and server on the same machine: ${cpus().length} cores, Node ${process.version}; SQLite storage; ${ITEMS.toLocaleString('en')} items of a three-field type; ${SECONDS} s per run; load average at the start ${load}). An administrator's \`GET /api/v1/users/current\` (one connection, a session cookie) alone, then while 4 connections send expensive searches in turn: leading wildcards (\`/api/es/search\`, \`/api/es/raw\` with an aggregation, the content search), a term suggester; then the same with a 10,000-hit answer (\`/api/es/raw\`, \`size: 10000\`) among them. Last, a plain term query (\`/api/es/raw\`, 4 connections). Recorded ${new Date().toISOString().slice(0, 10)}.

| Searches run | users/current p50 / p99 / max ms | beside wildcards and suggesters (answers; searches done) | beside the same and 10,000-hit answers | plain search requests/s | p50 / p99 ms |
|---|---|---|---|---|---|
${row('in the answering thread (`search.embedded.workers=0`, as before)', inThread)}
${row('in 2 search threads (the default)', threads)}

Aim: users/current under 100 ms at p99 beside the expensive searches.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'search-isolation', markdown);
  console.log(markdown);
} finally {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
