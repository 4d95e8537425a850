// The back office's first load in headless Chromium on loopback: bytes transferred (compressed, as
// sent) and the time until the screen can be used, for the sign-in page and for the users list of
// a signed-in administrator, each from an empty browser cache; and what opening the dashboard adds.
// Medians of several loads. Run: npm run bench:admin (CMS_BENCH_CHROMIUM names another browser).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { recordSection, startService, stopProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
const password = 'bench-password-1';
const base = 'http://127.0.0.1:9131';
const SAMPLES = 9;
const executablePath = process.env.CMS_BENCH_CHROMIUM || '/usr/bin/chromium';
if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}: apt-get install chromium`);

const service = await startService({
  CMS_DATA_DIR: dataDir,
  PORT: '9131',
  CMS_HTTP_HOST: '127.0.0.1',
  INITIAL_ADMIN_PASSWORD: password,
  CMS_JSON_WEB_TOKEN_HASH_SIGNING_KEY: 'bench-signing-key-of-at-least-32-characters',
});
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One load of a screen in a fresh browser context (empty cache): every response's encoded body and
 * headers as Chromium counted them, and the page's own clock (ms since navigation start) when the
 * screen's `ready` element was visible and enabled: interactive, since the app renders only once
 * its code has run and its handlers are attached.
 */
async function load(path, ready, cookies = []) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(base + path);
  await page.locator(ready).waitFor();
  const interactiveMs = await page.evaluate(() => performance.now());
  const sizes = await Promise.all(
    responses.map(async (r) => ({ url: r.url(), type: r.resourceType(), ...(await r.sizes()) })),
  );
  const bytes = (filter) =>
    sizes.filter(filter).reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0);
  return {
    interactiveMs,
    totalBytes: bytes(() => true),
    scriptBytes: bytes((s) => s.type === 'script' || s.url.endsWith('.js')),
    requests: sizes.length,
    page,
    context,
  };
}

try {
  // Once before measuring: the service reads and compresses the files at the first request for them.
  await fetch(`${base}/admin/`);

  const signInRuns = [];
  for (let i = 0; i < SAMPLES; i++) {
    const run = await load('/admin/', '#sign-in-email:enabled');
    signInRuns.push(run);
    await run.context.close();
  }

  const signedIn = await browser.newContext();
  const signer = await signedIn.newPage();
  const answer = await signer.request.post(`${base}/api/v1/authentication`, {
    data: { user: 'admin@cms.com', password },
    headers: { 'X-Requested-With': 'bench' },
  });
  if (answer.status() !== 200) throw new Error(`sign-in: ${answer.status()}`);
  const cookies = await signedIn.cookies();
  await signedIn.close();

  const usersRuns = [];
  const dashboardBytes = [];
  for (let i = 0; i < SAMPLES; i++) {
    const run = await load('/admin/users', 'table tbody tr', cookies);
    usersRuns.push(run);
    // What opening the dashboard adds: its code (the chart library) and the site list.
    const added = [];
    run.page.on('requestfinished', (request) => added.push(request));
    await run.page.getByRole('link', { name: 'Analytics' }).click();
    await run.page.getByLabel('Site').or(run.page.getByText('There are no sites')).first().waitFor();
    const sizes = await Promise.all(added.map(async (r) => ({ url: r.url(), ...(await r.sizes()) })));
    dashboardBytes.push(
      sizes
        .filter((s) => s.url.endsWith('.js'))
        .reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0),
    );
    await run.context.close();
  }

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const row = (name, runs) =>
    `| ${name} | ${kb(median(runs.map((r) => r.scriptBytes)))} | ${kb(median(runs.map((r) => r.totalBytes)))} | ${median(runs.map((r) => r.requests))} | ${Math.round(median(runs.map((r) => r.interactiveMs)))} | ${Math.round(Math.max(...runs.map((r) => r.interactiveMs)))} |`;
  const markdown = `## Back office: first load in headless Chromium

Command: \`npm run bench:admin\` (the built service and Debian's headless Chromium on the same machine, over loopback: ${cpus().length} cores, Node ${process.version}; ${SAMPLES} loads of each screen, each in a new browser context, so nothing is cached). Bytes are as transferred: compressed bodies (brotli) and headers, as Chromium counted them. Interactive: the page's clock from navigation start to the screen's first control being visible and enabled (the screens render only once their code has run). Recorded ${new Date().toISOString().slice(0, 10)}; load average ${loadavg()[0].toFixed(2)}.

| First screen | JavaScript (KB) | All bytes (KB) | Requests | Interactive, median (ms) | Slowest (ms) |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('Sign-in page (`/admin/`)', signInRuns)}
${row('Users list of a signed-in administrator (`/admin/users`)', usersRuns)}

Opening the dashboard then loads ${kb(median(dashboardBytes))} KB more JavaScript (its screen and the uPlot chart library, split from the first screen's code). Aim: under 150 KB of compressed JavaScript for the first screen, interactive in under 500 ms.`;
  recordSection(join(root, 'docs/benchmarks.md'), 'admin-first-load', markdown);
  console.log(markdown);
} finally {
  await browser.close();
  await stopProcess(service.child);
  rmSync(dataDir, { recursive: true, force: true });
}
