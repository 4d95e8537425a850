import t from 'tap';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

t.test('docs/kit.api.md is what the plugin kit declares', async (t) => {
  // The report is made from the kit's declarations as plugin authors get them, in a process of its own.
  const { stdout } = await run(process.execPath, [root('scripts/kit-api.mjs'), '--stdout'], {
    cwd: root(''),
    maxBuffer: 16 * 1024 * 1024,
  });
  t.match(stdout, /export function definePlugin\(/, 'the report lists the kit');
  t.equal(
    readFileSync(root('docs/kit.api.md'), 'utf8'),
    stdout,
    "the plugin kit's API changed and docs/kit.api.md does not say so: run `npm run kit-api` and review the change",
  );
});
