// Authenticated read (GET /api/v1/users/current with a session cookie) against a bare
// uWebSockets.js hello-world, in one run on the same machine. Run: npm run bench
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, recordSection, startProcess, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const password = 'bench-password';

const bare = await startProcess([join(root, 'bench/bare-uws.mjs'), '9101'], {}, /ready/);
const service = await startProcess(
  ['--import', 'reflect-metadata', join(root, 'dist/host/main.js')],
  { CMS_DATA_DIR: dataDir, PORT: '9102', CMS_HTTP_HOST: '127.0.0.1', INITIAL_ADMIN_PASSWORD: password },
  /"url":"(http[^"]+)"/,
);
try {
  const login = await fetch('http://127.0.0.1:9102/api/v1/authentication', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin@cms.com', password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];

  const baseline = await measure('bare uWebSockets.js hello world', { url: 'http://127.0.0.1:9101/' });
  const read = await measure('GET /api/v1/users/current (session cookie)', {
    url: 'http://127.0.0.1:9102/api/v1/users/current',
    headers: { cookie },
  });
  // A route with a declared, converted path parameter that reads storage, for comparison (no aim).
  const declared = await measure('GET /api/v2/languages/1 (declared integer parameter, a storage read)', {
    url: 'http://127.0.0.1:9102/api/v2/languages/1',
    headers: { cookie },
  });
  const ratio = ((read.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
  const declaredRatio = ((declared.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
  const row = (r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`;
  const markdown = `## Authenticated read vs. bare uWebSockets.js

Command: \`npm run bench\` (autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each, client and servers on the same machine: ${cpus().length} cores, Node ${process.version}). Recorded ${new Date().toISOString().slice(0, 10)}.

| Target | requests/s | p50 ms | p99 ms |
|---|---|---|---|
${row(baseline)}
${row(read)}
${row(declared)}

The service answers **${ratio}%** of the bare server's rate (aim: 50% or more); the route with a declared parameter and a storage read, ${declaredRatio}%. The service logs one access line per request, as in production (to a file: the load generator does not read it).`;
  recordSection(join(root, 'docs/benchmarks.md'), 'http-read', markdown);
  console.log(markdown);
} finally {
  await stopProcess(service.child);
  await stopProcess(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
}
