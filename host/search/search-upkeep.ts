import type { Logger } from '../../core/logger.js';
import type { SearchIndex } from '../../core/plugin/search-driver.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import type { IndexDispatcher } from '../../core/search/index-dispatcher.js';
import type { Reindexer } from '../../core/search/reindexer.js';
import type { Lifecycle } from '../startup/lifecycle.js';
import { runPeriodically } from '../jobs/periodic-task.js';
import type { HostSettings } from '../settings/settings.js';

const LOCATION_KEY = 'search.index.location';
const SEEN_KEY = 'search.index.seen';
/** A location not confirmed for this long belongs to no running process. */
const LOCATION_STALE_MS = 2 * 60_000;
const HEARTBEAT_MS = 30_000;
/** Queued entries younger than this may still be on their way into the index in another process. */
const REPAIR_GRACE_MS = 10_000;

/** Thrown at start when this process would keep a search index apart from the others'. */
export class SearchIndexSplitError extends Error {}

/**
 * Keeps the index in line with storage around the clock:
 * - at start, applies what the stored queue still holds (a crash between commit and indexing);
 * - refuses to start beside running processes that keep their index elsewhere (two embedded index
 *   files over one database would each miss the other's changes);
 * - rebuilds in the background an index that is empty while storage holds content (a first start
 *   with search, a deleted index file, an index taken over from a stopped process);
 * - applies queued entries left behind, periodically; flushes deferred changes on shutdown.
 */
export async function startSearchUpkeep(parts: {
  storage: Storage;
  search: SearchIndex;
  dispatcher: IndexDispatcher;
  reindexer: Reindexer;
  settings: HostSettings;
  lifecycle: Lifecycle;
  logger: Logger;
}): Promise<void> {
  const { storage, search, dispatcher, reindexer, settings, lifecycle, logger } = parts;
  lifecycle.onStop('search indexing', async () => {
    await reindexer.settled();
    await dispatcher.close();
  });
  const tookOver = await claimLocation(storage, search, logger);
  const repaired = await dispatcher.repair(0);
  if (repaired > 0) logger.info({ entries: repaired }, 'search index: applied changes queued before the last stop');
  if (tookOver || (await isEmptyBesideContent(storage, search))) {
    logger.info({}, 'search index: rebuilding from storage in the background; searches answer as it fills');
    reindexer.start();
  }
  const upkeep = runPeriodically({
    everyMs: settings.searchIndex.repairMs || HEARTBEAT_MS,
    work: async () => {
      if (search.location) await storage.settings.put(SEEN_KEY, String(Date.now()));
      if (settings.searchIndex.repairMs > 0) await dispatcher.repair(REPAIR_GRACE_MS);
    },
    onError: (err) => logger.warn({ err }, 'search index upkeep failed; it is tried again'),
  });
  lifecycle.onStop('search upkeep', () => upkeep.stop());
}

/**
 * Records where this process keeps its index. Another location confirmed lately means a running
 * process keeps its index elsewhere: refused. An old one is taken over (answers true: the index
 * here missed what the other process indexed).
 */
async function claimLocation(storage: Storage, search: SearchIndex, logger: Logger): Promise<boolean> {
  if (!search.location) return false;
  const now = Date.now();
  const stored = await storage.settings.get(LOCATION_KEY);
  const seen = Number((await storage.settings.get(SEEN_KEY)) ?? 0);
  await storage.settings.put(SEEN_KEY, String(now));
  if (stored === search.location) return false;
  if (stored !== undefined && now - seen < LOCATION_STALE_MS)
    throw new SearchIndexSplitError(
      `Another process using this database keeps its search index at ${stored}; this one would keep it at ${search.location}, and each would miss the other's changes. Give every process the same index (the same data directory or search.embedded.file, on one machine), or use a search server (search.driver=elasticsearch).`,
    );
  await storage.settings.put(LOCATION_KEY, search.location);
  if (stored !== undefined) logger.warn({ previous: stored, location: search.location }, 'search index moved');
  return stored !== undefined;
}

/**
 * Asked before the service answers anything, so that what it sees is the state it started with.
 * Storage first (one row, not a count): without content (a new installation) the index is not
 * asked, which would wait for the first search thread to start (most of a fifth of a second).
 */
async function isEmptyBesideContent(storage: Storage, search: SearchIndex): Promise<boolean> {
  if ((await storage.content.scanItemLanguages({ limit: 1 })).length === 0) return false;
  const indexed = await search.search({ query: { match_all: {} }, size: 0 });
  return indexed.hits.total.value === 0;
}
