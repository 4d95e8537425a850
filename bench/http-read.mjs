// Authenticated reads (GET /api/v1/users/current with a session cookie, an API key and the
// access_token auto-login cookie; GET /api/v1/content/{id} with a session cookie and an API key)
// against a bare uWebSockets.js hello-world, in one run on the same machine. Run: npm run bench
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_PASSWORD,
  PUBLISH_ACTION,
  READ_SERVICE_ENV,
  createApiKey,
  createBenchType,
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
const { base } = service;
let bareItem;
try {
  const cookies = await signIn(base, 'admin@cms.com', BENCH_PASSWORD);
  const cookie = cookies.find((c) => c.startsWith('JSESSIONID='));
  const accessToken = cookies.find((c) => c.startsWith('access_token='));
  if (!cookie || !accessToken) throw new Error('sign-in set no session or access_token cookie');
  const apiKey = await createApiKey(base, { cookie });
  // One item of the benchmarks' type (three text fields), published: signed-in callers read its working version.
  await createBenchType(service.call);
  const published = await service.call('PUT', `/api/v1/workflow/actions/${PUBLISH_ACTION}/fire`, {
    contentletFormData: { contentType: 'Bench', title: 'Read many times', author: 'Bench', body: 'Three text fields' },
  });
  const contentUrl = `${base}/api/v1/content/${published.entity.identifier}`;
  const itemBytes = Buffer.byteLength(await (await fetch(contentUrl, { headers: { cookie } })).text());
  // The same number of bytes from the bare server: what the answer's size alone costs on this machine.
  bareItem = await startBare(9104, { bodyBytes: itemBytes });

  // Every target once, unrecorded: the service's first seconds on a path (compiling it, sizing its
  // heap) ran about a quarter slower than the rest, which the bare server's one path does not pay.
  const targets = [
    [`${base}/api/v1/users/current`, { cookie }],
    [`${base}/api/v1/users/current`, { authorization: `Bearer ${apiKey}` }],
    [`${base}/api/v1/users/current`, { cookie: accessToken }],
    [`${base}/api/v2/languages/1`, { cookie }],
    [contentUrl, { cookie, 'accept-encoding': 'gzip, deflate, br' }],
    [contentUrl, { cookie }],
  ];
  for (const [url, headers] of targets) await measure('warm-up', { url, headers, duration: 2 });

  const load = loadavg()[0].toFixed(2);
  const baseline = await measure('bare uWebSockets.js hello world', { url: 'http://127.0.0.1:9101/' });
  const read = await measure('GET /api/v1/users/current (session cookie)', {
    url: `${base}/api/v1/users/current`,
    headers: { cookie },
  });
  const bearer = await measure('GET /api/v1/users/current (API key, Authorization: Bearer)', {
    url: `${base}/api/v1/users/current`,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const autoLogin = await measure('GET /api/v1/users/current (access_token cookie alone)', {
    url: `${base}/api/v1/users/current`,
    headers: { cookie: accessToken },
  });
  // A route with a declared, converted path parameter that reads storage, for comparison (no aim).
  const declared = await measure('GET /api/v2/languages/1 (declared integer parameter, a storage read)', {
    url: `${base}/api/v2/languages/1`,
    headers: { cookie },
  });
  // As browsers and fetch ask for it (Accept-Encoding with gzip), and as a client that asks for no coding.
  const content = await measure('GET /api/v1/content/{identifier} (session cookie, gzip accepted)', {
    url: contentUrl,
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  });
  const contentByKey = await measure('GET /api/v1/content/{identifier} (API key, gzip accepted)', {
    url: contentUrl,
    headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': 'gzip, deflate, br' },
  });
  const contentIdentity = await measure('GET /api/v1/content/{identifier} (session cookie, no Accept-Encoding)', {
    url: contentUrl,
    headers: { cookie },
  });
  const bareSized = await measure(`bare uWebSockets.js, ${itemBytes} bytes (the item's size)`, {
    url: 'http://127.0.0.1:9104/',
  });
  const pct = (r, of = baseline) => ((r.requestsPerSecond / of.requestsPerSecond) * 100).toFixed(1);
  const row = (r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`;
  const markdown = `## Authenticated read vs. bare uWebSockets.js

Command: \`npm run bench\` (autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each after 2 s of warm-up, client and servers on the same machine: ${cpus().length} cores, Node ${process.version}, load average ${load} when the measurements began). Recorded ${new Date().toISOString().slice(0, 10)}.

| Target | requests/s | p50 ms | p99 ms |
|---|---|---|---|
${row(baseline)}
${row(read)}
${row(bearer)}
${row(autoLogin)}
${row(declared)}
${row(content)}
${row(contentByKey)}
${row(contentIdentity)}
${row(bareSized)}

The service answers **${pct(read)}%** of the bare server's rate with the session cookie, **${pct(bearer)}%** with an API key and **${pct(autoLogin)}%** with the access_token cookie (aim: 50% or more each; a warm key or cookie costs one HMAC and no storage read); the route with a declared parameter and a storage read, ${pct(declared)}%. One item (\`GET /api/v1/content/{identifier}\`, its working version, ${itemBytes} bytes, kept) answers **${pct(content)}%** with the session cookie and **${pct(contentByKey)}%** with an API key, to clients that accept gzip (aim: 50% or more), and ${pct(contentIdentity)}% to a client that takes the ${itemBytes} bytes as they are; the bare server sending that many bytes answers ${pct(bareSized)}% of its hello-world rate, so the identity read is ${pct(contentIdentity, bareSized)}% of a bare server sending the same bytes. The service logs one access line per request, as in production (to a file: the load generator does not read it).`;
  recordSection(join(root, 'docs/benchmarks.md'), 'http-read', markdown);
  console.log(markdown);
} finally {
  await service.stop();
  await stopProcess(bare.child);
  if (bareItem) await stopProcess(bareItem.child);
}
