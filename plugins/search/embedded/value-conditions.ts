import { invalid } from './search-request-members.js';

/*
 * The SQL conditions on one stored field value (`f`, a row of the fields table) that the term,
 * range, wildcard and prefix queries compile to, and the dates and numbers they compare.
 */

/** GLOB pattern of an ES wildcard (`*`, `?`, `\` escapes), everything else literal. */
export function globOf(pattern: string): string {
  let glob = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) glob += literalGlob(pattern[++i]!);
    else if (c === '*' || c === '?') glob += c;
    else glob += literalGlob(c);
  }
  return glob;
}

const literalGlob = (c: string): string => (c === '*' || c === '?' || c === '[' ? `[${c}]` : c);

/** A string holding a number (`"10"`, `"-2.5"`): Lucene queries give every value as a string. */
export const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

const DAY_MS = 86_400_000;

/**
 * A range bound: numbers compare with numbers; a date string with the instant stored for dates
 * (a date without a time, as an upper `lte` or lower `gt` bound, means the end of that day, as
 * Elasticsearch rounds it); a string holding a number with numbers and as text with text; other
 * strings as text.
 */
export function boundCondition(op: string, bound: unknown, path: string): { sql: string; params: unknown[] } {
  if (typeof bound === 'number' && Number.isFinite(bound)) return { sql: `f.num ${op} ?`, params: [bound] };
  if (typeof bound === 'string') {
    const instant = parseInstant(bound);
    if (instant !== undefined) {
      const roundsUp = bound.length === 10 && (op === '<=' || op === '>');
      return { sql: `f.num ${op} ?`, params: [roundsUp ? instant + DAY_MS - 1 : instant] };
    }
    if (NUMERIC.test(bound))
      return {
        sql: `((typeof(f.value) IN ('integer', 'real') AND f.num ${op} ?) OR (typeof(f.value) = 'text' AND f.value ${op} ?))`,
        params: [Number(bound), bound],
      };
    return { sql: `typeof(f.value) = 'text' AND f.value ${op} ?`, params: [bound] };
  }
  throw invalid(path, 'expected a number or a string');
}

/** An exact value and, for a string holding a number, the number too (`"100"` finds the number 100). */
function exactValues(value: string | number): Array<string | number> {
  return typeof value === 'string' && NUMERIC.test(value) ? [value, Number(value)] : [value];
}

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/**
 * Exact values as stored, and as instants: a date (an ISO string or epoch milliseconds) finds the
 * same instant however a document gave it, as a term on an Elasticsearch date field does.
 */
export function exactCondition(
  values: ReadonlyArray<string | number>,
  insensitive: boolean,
): { sql: string; params: unknown[] } {
  const stored = values.flatMap(exactValues);
  const instants = values.flatMap((v) => (typeof v === 'number' ? [v] : (parseInstant(v) ?? [])));
  const sql = `${insensitive ? 'f.value COLLATE NOCASE' : 'f.value'} IN (${placeholders(stored.length)})`;
  if (instants.length === 0) return { sql, params: stored };
  return { sql: `(${sql} OR f.num IN (${placeholders(instants.length)}))`, params: [...stored, ...instants] };
}

/** Glob conditions, made case-insensitive on request (ASCII letters, as SQLite's lower()). */
export function globCondition(caseInsensitive: unknown, path: string): string {
  if (caseInsensitive !== undefined && typeof caseInsensitive !== 'boolean') throw invalid(path, 'expected a boolean');
  return caseInsensitive
    ? `typeof(f.value) = 'text' AND lower(f.value) GLOB lower(?)`
    : `typeof(f.value) = 'text' AND f.value GLOB ?`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch milliseconds of an ISO 8601 date or date-time (UTC unless it says otherwise). */
export function parseInstant(text: string): number | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && text.length > 10;
  const time = Date.parse(text.length === 10 || hasZone ? text : `${text}Z`);
  return Number.isNaN(time) ? undefined : time;
}
