/**
 * A date as the index holds it: `yyyy-MM-ddTHH:mm:ss` in UTC, the pattern of the original's
 * `elasticSearchDateTimeFormat` (it formats in the server's zone; ours is always UTC). Takes epoch
 * milliseconds, a `Date` or a text `Date` can read (what date field types' `toIndex` answer, ISO-8601);
 * answers undefined for anything that is not a date.
 */
export function formatIndexDate(value: unknown): string | undefined {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'number' || typeof value === 'string'
        ? new Date(value)
        : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().slice(0, 19);
}
