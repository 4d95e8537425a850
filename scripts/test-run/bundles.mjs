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

/**
 * Writes `count` bundles that import the given test files in turn, each file announced by a comment
 * so a failure is found by file. Answers the bundles' paths relative to `root`. The files are dealt
 * largest first to the bundle with the least so far: a file's size is a fair guess at its time, and
 * bundles of even length keep both cores busy to the end.
 */
export function writeBundles(root, files, count) {
  const dir = join(root, BUNDLE_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bundles = Array.from({ length: Math.min(count, files.length) }, () => ({ bytes: 0, members: [] }));
  const sized = files.map((file) => ({ file, bytes: statSync(join(root, file)).size }));
  for (const { file, bytes } of sized.sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file))) {
    const lightest = bundles.reduce((least, bundle) => (bundle.bytes < least.bytes ? bundle : least));
    lightest.bytes += bytes;
    lightest.members.push(file);
  }
  return bundles.map(({ members }, index) => {
    const name = `${BUNDLE_DIR}/bundle-${String(index + 1).padStart(2, '0')}.test.js`;
    const lines = [
      "import t from 'tap';",
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
