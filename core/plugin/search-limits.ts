import { Errors, formatMessage } from '../errors/index.js';
import { InvalidError, UnavailableError } from './plugin-errors.js';

/**
 * What one search may cost, from the properties `search.max.result.window` and
 * `search.timeout.ms`; the host hands them to the driver it opens. Every driver refuses a request
 * whose `from + size` exceeds the window (`resultWindowTooLarge`) and abandons a search that runs
 * past its budget (`searchTimedOut`), so that every entry point keeps to them alike.
 */
export interface SearchLimits {
  /** The largest `from + size` answered (Elasticsearch's `index.max_result_window`). */
  maxResultWindow: number;
  /** Milliseconds a search may take, from the call to the answer. */
  timeoutMs: number;
}

/** The properties' defaults: Elasticsearch's window of 10,000 hits, and ten seconds. */
export const DEFAULT_SEARCH_LIMITS: Readonly<SearchLimits> = Object.freeze({
  maxResultWindow: 10_000,
  timeoutMs: 10_000,
});

/** Refuses a request for hits beyond the window with `resultWindowTooLarge`. */
export function checkResultWindow(from: number, size: number, limits: Pick<SearchLimits, 'maxResultWindow'>): void {
  if (from + size > limits.maxResultWindow) throw resultWindowTooLarge(limits);
}

/** The error of a request for hits beyond the window (a 400, `SEARCH_RESULT_WINDOW_TOO_LARGE`), naming the limit. */
export function resultWindowTooLarge(limits: Pick<SearchLimits, 'maxResultWindow'>): InvalidError {
  const entry = Errors.SEARCH_RESULT_WINDOW_TOO_LARGE;
  return new InvalidError(formatMessage(entry.message, { limit: limits.maxResultWindow }), {
    code: entry.code,
    fieldName: 'size',
  });
}

/** The error of a search abandoned at its budget (a 503, `SEARCH_TIMED_OUT`). */
export function searchTimedOut(limits: Pick<SearchLimits, 'timeoutMs'>): UnavailableError {
  const entry = Errors.SEARCH_TIMED_OUT;
  return new UnavailableError(formatMessage(entry.message, { ms: limits.timeoutMs }), { code: entry.code });
}

/**
 * A search's deadline, for a driver that works in steps on the calling thread: `check` between
 * steps throws `searchTimedOut` once the budget is spent (a step under way is not interrupted).
 */
export function searchDeadline(limits: Pick<SearchLimits, 'timeoutMs'>, now = () => performance.now()): () => void {
  const end = now() + limits.timeoutMs;
  return () => {
    if (now() > end) throw searchTimedOut(limits);
  };
}
