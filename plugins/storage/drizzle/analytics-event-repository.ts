import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { AnalyticsEventRepository, NormalisedEvent, StoredAnalyticsEvent } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { analyticsSummary } from './analytics-summary-query.js';
import { rangeConditions } from './analytics-event-range.js';

/**
 * Rows per INSERT statement: 21 bound values a row, so 1000 rows stay under SQLite's 32766 and
 * MySQL's 65535 placeholders. A batch of the ingest (at most a few hundred events) is one statement.
 */
export const ANALYTICS_INSERT_CHUNK = 1000;

type Row = Tables['analyticsEvents']['$inferSelect'];

/** An event's instant of receipt (ISO 8601) as the epoch milliseconds the column holds. */
export function receivedAtMillis(receivedAt: string): number {
  const millis = Date.parse(receivedAt);
  if (!Number.isFinite(millis)) throw new Error(`Analytics event receivedAt is not an instant: ${receivedAt}`);
  return millis;
}

function toRow(siteId: string, event: NormalisedEvent): Omit<Row, 'id'> {
  return { ...event, siteId, receivedAt: receivedAtMillis(event.receivedAt) };
}

function fromRow({ dataJson, receivedAt, ...row }: Row): StoredAnalyticsEvent {
  return {
    ...row,
    receivedAt: new Date(receivedAt).toISOString(),
    data: JSON.parse(dataJson) as Record<string, unknown>,
  };
}

export function analyticsEventRepository(exec: Executor, t: Tables): AnalyticsEventRepository {
  const e = t.analyticsEvents;
  return {
    insert: (siteId, events) =>
      events.length === 0
        ? Promise.resolve()
        : exec.write(async (db) => {
            const rows = events.map((event) => toRow(siteId, event));
            for (let i = 0; i < rows.length; i += ANALYTICS_INSERT_CHUNK)
              await db.insert(e).values(rows.slice(i, i + ANALYTICS_INSERT_CHUNK));
          }),
    list: (filter) =>
      exec.read(async (db) => {
        const conditions = rangeConditions(t, filter);
        if (filter.eventType !== undefined) conditions.push(eq(e.eventType, filter.eventType));
        if (filter.sessionId !== undefined) conditions.push(eq(e.sessionId, filter.sessionId));
        if (filter.userId !== undefined) conditions.push(eq(e.userId, filter.userId));
        const where = and(...conditions);
        const rows = await db
          .select()
          .from(e)
          .where(where)
          .orderBy(desc(e.receivedAt), desc(e.id))
          .limit(filter.limit)
          .offset(filter.offset);
        const total = (await db.select({ n: count() }).from(e).where(where))[0]?.n ?? 0;
        return { events: rows.map(fromRow), total };
      }),
    summary: (range) => exec.read((db) => analyticsSummary(db, t, range)),
    // NOTE: neither DELETE ... ORDER BY ... LIMIT (not in SQLite's default build) nor DELETE with a
    // LIMITed subquery on the same table (refused by MySQL) is portable: the ids are read first.
    deleteBefore: (cutoff, limit) =>
      limit <= 0
        ? Promise.resolve(0)
        : exec.write(async (db) => {
            const ids = (
              await db
                .select({ id: e.id })
                .from(e)
                .where(lt(e.receivedAt, cutoff.getTime()))
                .orderBy(asc(e.receivedAt), asc(e.id))
                .limit(limit)
            ).map((row) => row.id);
            if (ids.length > 0) await db.delete(e).where(inArray(e.id, ids));
            return ids.length;
          }),
  };
}
