// The fast tier runs its test files several to a process, and `npm test` its unit files. Each file
// in a process of its own paid for the process, tap's instrumentation, loading the service's modules
// and a cold JIT once per file: twenty REST files took 53 s one by one and 18 s in one process.
// `npm test` still runs every file with an app, a process or a browser alone, so a test there that
// depends on running first in a fresh process is still found.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the bundles are written: beside the tests, so that `tap` resolves as it does for them. */
export const BUNDLE_DIR = 'test/bundles';

/** Without a last run to go by: what the fast tier's files took on the 2-core machine, per byte of test. */
const GUESSED_SECONDS_PER_BYTE = 0.0003;

/**
 * tap's timeout of a test file (120 s) is for one file; a bundle gets that many times its expected
 * length, and never less. A file that hangs still fails its bundle within minutes; a bundle that is
 * merely long on a loaded machine does not.
 */
const TIMEOUT_PER_EXPECTED_SECOND = 5;
const FILE_TIMEOUT_SECONDS = 120;

/**
 * Writes `count` bundles that import the given test files in turn, each file announced by a comment
 * so a failure is found by file. Answers the bundles' paths relative to `root`, the longest first so
 * that they start first. The files are dealt longest first to the bundle with the least so far, so
 * that both cores stay busy to the end. A file's length is its time in the last run, `lastTimes`
 * (seconds by file, scripts/test-run/file-times.mjs), or without one a guess from its size at the
 * rate of the files that were timed. Size alone was a poor guess: the storage contract suite is a
 * small file that runs for 15 s, and bundles dealt by size took from 7 to 24 s.
 */
export function writeBundles(root, files, count, lastTimes = new Map()) {
  const dir = join(root, BUNDLE_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sized = files.map((file) => ({ file, bytes: statSync(join(root, file)).size, seconds: lastTimes.get(file) }));
  const timed = sized.filter((f) => f.seconds !== undefined);
  const timedBytes = timed.reduce((sum, f) => sum + f.bytes, 0);
  const secondsPerByte = timedBytes
    ? timed.reduce((sum, f) => sum + f.seconds, 0) / timedBytes
    : GUESSED_SECONDS_PER_BYTE;
  const expected = sized.map((f) => ({ file: f.file, length: f.seconds ?? f.bytes * secondsPerByte }));
  const bundles = Array.from({ length: Math.min(count, files.length) }, () => ({ length: 0, members: [] }));
  for (const { file, length } of expected.sort((a, b) => b.length - a.length || a.file.localeCompare(b.file))) {
    const shortest = bundles.reduce((least, bundle) => (bundle.length < least.length ? bundle : least));
    shortest.length += length;
    shortest.members.push(file);
  }
  bundles.sort((a, b) => b.length - a.length);
  return bundles.map(({ members, length }, index) => {
    const name = `${BUNDLE_DIR}/bundle-${String(index + 1).padStart(2, '0')}.test.js`;
    const timeoutSeconds = Math.max(FILE_TIMEOUT_SECONDS, Math.ceil(length * TIMEOUT_PER_EXPECTED_SECOND));
    const lines = [
      "import t from 'tap';",
      `t.setTimeout(${timeoutSeconds * 1000});`,
      // tap ends a process's root test once it idles, as soon as anything registered a teardown on
      // it; between two imports it idles, and the files after would be dropped without a word. So
      // root teardowns are held until every file has queued its tests, then registered as one.
      'const teardowns = [];',
      'const teardown = t.teardown;',
      't.teardown = (fn) => void teardowns.push(fn);',
    ];
    for (const file of members)
      lines.push(
        `t.comment(${JSON.stringify(`file: ${file}`)});`,
        `await import(${JSON.stringify(pathToFileURL(join(root, file)).href)});`,
      );
    lines.push(
      'if (t.ended) {',
      `  console.error('The bundle ended before all its files were loaded: their tests did not run');`,
      '  process.exitCode = 1;',
      '}',
      't.teardown = teardown;',
      't.teardown(async () => {',
      '  for (const fn of teardowns) await fn();',
      '});',
    );
    writeFileSync(join(root, name), `${lines.join('\n')}\n`);
    return name;
  });
}

export function removeBundles(root) {
  rmSync(join(root, BUNDLE_DIR), { recursive: true, force: true });
}
