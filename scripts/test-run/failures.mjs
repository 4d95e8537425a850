// Which tests failed, from the output tap keeps of each test file (`.tap/test-results`): printed at
// the very end of a run, so that the last lines of a long log (all a CI page may keep) name them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function* resultFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* resultFiles(path);
    else if (entry.name.endsWith('.tap')) yield path;
  }
}

/**
 * Each failed file of the run that started at `since` (ms) with the names of its failed tests (a
 * subtest and its parents each say "not ok"). Older results, of files this run did not take, are left out.
 */
export function failures(root, since) {
  const dir = join(root, '.tap', 'test-results');
  if (!existsSync(dir)) return [];
  const failed = [];
  for (const path of resultFiles(dir)) {
    if (statSync(path).mtimeMs < since) continue;
    // A bundle (scripts/test-run/bundles.mjs) announces each file it imports: its failures name the file.
    let member = '';
    const names = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const announced = /^# file: (.+)$/.exec(line);
      if (announced) member = `${announced[1]}: `;
      else if (/^\s*not ok \d+/.test(line)) names.push(member + line.trim());
    }
    if (names.length) failed.push({ file: relative(dir, path).replace(/\.tap$/, ''), names });
  }
  return failed;
}

/** The failures as lines to print; none when every test passed. */
export function failureLines(failed) {
  if (!failed.length) return [];
  return [
    `Failed in ${failed.length} file${failed.length === 1 ? '' : 's'}:`,
    ...failed.flatMap(({ file, names }) => [`  ${file}`, ...names.slice(0, 20).map((name) => `      ${name}`)]),
  ];
}
