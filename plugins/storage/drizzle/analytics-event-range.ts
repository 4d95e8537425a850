import { eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnalyticsEventRange } from '../../../core/plugin/kit.js';
import type { Tables } from './context.js';

/** The conditions every read shares: one site, received in [from, to). */
export function rangeConditions(t: Tables, range: AnalyticsEventRange): SQL[] {
  const e = t.analyticsEvents;
  const conditions: SQL[] = [eq(e.siteId, range.siteId)];
  if (range.from) conditions.push(gte(e.receivedAt, range.from.getTime()));
  if (range.to) conditions.push(lt(e.receivedAt, range.to.getTime()));
  return conditions;
}
