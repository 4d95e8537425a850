import t from 'tap';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** Each public entry point, its report, and a name the report must list (so an empty report fails). */
const ENTRIES = [
  { specifier: 'cms/plugin', report: 'docs/kit.api.md', lists: /export function definePlugin\(/ },
  {
    specifier: 'cms/plugin/testing',
    report: 'docs/kit-testing.api.md',
    lists: /export function storageContractSuite\(/,
  },
];

t.test('the API reports are what the public entry points declare', async (t) => {
  // The reports are made from the declarations as plugin authors get them, in a process of its own
  // (one compilation for both entry points).
  const { stdout } = await run(process.execPath, [root('scripts/kit-api.mjs'), '--json'], {
    cwd: root(''),
    maxBuffer: 16 * 1024 * 1024,
  });
  const reports = JSON.parse(stdout) as Record<string, string>;
  for (const entry of ENTRIES) {
    const report = reports[entry.specifier] ?? '';
    t.match(report, entry.lists, `the report of ${entry.specifier} lists the entry point`);
    t.equal(
      readFileSync(root(entry.report), 'utf8'),
      report,
      `the API of ${entry.specifier} changed and ${entry.report} does not say so: run \`npm run kit-api\` and review the change`,
    );
  }
});
