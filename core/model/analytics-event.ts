import type { NormalisedEvent } from '../analytics/normalised-event.js';

/**
 * A stored analytics event, as read back: the ingested row with its id and site, and the event's
 * `data` parsed back into an object (read-side callers answer it as JSON; parsing it once here
 * spares each of them the text). `receivedAt` is UTC ISO 8601 with milliseconds, as ingested.
 */
export interface StoredAnalyticsEvent extends Omit<NormalisedEvent, 'dataJson'> {
  /** Auto-increment: later inserts have larger ids (the tie-break of the newest-first order). */
  id: number;
  siteId: string;
  data: Record<string, unknown>;
}

/** Which events of a site to read; `from` inclusive, `to` exclusive, on the time of receipt. */
export interface AnalyticsEventRange {
  siteId: string;
  from?: Date;
  to?: Date;
}

export interface AnalyticsEventFilter extends AnalyticsEventRange {
  eventType?: string;
  sessionId?: string;
  userId?: string;
  limit: number;
  offset: number;
}

export interface AnalyticsEventPage {
  events: StoredAnalyticsEvent[];
  /** How many events match the filter, all pages together. */
  total: number;
}

/** Figures over a site's events in a range, computed by the database. */
export interface AnalyticsSummary {
  /** Events per type, custom types included; types without events are absent. */
  totals: Record<string, number>;
  /** Pageviews per UTC day of receipt (`YYYY-MM-DD`), oldest day first; days without any are absent. */
  pageviewsByDay: Array<{ day: string; count: number }>;
  /** The 10 page URLs with most pageviews, most first (ties by URL). */
  topPages: Array<{ url: string; count: number }>;
  /** The 10 content items most often seen, most first (ties by identifier). */
  topContentByImpressions: Array<{ identifier: string; title: string | null; count: number }>;
  /** The 10 content items most often clicked, most first (ties by identifier). */
  topContentByClicks: Array<{ identifier: string; title: string | null; count: number }>;
  /** Conversions per name, most first (ties by name). */
  conversions: Array<{ name: string; count: number }>;
  /** Distinct session keys: a browser session continued past midnight UTC counts twice. */
  sessions: number;
  /** Distinct user ids. */
  uniqueVisitors: number;
}
