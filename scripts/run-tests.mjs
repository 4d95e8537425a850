// `npm test`'s test run: compiles the sources and tests with tsc next to themselves (it type-checks
// them on the way), runs tap on the JavaScript, and removes what it wrote, however the run ends.
//
// Why not tsx, as `npx tap <file>` does for one file: each test file is its own process, and
// every process (and every worker thread a test starts) loaded some hundreds of modules through
// tsx's loader thread. Plain JavaScript takes about a third less CPU per file, which on a small CI
// machine is minutes. The compiled files sit beside their sources so every path a test computes
// from its own location (fixtures, docs, migrations) is the same as under tsx; tsx itself prefers
// a `.ts` file to a `.js` one of the same name, so a later `npx tap <file>` still runs the sources.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cleanTestRun, prepareTestRun } from './test-run-preparation.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

// Started first: what it builds once for the run proceeds in processes of its own while tsc compiles.
const preparation = prepareTestRun();
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

let cleaned = false;
function clean() {
  if (cleaned) return;
  cleaned = true;
  for (const file of written) rmSync(file, { force: true });
  cleanTestRun();
}

const prepared = await preparation.catch((error) => error);
if (compiled.status !== 0 || prepared instanceof Error) {
  if (prepared instanceof Error) console.error(prepared);
  clean();
  process.exit(compiled.status || 1);
}

const tap = spawn(bin('tap'), process.argv.slice(2), {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...prepared,
    TAP_RCFILE: fileURLToPath(new URL('../test/taprc-compiled.yaml', import.meta.url)),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tap.kill(signal));
tap.on('exit', (code, signal) => {
  clean();
  process.exit(code ?? (signal ? 1 : 0));
});
