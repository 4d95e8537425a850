import type { NormalisedEvent } from '../../analytics/normalised-event.js';
import type {
  AnalyticsEventFilter,
  AnalyticsEventPage,
  AnalyticsEventRange,
  AnalyticsSummary,
} from '../../model/analytics-event.js';
import type { AnalyticsSiteKey } from '../../model/analytics-site-key.js';

// The analytics ingest: per-site keys and the events stored under them.

/**
 * The analytics ingest keys of sites: one current key per site, found by its hash. Never cached:
 * a replaced key must stop working at once in every process sharing the database.
 */
export interface AnalyticsSiteKeyRepository {
  /** The site's current key, if it has one. */
  find(siteId: string): Promise<AnalyticsSiteKey | undefined>;
  /** The key whose hash this is: one look-up on the unique index of hashes. */
  findByHash(keyHash: string): Promise<AnalyticsSiteKey | undefined>;
  /**
   * Makes this the site's only key, replacing any. Throws `RECORD_NOT_UNIQUE` when another site's
   * key has the same hash. Run it in a transaction: the old key must survive a refused new one.
   */
  replace(key: AnalyticsSiteKey): Promise<void>;
  /** How many sites have a key. */
  count(): Promise<number>;
}

/**
 * Analytics events, as the ingest stores them: many rows, written in batches, read by site and time.
 *
 * @example
 * await repositories.analyticsEvents.insert(siteId, normalisedEvents);
 * const { events, total } = await repositories.analyticsEvents.list({ siteId, limit: 50, offset: 0 });
 */
export interface AnalyticsEventRepository {
  /**
   * Stores a batch for a site, the whole batch or, when it fails, nothing (a multi-row INSERT, or on
   * SQLite a prepared INSERT per event inside one transaction).
   * Past 1000 events (the drivers' limits on bound values) it takes several statements, all or
   * nothing only inside a transaction. Strings are within the limits the ingest checks (`MAX_SHORT_TEXT`,
   * `MAX_LONG_TEXT` in core/analytics/event-shapes.ts): every driver must store them whole.
   */
  insert(siteId: string, events: readonly NormalisedEvent[]): Promise<void>;
  /** A page of a site's events, newest first (time of receipt, then id), and how many match. */
  list(filter: AnalyticsEventFilter): Promise<AnalyticsEventPage>;
  /** Figures over a site's events in a range, computed by the database (GROUP BY), not from rows. */
  summary(range: AnalyticsEventRange): Promise<AnalyticsSummary>;
  /**
   * Deletes at most `limit` of the oldest events (of every site) received before `cutoff`; answers
   * how many. A retention sweep calls it until it answers less than `limit`, so no statement holds
   * the lock for long.
   */
  deleteBefore(cutoff: Date, limit: number): Promise<number>;
}
