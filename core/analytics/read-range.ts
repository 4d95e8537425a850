import { CmsError, Errors } from '../errors/index.js';
import type { AnalyticsEventRange } from '../model/analytics-event.js';
import { isLocalTimeWithOffset } from './local-time.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// A `+` that the client did not percent-encode arrives from the query string as a space.
const UNENCODED_PLUS = /(T[\d:.]+) (\d{2}:\d{2})$/;

/** The time bounds of an analytics read, as the client wrote them (ISO 8601); absent means unbounded. */
export interface AnalyticsRangeText {
  from?: string;
  to?: string;
}

/**
 * An instant of a read's range: a date alone is its midnight UTC (`2025-06-01`), a date and time
 * needs its offset (`2025-06-01T12:00:00+02:00`, `…Z`), which is honoured. A time without an offset
 * is refused: whose midnight it means cannot be known.
 */
export function parseRangeInstant(text: string, parameter: 'from' | 'to'): Date {
  const trimmed = text.trim().replace(UNENCODED_PLUS, '$1+$2');
  const full = DATE_ONLY.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed;
  // The ingest's check of `local_time`: the same form, and no 31 June or hour 25.
  if (!isLocalTimeWithOffset(full)) throw instantInvalid(parameter);
  return new Date(full);
}

/** The refusal of a malformed bound, naming it; the value is not repeated. */
export function instantInvalid(parameter: string): CmsError {
  return new CmsError(Errors.ANALYTICS_INSTANT_INVALID, { parameter }, { fieldName: parameter });
}

/** The bounds of a read: `from` included, `to` excluded, either left out for no bound. */
export function readRange(text: AnalyticsRangeText): Omit<AnalyticsEventRange, 'siteId'> {
  const from = text.from === undefined ? undefined : parseRangeInstant(text.from, 'from');
  const to = text.to === undefined ? undefined : parseRangeInstant(text.to, 'to');
  if (from && to && from.getTime() > to.getTime()) {
    throw new CmsError(
      Errors.ANALYTICS_RANGE_INVERTED,
      { from: from.toISOString(), to: to.toISOString() },
      { fieldName: 'from' },
    );
  }
  return { from, to };
}
