import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs when it is missing; another can be named for a run. */
const CHROMIUM = process.env.CMS_TEST_CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
/** Where screenshots go, for a reviewer to look at (ignored by git). */
export const SCREENSHOTS = join(REPOSITORY, 'test-results');

/**
 * A headless Chromium for this test, closed when it ends; undefined (and the test skipped, loudly)
 * when there is no Chromium. The skip is a warning, not a pass: CI installs Chromium so it never
 * skips there.
 */
export async function launchChromium(t: Test): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) {
    skipLoudly(
      t,
      `BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CMS_TEST_CHROMIUM)`,
    );
    return undefined;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  t.teardown(() => browser.close());
  return browser;
}

/** Skips the test with a banner on standard error as well as in the report: a skip that hides is a silent pass. */
export function skipLoudly(t: Test, message: string): void {
  const rule = '!'.repeat(Math.min(message.length, 100));
  process.stderr.write(`\n${rule}\n${message}\n${rule}\n\n`);
  // A skipped subtest carries the message into the report's summary (`skip: 1`).
  t.skip(message, () => {});
}

/**
 * The back office built from the current sources, so that the browser tests run on a clean clone
 * (nothing built) and always test what they see. Answers the folder, for the app's `admin.dir`;
 * tests only read it. `npm test` builds it once for the whole run (scripts/test-run/preparation.mjs)
 * and names it in CMS_TEST_BACK_OFFICE_DIR; a file run on its own builds it once for itself.
 */
export function buildBackOffice(): Promise<string> {
  const prepared = process.env.CMS_TEST_BACK_OFFICE_DIR;
  if (prepared) return Promise.resolve(prepared);
  return (ownBuild ??= buildOwn());
}

let ownBuild: Promise<string> | undefined;

async function buildOwn(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'cms-back-office-'));
  // Outlives the test that first asked (the next ones use it too): removed when the process ends.
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const outDir = join(folder, 'admin');
  const { build } = await import('vite');
  await build({
    configFile: join(REPOSITORY, 'admin', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Saves what the page shows as `test-results/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Fails the test on anything the page logs as an error or throws, and on any request the page's
 * Content-Security-Policy refused: the back office must run under its policy without complaint.
 */
export function watchForPageErrors(t: Test, page: Page, allowed: readonly RegExp[] = []): void {
  page.on('pageerror', (error) => t.fail(`the page threw: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allowed.some((pattern) => pattern.test(text))) return;
    t.fail(`the page logged an error: ${text}`);
  });
}
