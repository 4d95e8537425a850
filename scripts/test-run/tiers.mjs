// Which test files belong to which tier. `npm test` runs them all. `npm run test:fast`, the tier a
// developer runs after each change, leaves out the process tier, the thorough files and MariaDB
// (CMS_TEST_MYSQL=off): units, the contract suites on the embedded drivers and every REST area
// in-process on SQLite.
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
  'test/host/service-bundle',
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

/**
 * Files `npm test` runs in-process and the fast tier leaves out: each takes long for what it adds to
 * the behaviour of its area, which the files beside it assert. Their point is load, limits,
 * malformed input, timing, threads, a second app on one database or the other search driver's
 * requests. Together they were a quarter of the fast tier's time.
 */
export const THOROUGH = [
  // Every route fed malformed paths, queries and bodies (test/rest/* assert each area's refusals).
  'test/rest/garbage-input',
  // The ingest's queue, batch and body limits, its lifecycle, trackers on other sites (analytics-ingest*).
  'test/rest/analytics-ingest-limits',
  // Pings, idle timeouts and closes of the event socket (websocket-events: what it sends).
  'test/rest/websocket-lifecycle',
  // Two apps on one database (storage contract suites; jobs and websocket across processes: process tier).
  'test/rest/shared-database',
  // Large uploads streamed to disk and their limits (uploads, multipart-fire: what an upload stores).
  'test/rest/upload-streaming',
  // The legacy save's parsers at their limits and in linear time (legacy-content-*: what they read).
  'test/security/legacy-parsers',
  // Lock-out and sign-in exhaustion over many attempts (test/core/auth: the counters and throttle).
  'test/security/lockout',
  // Search requests at and past their limits (search-endpoints, test/search/core: what they answer).
  'test/search/search-limits',
  // The embedded driver's search threads (its contract suite runs in the fast tier, in-thread).
  'test/search/drivers/embedded-search-threads',
  // What the Elasticsearch driver sends over HTTP and how it rebuilds (translate-request, -semantics).
  'test/search/drivers/elasticsearch/elasticsearch-requests',
  'test/search/drivers/elasticsearch/elasticsearch-rebuild',
  // The examples' declarations compile with the TypeScript compiler (the examples' tests: process tier).
  'test/examples/declarations',
];

const named = (list) => (file) => list.includes(file.replace(/\.test\.[jt]s$/, ''));

/** Whether a file (of `tierFiles`) belongs to the process tier: it runs alone, in a process of its own. */
export const inProcessTier = (file) => file.includes('.browser.test.') || named(PROCESS_TIER)(file);

/** The test files of a tier (`all`, `fast` or `process`), relative to `root`, with the given extension. */
export function tierFiles(root, tier, extension = 'js') {
  const suffix = `.test.${extension}`;
  const all = readdirSync(join(root, 'test'), { recursive: true })
    .map((entry) => `test/${String(entry).split('\\').join('/')}`)
    .filter((file) => file.endsWith(suffix))
    .sort();
  if (tier === 'all') return all;
  if (tier === 'process') return all.filter(inProcessTier);
  return all.filter((file) => !inProcessTier(file) && !named(THOROUGH)(file));
}
