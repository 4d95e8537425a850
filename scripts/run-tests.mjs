// `npm test`'s test run: strips the types of the sources and tests with esbuild, writing the
// JavaScript next to them, runs tap on it, and removes what it wrote, however the run ends. With
// `--checks` (`npm test`), the type checks, Prettier and ESLint run beside the tests.
//
// Why not tsx, as `npx tap <file>` does for one file: each test file is its own process, and
// every process (and every worker thread a test starts) loaded some hundreds of modules through
// tsx's loader thread. Plain JavaScript takes about a third less CPU per file, which on a small CI
// machine is minutes. The compiled files sit beside their sources so every path a test computes
// from its own location (fixtures, docs, migrations) is the same as under tsx; tsx itself prefers
// a `.ts` file to a `.js` one of the same name, so a later `npx tap <file>` still runs the sources.
//
// `--tier=fast` runs every file but the process tier (scripts/test-run/tiers.mjs); `--tier=process`
// only that tier; the default, all of them. Other arguments go to tap. At the end it prints the ten
// slowest files and, last, the tests that failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transpileWithEsbuild } from './test-run/compile.mjs';
import { checkLines, startChecks } from './test-run/checks.mjs';
import { failureLines, failures } from './test-run/failures.mjs';
import { fileTimes, slowestTen } from './test-run/file-times.mjs';
import { bundleParent, prepareTestRun } from './test-run/preparation.mjs';
import { inProcessTier, tierFiles } from './test-run/tiers.mjs';
import { ensureTapBuild } from './test-run/tap-plugins.mjs';
import { removeBundles, writeBundles } from './test-run/bundles.mjs';

/**
 * Bundles per tier. Fewer, longer processes cost less: each loads the service's modules and warms
 * its JIT once, and the fast tier took 3 min 25 s of CPU in 16 bundles against 2 min 4 s in 6.
 * Enough of them to deal evenly to tap's three jobs; `npm test` more, beside the process tier's files.
 */
const BUNDLES = { fast: 6, all: 10, process: 0 };

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const tierArgument = process.argv.find((arg) => arg.startsWith('--tier='));
const tier = tierArgument?.slice('--tier='.length) ?? 'all';
if (!['all', 'fast', 'process'].includes(tier)) {
  console.error(`--tier must be all, fast or process, not ${tier}`);
  process.exit(2);
}
// `--checks` (what `npm test` passes): Prettier, ESLint and the back office's type check run beside the tests.
const withChecks = process.argv.includes('--checks');
const tapArguments = process.argv.slice(2).filter((arg) => arg !== tierArgument && arg !== '--checks');

// Said before the run, not after it: a run without its browser tests is not the run CI makes.
const chromium = process.env.CMS_TEST_CHROMIUM || '/usr/bin/chromium';
if (tier !== 'fast' && !existsSync(chromium))
  console.error(
    `\n!!! No Chromium at ${chromium}: the browser tests will be SKIPPED. Install it (apt-get install -y chromium) or set CMS_TEST_CHROMIUM. !!!\n`,
  );

// What the run's test processes share (templates of data directories, the back office, the example
// packages), removed at the end. What the preparation builds proceeds in processes of its own meanwhile.
const checks = withChecks ? startChecks(root) : Promise.resolve([]);
const runDir = mkdtempSync(join(tmpdir(), 'cms-test-run-'));
const preparation = tier === 'fast' ? Promise.resolve({}) : prepareTestRun(runDir);
const tapRc = fileURLToPath(new URL('../test/taprc-compiled.yaml', import.meta.url));
const tapBuild = ensureTapBuild(root, bin('tap'), tapRc);

// Types stripped, not checked: `--checks` type-checks beside the tests.
const { ok, written } = await transpileWithEsbuild(root);

let cleaned = false;
function clean() {
  if (cleaned) return;
  cleaned = true;
  for (const file of written) rmSync(file, { force: true });
  removeBundles(root);
  rmSync(runDir, { recursive: true, force: true });
  rmSync(bundleParent(runDir), { recursive: true, force: true });
}

const prepared = await Promise.all([preparation, tapBuild]).then(
  ([variables]) => variables,
  (error) => error,
);
if (!ok || prepared instanceof Error) {
  if (prepared instanceof Error) console.error(prepared);
  clean();
  process.exit(1);
}

// Files named on the command line run as given. Otherwise the tier's: every file of the process tier
// alone, in a process of its own; every other file in bundles, a few long processes (BUNDLES).
const named = tapArguments.some((arg) => !arg.startsWith('-'));
const files = named ? [] : tierFiles(root, tier);
// Read before tap starts: it clears what it recorded of the last run.
const lastTimes = new Map(fileTimes(root).map(({ file, seconds }) => [file, seconds]));
const toRun = [
  ...writeBundles(
    root,
    files.filter((file) => !inProcessTier(file)),
    BUNDLES[tier],
    lastTimes,
  ),
  ...files.filter(inProcessTier),
];
const startedAt = Date.now();
const tap = spawn(bin('tap'), [...tapArguments, ...toRun], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(tier === 'fast' ? { CMS_TEST_MYSQL: 'off' } : {}),
    CMS_TEST_RUN_DIR: runDir,
    ...prepared,
    TAP_RCFILE: tapRc,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tap.kill(signal));
tap.on('exit', async (code, signal) => {
  // The checks first: what the run compiled beside the sources goes only once nothing reads the tree.
  const checked = await checks;
  clean();
  for (const line of slowestTen(fileTimes(root))) console.log(line);
  if (withChecks) for (const line of checkLines(checked)) console.log(line);
  for (const line of failureLines(failures(root, startedAt))) console.log(line);
  const checksFailed = checked.some((result) => result.code !== 0);
  const tapCode = code ?? (signal ? 1 : 0);
  process.exit(tapCode !== 0 ? tapCode : checksFailed ? 1 : 0);
});
