// Authenticated read (GET /api/v1/users/current with a session cookie, an API key and the
// access_token auto-login cookie) against a bare
// uWebSockets.js hello-world, in one run on the same machine. Run: npm run bench
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_PASSWORD,
  READ_SERVICE_ENV,
  createApiKey,
  measure,
  recordSection,
  signIn,
  startBare,
  startBenchService,
  stopProcess,
} from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const bare = await startBare(9101);
const service = await startBenchService({ port: 9102, env: READ_SERVICE_ENV });
try {
  const cookies = await signIn(service.base, 'admin@cms.com', BENCH_PASSWORD);
  const cookie = cookies.find((c) => c.startsWith('JSESSIONID='));
  const accessToken = cookies.find((c) => c.startsWith('access_token='));
  if (!cookie || !accessToken) throw new Error('sign-in set no session or access_token cookie');
  const apiKey = await createApiKey(service.base, { cookie });

  const baseline = await measure('bare uWebSockets.js hello world', { url: 'http://127.0.0.1:9101/' });
  const read = await measure('GET /api/v1/users/current (session cookie)', {
    url: 'http://127.0.0.1:9102/api/v1/users/current',
    headers: { cookie },
  });
  const bearer = await measure('GET /api/v1/users/current (API key, Authorization: Bearer)', {
    url: 'http://127.0.0.1:9102/api/v1/users/current',
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const autoLogin = await measure('GET /api/v1/users/current (access_token cookie alone)', {
    url: 'http://127.0.0.1:9102/api/v1/users/current',
    headers: { cookie: accessToken },
  });
  // A route with a declared, converted path parameter that reads storage, for comparison (no aim).
  const declared = await measure('GET /api/v2/languages/1 (declared integer parameter, a storage read)', {
    url: 'http://127.0.0.1:9102/api/v2/languages/1',
    headers: { cookie },
  });
  const ratio = ((read.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
  const pct = (r) => ((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
  const declaredRatio = ((declared.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
  const row = (r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`;
  const markdown = `## Authenticated read vs. bare uWebSockets.js

Command: \`npm run bench\` (autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each, client and servers on the same machine: ${cpus().length} cores, Node ${process.version}). Recorded ${new Date().toISOString().slice(0, 10)}.

| Target | requests/s | p50 ms | p99 ms |
|---|---|---|---|
${row(baseline)}
${row(read)}
${row(bearer)}
${row(autoLogin)}
${row(declared)}

The service answers **${ratio}%** of the bare server's rate with the session cookie, **${pct(bearer)}%** with an API key and **${pct(autoLogin)}%** with the access_token cookie (aim: 50% or more each; a warm key or cookie costs one HMAC and no storage read); the route with a declared parameter and a storage read, ${declaredRatio}%. The service logs one access line per request, as in production (to a file: the load generator does not read it).`;
  recordSection(join(root, 'docs/benchmarks.md'), 'http-read', markdown);
  console.log(markdown);
} finally {
  await service.stop();
  await stopProcess(bare.child);
}
