import type { Test } from 'tap';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/**
 * A directory as an operator would prepare one: the example packages (folders of `examples/`)
 * packed with `npm pack` and installed from their tarballs into its `node_modules`, as any package
 * from a registry would be. The service runs with this directory as its working directory and
 * loads the plugins by package name. Removed when the test ends.
 */
export async function installExamples(t: Test, ...folders: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-site-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cms-site', private: true }));
  const npm = (...args: string[]) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  // `npm test` packed every example once for its run (scripts/test-run/preparation.mjs).
  const prepared = process.env.CMS_TEST_EXAMPLE_TARBALLS;
  const tarballs = prepared
    ? folders.map((folder) => copyPacked(prepared, folder, dir))
    : (await npm('pack', ...folders.map((f) => join(EXAMPLES, f)), '--pack-destination', dir)).stdout
        .trim()
        .split('\n');
  // Offline: the examples depend on nothing, and their peer `cms` is optional, so nothing is fetched.
  await npm('install', '--offline', '--ignore-scripts', '--save-exact', ...tarballs.map((f) => `./${f}`));
  return dir;
}

/**
 * The run's tarball of one example (`<tarballs>/<folder>/<tarball>`), copied into `dir` as `npm pack`
 * would have written it there: the run's copy is only read. Answers its name.
 */
function copyPacked(tarballs: string, folder: string, dir: string): string {
  const packed = readdirSync(join(tarballs, folder));
  if (packed.length !== 1) throw new Error(`expected one tarball of ${folder} in ${tarballs}, found ${packed.length}`);
  copyFileSync(join(tarballs, folder, packed[0]!), join(dir, packed[0]!));
  return packed[0]!;
}
