import { and, count, countDistinct, desc, asc, eq, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsEventRange, AnalyticsSummary } from '../../../core/plugin/kit.js';
import type { Db, Tables } from './context.js';
import { rangeConditions } from './analytics-event-range.js';

const TOP = 10;
/** Inlined, not bound: MySQL's ONLY_FULL_GROUP_BY must see the same expression in SELECT and GROUP BY. */
const DAY_MS = sql.raw('86400000');

/**
 * The summary of a site's events in a range: each figure is one GROUP BY (or COUNT DISTINCT) over
 * the range of the (site_id, received_at) or (site_id, event_type, received_at) index, so no event
 * row is loaded into the process.
 *
 * NOTE: sessions and visitors are two queries, each answered from an index alone when no range
 * narrows the site: visitors from (site_id, user_id, received_at), sessions from (site_id,
 * session_id, received_at) as distinct pairs of session id and UTC day of receipt, which is what
 * `session_key` holds (see NormalisedEvent). One COUNT(DISTINCT session_key), COUNT(DISTINCT
 * user_id) read every row of the site instead, and MariaDB chose a scan of the whole table for it.
 */
export async function analyticsSummary(db: Db, t: Tables, range: AnalyticsEventRange): Promise<AnalyticsSummary> {
  const e = t.analyticsEvents;
  const inRange = rangeConditions(t, range);
  const ofType = (type: string, ...more: SQL[]) => and(...inRange, eq(e.eventType, type), ...more);
  // Epoch ms of the UTC midnight starting the day: integer arithmetic, the same on both dialects
  // (no time-zone setting of the session involved, unlike MySQL's FROM_UNIXTIME).
  const dayStart = sql<number>`(${e.receivedAt} - (${e.receivedAt} % ${DAY_MS}))`.mapWith(Number);
  const topContent = (type: string) =>
    db
      .select({ identifier: e.contentIdentifier, title: max(e.contentTitle), count: count() })
      .from(e)
      .where(ofType(type, isNotNull(e.contentIdentifier)))
      .groupBy(e.contentIdentifier)
      .orderBy(desc(count()), asc(e.contentIdentifier))
      .limit(TOP);

  const sessionDays = db
    .select({ sessionId: e.sessionId, day: dayStart.as('day') })
    .from(e)
    .where(and(...inRange))
    .groupBy(e.sessionId, dayStart)
    .as('session_days');

  const [totals, byDay, pages, impressions, clicks, conversions, sessions, visitors] = await Promise.all([
    db
      .select({ type: e.eventType, count: count() })
      .from(e)
      .where(and(...inRange))
      .groupBy(e.eventType),
    db
      .select({ day: dayStart, count: count() })
      .from(e)
      .where(ofType('pageview'))
      .groupBy(dayStart)
      .orderBy(asc(dayStart)),
    db
      .select({ url: e.pageUrl, count: count() })
      .from(e)
      .where(ofType('pageview', isNotNull(e.pageUrl)))
      .groupBy(e.pageUrl)
      .orderBy(desc(count()), asc(e.pageUrl))
      .limit(TOP),
    topContent('content_impression'),
    topContent('content_click'),
    db
      .select({ name: e.conversionName, count: count() })
      .from(e)
      .where(ofType('conversion', isNotNull(e.conversionName)))
      .groupBy(e.conversionName)
      .orderBy(desc(count()), asc(e.conversionName)),
    db.select({ n: count() }).from(sessionDays),
    db
      .select({ n: countDistinct(e.userId) })
      .from(e)
      .where(and(...inRange)),
  ]);
  return {
    totals: Object.fromEntries(totals.map((row) => [row.type, row.count])),
    pageviewsByDay: byDay.map((row) => ({ day: new Date(row.day).toISOString().slice(0, 10), count: row.count })),
    topPages: pages.map((row) => ({ url: row.url!, count: row.count })),
    topContentByImpressions: impressions.map((row) => ({ ...row, identifier: row.identifier! })),
    topContentByClicks: clicks.map((row) => ({ ...row, identifier: row.identifier! })),
    conversions: conversions.map((row) => ({ name: row.name!, count: row.count })),
    // One row each, whatever the range: COUNT without GROUP BY always answers a row.
    sessions: sessions[0]?.n ?? 0,
    uniqueVisitors: visitors[0]?.n ?? 0,
  };
}
