// Which test files belong to which tier. `npm test` runs them all; `npm run test:fast` leaves out
// the process tier (and MariaDB, with CMS_TEST_MYSQL=off): the tier a developer runs after each change.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The process tier: tests that start real processes of the service or a browser, kill them, or pack
 * and install packages. They prove what only a process shows (signals, exit codes, kills, a second
 * process on one database, what an operator installs), and each spends seconds waiting on one.
 * Each entry names one file without its extension; every browser test (`*.browser.test.*`) belongs too.
 */
export const PROCESS_TIER = [
  'test/examples/api-key-auth',
  'test/examples/notify-url-actionlet',
  'test/examples/slug-field-type',
  'test/examples/timed-storage',
  // Compiles the public entry points' declarations and runs API Extractor on them, in processes of its own.
  'test/plugins/kit-api',
  'test/host/process-signals',
  'test/host/startup-config',
  'test/host/startup-storage',
  'test/rest/startup',
  'test/rest/jobs-two-processes',
  'test/rest/websocket-two-processes',
  'test/search/index-durability',
  'test/search/reindex-command',
  'test/security/kill-durability',
  'test/security/job-kill-durability',
  'test/security/exhaustion',
  'test/search/drivers/embedded',
];

/** Whether a file (of `tierFiles`) belongs to the process tier: it runs alone, in a process of its own. */
export const inProcessTier = (file) =>
  file.includes('.browser.test.') || PROCESS_TIER.includes(file.replace(/\.test\.[jt]s$/, ''));

/** The test files of a tier (`all`, `fast` or `process`), relative to `root`, with the given extension. */
export function tierFiles(root, tier, extension = 'js') {
  const suffix = `.test.${extension}`;
  const all = readdirSync(join(root, 'test'), { recursive: true })
    .map((entry) => `test/${String(entry).split('\\').join('/')}`)
    .filter((file) => file.endsWith(suffix))
    .sort();
  if (tier === 'all') return all;
  if (tier === 'process') return all.filter(inProcessTier);
  return all.filter((file) => !inProcessTier(file));
}
