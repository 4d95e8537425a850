// The navigation tree (GET /api/v1/nav/?depth=3) of a site of about 1,000 folders and pages, cached,
// against a bare uWebSockets.js hello-world in the same run; and the first (uncached) build of the
// tree after a change, median of several. Run: npm run bench:nav
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_JSON,
  READ_SERVICE_ENV,
  createApiKey,
  measure,
  recordSection,
  startBare,
  startBenchService,
  stopProcess,
} from './lib.mjs';
import { NAV_PATH, SITE, buildNavSite, publishPage } from './nav-site.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SAMPLES = 9;

const bare = await startBare(9121);
const service = await startBenchService({ port: 9122, env: READ_SERVICE_ENV });
const { base, call } = service;

try {
  const site = await buildNavSite(call);
  const items = site.items;
  const buildSeconds = site.seconds.toFixed(0);

  const bearer = { authorization: `Bearer ${await createApiKey(base, { authorization: ADMIN_JSON.authorization })}` };
  const navPath = NAV_PATH;
  const first = await fetch(base + navPath, { headers: bearer });
  const body = await first.text();
  const shown = (body.match(/"type":/g) ?? []).length;

  // The first request after a change builds the tree again (the change renews the navigation token).
  const uncached = [];
  for (let i = 0; i < SAMPLES; i++) {
    await publishPage(call, '/section-0/', `extra-${i}`, 100 + i);
    const at = performance.now();
    const answer = await fetch(base + navPath, { headers: bearer });
    await answer.arrayBuffer();
    uncached.push(performance.now() - at);
    const again = performance.now();
    await (await fetch(base + navPath, { headers: bearer })).arrayBuffer();
    uncached.push(-(performance.now() - again));
  }
  const firsts = uncached.filter((ms) => ms >= 0).sort((a, b) => a - b);
  const cachedOnce = uncached
    .filter((ms) => ms < 0)
    .map((ms) => -ms)
    .sort((a, b) => a - b);
  const median = (list) => list[Math.floor(list.length / 2)].toFixed(1);

  const load = loadavg()[0].toFixed(2);
  const baseline = await measure('bare uWebSockets.js hello world', { url: 'http://127.0.0.1:9121/' });
  // As browsers and fetch ask for it (Accept-Encoding with gzip), and as a client that asks for no coding.
  const nav = await measure(`GET ${navPath} (cached, API key, gzip accepted)`, {
    url: base + navPath,
    headers: { ...bearer, 'accept-encoding': 'gzip, deflate, br' },
  });
  const identity = await measure(`GET ${navPath} (cached, API key, no Accept-Encoding)`, {
    url: base + navPath,
    headers: bearer,
  });
  // Where the time goes: the same pipeline with a small answer, and an authenticated read with no storage read.
  const shallow = await measure('GET /api/v1/nav/?depth=1&language_id=1 (cached, API key; 0.3 KiB)', {
    url: `${base}/api/v1/nav/?depth=1&language_id=1`,
    headers: bearer,
  });
  const current = await measure('GET /api/v1/users/current (API key; no storage read)', {
    url: `${base}/api/v1/users/current`,
    headers: bearer,
  });
  const ratio = (nav.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
  const identityRatio = (identity.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
  const gzipped = await fetch(base + navPath, { headers: { ...bearer, 'accept-encoding': 'gzip' } });
  // fetch decodes the body: the length on the wire is the header's.
  const gzipBytes = Number(gzipped.headers.get('content-length'));
  await gzipped.arrayBuffer();
  const row = (r) => `| ${r.title} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} |`;
  const markdown = `## Navigation tree: 1,000 folders and pages, depth 3

Command: \`npm run bench:nav\` (autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 10} s each, client and servers on the same machine: ${cpus().length} cores, Node ${process.version}, SQLite, load average ${load} when the measurements began). Recorded ${new Date().toISOString().slice(0, 10)}.

The site: ${SITE.sections} top-level folders, each with ${SITE.subfolders} folders and ${SITE.sectionPages} pages; ${SITE.leafPages} pages in each of those folders; ${SITE.sections} pages at the root: ${items} folders and pages, all live and on the menu (made through the REST interface in ${buildSeconds} s). \`depth=3\` answers ${shown} items (${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB; ${(gzipBytes / 1024).toFixed(1)} KiB gzip-encoded).

| Target | requests/s | p50 ms | p99 ms |
|---|---|---|---|
${row(baseline)}
${row(nav)}
${row(identity)}
${row(shallow)}
${row(current)}

Cached: **${ratio}** of the bare server's rate for clients that accept gzip, as browsers and \`fetch\` do (aim: 0.4 or more); ${identityRatio} for a client that asks for no coding and takes the ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB as they are. First request after a change (a page published, which renews the navigation token), ${SAMPLES} samples: median **${median(firsts)} ms** (aim: under 20 ms), slowest ${firsts.at(-1).toFixed(1)} ms; the request after it, answered from the cache, median ${median(cachedOnce)} ms. Both times are whole requests seen by a client (HTTP, authentication, the token reads).`;
  recordSection(join(root, 'docs/benchmarks.md'), 'nav', markdown);
  console.log(markdown);
} finally {
  await service.stop();
  await stopProcess(bare.child);
}
