// The navigation tree (GET /api/v1/nav/?depth=3) of a site of about 1,000 folders and pages, cached,
// against a bare uWebSockets.js hello-world in the same run; and the first (uncached) build of the
// tree after a change, median of several. Run: npm run bench:nav
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, recordSection, startProcess, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const password = 'bench-password';
const base = 'http://127.0.0.1:9122';
const SECTIONS = 10;
const SUBFOLDERS = 5;
const SECTION_PAGES = 5;
const LEAF_PAGES = 18;
const SAMPLES = 9;

const bare = await startProcess([join(root, 'bench/bare-uws.mjs'), '9121'], {}, /ready/);
const service = await startService({
  CMS_DATA_DIR: dataDir,
  PORT: '9122',
  CMS_HTTP_HOST: '127.0.0.1',
  INITIAL_ADMIN_PASSWORD: password,
  CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'bench-signing-key-of-at-least-32-characters',
});
const admin = { authorization: `Basic ${Buffer.from(`admin@cms.com:${password}`).toString('base64')}` };

async function call(method, path, body, headers = admin) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const folder = (path, sortOrder) =>
  call('POST', '/api/v1/assets/folders', {
    assetPath: `//default${path}`,
    data: { title: path.split('/').at(-2), showOnMenu: true, sortOrder },
  });
const page = (folderPath, name, sortOrder) =>
  call('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    contentletFormData: {
      contentType: 'htmlpageasset',
      hostFolder: `default:${folderPath}`,
      url: name,
      title: name,
      showOnMenu: 'true',
      sortOrder,
    },
  });

/** Runs the jobs a few at a time: the service takes writes in turn anyway. */
async function inTurns(jobs, width = 4) {
  for (let i = 0; i < jobs.length; i += width) await Promise.all(jobs.slice(i, i + width).map((job) => job()));
}

try {
  const started = Date.now();
  let items = 0;
  const jobs = [];
  for (let s = 0; s < SECTIONS; s++) {
    const section = `/section-${s}/`;
    await folder(section, s);
    items++;
    jobs.push(() => page('/', `page-${s}`, s));
    for (let p = 0; p < SECTION_PAGES; p++) jobs.push(() => page(section, `page-${p}`, p));
    for (let f = 0; f < SUBFOLDERS; f++) {
      const sub = `${section}topic-${f}/`;
      await folder(sub, f);
      items++;
      for (let p = 0; p < LEAF_PAGES; p++) jobs.push(() => page(sub, `page-${p}`, p));
    }
  }
  items += jobs.length;
  await inTurns(jobs);
  const buildSeconds = ((Date.now() - started) / 1000).toFixed(0);

  const key = await call('POST', '/api/v1/apitoken', {
    userId: 'cms.org.1',
    expirationSeconds: 3600,
    claims: { label: 'bench' },
  });
  const bearer = { authorization: `Bearer ${key.entity.jwt}` };
  const navPath = '/api/v1/nav/?depth=3&language_id=1';
  const first = await fetch(base + navPath, { headers: bearer });
  const body = await first.text();
  const shown = (body.match(/"type":/g) ?? []).length;

  // The first request after a change builds the tree again (the change renews the navigation token).
  const uncached = [];
  for (let i = 0; i < SAMPLES; i++) {
    await page('/section-0/', `extra-${i}`, 100 + i);
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

The site: ${SECTIONS} top-level folders, each with ${SUBFOLDERS} folders and ${SECTION_PAGES} pages; ${LEAF_PAGES} pages in each of those folders; ${SECTIONS} pages at the root: ${items} folders and pages, all live and on the menu (made through the REST interface in ${buildSeconds} s). \`depth=3\` answers ${shown} items (${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB; ${(gzipBytes / 1024).toFixed(1)} KiB gzip-encoded).

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
  await stopProcess(service.child);
  await stopProcess(bare.child);
  rmSync(dataDir, { recursive: true, force: true });
}
