// What several test files would each redo for themselves, done once for a whole `npm test` run
// (scripts/run-tests.mjs) before tap starts: the back office built with vite, the example
// plugins packed with `npm pack`, and the service bundled as `npm run build` bundles it. The tests find them through the environment this answers
// (test/helpers/browser.ts, test/helpers/example-packages.ts, test/helpers/source-entry.ts) and
// only read them; a file run on its own (`npx tap <file>`) builds or packs what it needs itself, and
// starts the service's processes from the sources.
//
// Both run as processes of their own, started as soon as `prepareTestRun` is called: they proceed
// while the caller compiles the tests.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleService } from '../bundle.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const examples = join(root, 'examples');

/**
 * Starts the preparation in `runDir` (the run's folder, which the caller removes at the end);
 * answers the variables to add to the tests' environment once it is done.
 */
export function prepareTestRun(runDir) {
  const backOffice = join(runDir, 'back-office');
  const tarballs = join(runDir, 'example-tarballs');
  return Promise.all([
    buildBackOffice(backOffice),
    packExamples(tarballs),
    bundleService({ parent: bundleParent(runDir) }),
  ]).then(([, , bundle]) => ({
    CMS_TEST_BACK_OFFICE_DIR: backOffice,
    CMS_TEST_EXAMPLE_TARBALLS: tarballs,
    CMS_TEST_SERVICE_BUNDLE: bundle,
  }));
}

/**
 * Where the run's bundle goes: inside the repository (its modules find node_modules and the
 * service's package.json by walking up), under `dist/`, which nothing checks or lints.
 */
export function bundleParent(runDir) {
  return join(root, 'dist', 'test-runs', basename(runDir));
}

/** As `npm run build:admin`, into `outDir`. */
async function buildBackOffice(outDir) {
  const vite = join(root, 'node_modules', '.bin', 'vite');
  const args = ['build', '--config', 'admin/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir];
  await run(vite, [...args, '--emptyOutDir'], { cwd: root });
}

/**
 * Every example package (a folder of `examples/` with a package.json) packed by one `npm pack`,
 * its tarball then moved into a folder named as the example's: `<tarballs>/<example>/<tarball>`.
 */
async function packExamples(tarballs) {
  const folders = readdirSync(examples, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(examples, entry.name, 'package.json')))
    .map((entry) => entry.name);
  mkdirSync(tarballs);
  const packed = await run(
    'npm',
    ['pack', ...folders.map((f) => join(examples, f)), '--pack-destination', tarballs, '--loglevel=error'],
    { cwd: tarballs },
  );
  // npm names the tarballs one a line, in the order of the folders.
  const names = packed.stdout.trim().split('\n');
  if (names.length !== folders.length) throw new Error(`npm pack answered ${names.length} tarballs:\n${packed.stdout}`);
  folders.forEach((example, i) => {
    mkdirSync(join(tarballs, example));
    renameSync(join(tarballs, names[i]), join(tarballs, example, basename(names[i])));
  });
}
