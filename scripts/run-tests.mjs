// `npm test`'s test run: compiles the sources and tests with tsc next to themselves (it type-checks
// them on the way), runs tap on the JavaScript, and removes what it wrote, however the run ends.
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
// slowest files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileTimes, slowestTen } from './test-run/file-times.mjs';
import { tierFiles } from './test-run/tiers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const tierArgument = process.argv.find((arg) => arg.startsWith('--tier='));
const tier = tierArgument?.slice('--tier='.length) ?? 'all';
if (!['all', 'fast', 'process'].includes(tier)) {
  console.error(`--tier must be all, fast or process, not ${tier}`);
  process.exit(2);
}
const tapArguments = process.argv.slice(2).filter((arg) => arg !== tierArgument);

// Said before the run, not after it: a run without its browser tests is not the run CI makes.
const chromium = process.env.CMS_TEST_CHROMIUM || '/usr/bin/chromium';
if (tier !== 'fast' && !existsSync(chromium))
  console.error(
    `\n!!! No Chromium at ${chromium}: the browser tests will be SKIPPED. Install it (apt-get install -y chromium) or set CMS_TEST_CHROMIUM. !!!\n`,
  );

const compiled = spawnSync(bin('tsc'), ['-p', 'test/tsconfig.emit.json', '--listEmittedFiles'], {
  cwd: root,
  encoding: 'utf8',
});
// tsc lists each file it wrote as `TSFILE: <path>`; everything else it prints is a diagnostic.
const written = [];
for (const line of compiled.stdout.split('\n')) {
  if (line.startsWith('TSFILE: ')) written.push(line.slice('TSFILE: '.length));
  else if (line.trim()) console.error(line);
}
process.stderr.write(compiled.stderr);

// What the run's test processes share (templates of data directories), removed at the end.
const runDir = mkdtempSync(join(tmpdir(), 'cms-test-run-'));

let cleaned = false;
function clean() {
  if (cleaned) return;
  cleaned = true;
  for (const file of written) rmSync(file, { force: true });
  rmSync(runDir, { recursive: true, force: true });
}

if (compiled.status !== 0) {
  clean();
  process.exit(compiled.status ?? 1);
}

// Files named on the command line run as given; otherwise the tier's.
const named = tapArguments.some((arg) => !arg.startsWith('-'));
const tap = spawn(bin('tap'), named ? tapArguments : [...tapArguments, ...tierFiles(root, tier)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(tier === 'fast' ? { CMS_TEST_MYSQL: 'off' } : {}),
    CMS_TEST_RUN_DIR: runDir,
    TAP_RCFILE: fileURLToPath(new URL('../test/taprc-compiled.yaml', import.meta.url)),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tap.kill(signal));
tap.on('exit', (code, signal) => {
  clean();
  for (const line of slowestTen(fileTimes(root))) console.log(line);
  process.exit(code ?? (signal ? 1 : 0));
});
