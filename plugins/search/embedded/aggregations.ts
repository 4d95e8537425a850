import { invalid } from './search-request-members.js';

/**
 * Aggregations, Elasticsearch's way: over the documents the query matches (whatever `from` and
 * `size`), each bucket counting documents (a document with two values in one bucket counts once).
 * The values of the fields they read are fetched once per field and bucketed here, so a nested
 * aggregation reuses them for each bucket's documents instead of running a query per bucket.
 */
export type Aggregation = TermsAggregation | DateHistogramAggregation;

interface Common {
  name: string;
  field: string;
  subs: Aggregation[];
}
export interface TermsAggregation extends Common {
  kind: 'terms';
  size: number;
}
export interface DateHistogramAggregation extends Common {
  kind: 'date_histogram';
  /** The path of the aggregation's body, for errors found while bucketing. */
  path: string;
  interval: Interval;
  minDocCount: number;
}

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
export type Interval = { calendar: CalendarUnit } | { fixedMs: number };

/** A value of a field of a document: the value as stored and its number (numbers, dates) if any. */
export interface FieldValue {
  value: unknown;
  num: number | null;
}
/** The values of one field, by document (the matching documents only). */
export type ValuesByDoc = Map<number, FieldValue[]>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CALENDAR_UNITS: Readonly<Record<string, CalendarUnit>> = {
  minute: 'minute',
  '1m': 'minute',
  hour: 'hour',
  '1h': 'hour',
  day: 'day',
  '1d': 'day',
  week: 'week',
  '1w': 'week',
  month: 'month',
  '1M': 'month',
  quarter: 'quarter',
  '1q': 'quarter',
  year: 'year',
  '1y': 'year',
};
const FIXED_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Elasticsearch's `search.max_buckets`: past it a histogram is refused rather than built. */
const MAX_BUCKETS = 65_536;

/** `aggs` or `aggregations` of a request (one of them), compiled; anything unsupported is refused, naming it. */
export function compileAggregations(request: Json): Aggregation[] {
  if (request.aggs !== undefined && request.aggregations !== undefined)
    throw invalid('aggregations', 'give "aggs" or "aggregations", not both');
  const key = request.aggs !== undefined ? 'aggs' : 'aggregations';
  return compileLevel(request[key], key, 0);
}

function compileLevel(aggs: unknown, path: string, depth: number): Aggregation[] {
  if (aggs === undefined) return [];
  if (!isObject(aggs)) throw invalid(path, 'expected an object of named aggregations');
  return Object.entries(aggs).map(([name, spec]) => compileOne(name, spec, `${path}.${name}`, depth));
}

function compileOne(name: string, spec: unknown, path: string, depth: number): Aggregation {
  if (!isObject(spec)) throw invalid(path, 'expected an object');
  let kind: 'terms' | 'date_histogram' | undefined;
  let subsKey: string | undefined;
  for (const key of Object.keys(spec)) {
    if (key === 'aggs' || key === 'aggregations') {
      if (subsKey !== undefined) throw invalid(`${path}.${key}`, 'give "aggs" or "aggregations", not both');
      if (depth >= 1) throw invalid(`${path}.${key}`, 'aggregations nest one level deep at most');
      subsKey = key;
    } else if (key === 'terms' || key === 'date_histogram') {
      if (kind !== undefined) throw invalid(`${path}.${key}`, 'expected one aggregation type');
      kind = key;
    } else throw invalid(`${path}.${key}`, `the aggregation "${key}" is not supported`);
  }
  if (kind === undefined) throw invalid(path, 'expected an aggregation type (terms or date_histogram)');
  const subs = subsKey === undefined ? [] : compileLevel(spec[subsKey], `${path}.${subsKey}`, depth + 1);
  const at = `${path}.${kind}`;
  const body = spec[kind];
  if (!isObject(body)) throw invalid(at, 'expected an object');
  if (typeof body.field !== 'string') throw invalid(`${at}.field`, 'expected a field name');
  const field = body.field.toLowerCase();
  if (kind === 'terms') {
    for (const key of Object.keys(body))
      if (key !== 'field' && key !== 'size') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
    return { kind, name, field, subs, size: nonNegativeInteger(body.size ?? 10, `${at}.size`) };
  }
  for (const key of Object.keys(body))
    if (!['field', 'calendar_interval', 'fixed_interval', 'min_doc_count'].includes(key))
      throw invalid(`${at}.${key}`, `"${key}" is not supported`);
  return {
    kind,
    name,
    field,
    subs,
    path: at,
    interval: intervalOf(body, at),
    minDocCount: nonNegativeInteger(body.min_doc_count ?? 0, `${at}.min_doc_count`),
  };
}

function nonNegativeInteger(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(path, 'expected a non-negative integer');
  return value;
}

function intervalOf(body: Json, path: string): Interval {
  const { calendar_interval: calendar, fixed_interval: fixed } = body;
  if ((calendar === undefined) === (fixed === undefined))
    throw invalid(path, 'expected one of calendar_interval and fixed_interval');
  if (calendar !== undefined) {
    const unit = typeof calendar === 'string' ? CALENDAR_UNITS[calendar] : undefined;
    if (unit === undefined)
      throw invalid(
        `${path}.calendar_interval`,
        'expected minute, hour, day, week, month, quarter or year (or 1m, 1h, …)',
      );
    return { calendar: unit };
  }
  const match = typeof fixed === 'string' ? /^(\d+)(ms|s|m|h|d)$/.exec(fixed) : null;
  const ms = match ? Number(match[1]) * FIXED_UNITS_MS[match[2]!]! : 0;
  if (!(ms > 0)) throw invalid(`${path}.fixed_interval`, 'expected a positive amount of ms, s, m, h or d, like 30m');
  return { fixedMs: ms };
}

/** What an aggregation reads of a field: `terms` its values, `date_histogram` its numbers (instants). */
export interface FieldNeeds {
  value: boolean;
  num: boolean;
}

/** Every field the aggregations read, nested ones included, and what of it. */
export function aggregationFields(
  aggs: readonly Aggregation[],
  fields = new Map<string, FieldNeeds>(),
): Map<string, FieldNeeds> {
  for (const agg of aggs) {
    const needs = fields.get(agg.field) ?? { value: false, num: false };
    if (agg.kind === 'terms') needs.value = true;
    else needs.num = true;
    fields.set(agg.field, needs);
    aggregationFields(agg.subs, fields);
  }
  return fields;
}

/** The results of `aggs` over `docs`, reading values from `values` (by field). */
export function runAggregations(
  aggs: readonly Aggregation[],
  docs: readonly number[],
  values: ReadonlyMap<string, ValuesByDoc>,
): Json {
  const result: Json = {};
  for (const agg of aggs) {
    const byDoc = values.get(agg.field) ?? new Map<number, FieldValue[]>();
    result[agg.name] =
      agg.kind === 'terms' ? termsResult(agg, docs, byDoc, values) : histogramResult(agg, docs, byDoc, values);
  }
  return result;
}

/** Mixed keys order as SQLite orders values: numbers before text. */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function termsResult(
  agg: TermsAggregation,
  docs: readonly number[],
  byDoc: ValuesByDoc,
  values: ReadonlyMap<string, ValuesByDoc>,
): Json {
  // Keyed by type and value: the text "1" and the number 1 are two buckets.
  const buckets = new Map<string, { key: unknown; docs: number[] }>();
  for (const doc of docs) {
    const list = byDoc.get(doc);
    if (!list) continue;
    // Most documents hold one value: no set of seen values for them.
    const seen = list.length > 1 ? new Set<string>() : undefined;
    for (const { value } of list) {
      const id = `${typeof value}:${String(value)}`;
      if (seen?.has(id)) continue;
      seen?.add(id);
      let bucket = buckets.get(id);
      if (!bucket) buckets.set(id, (bucket = { key: value, docs: [] }));
      bucket.docs.push(doc);
    }
  }
  const counted = [...buckets.values()].map((b) => ({ key: b.key, count: b.docs.length, docs: b.docs }));
  return termsBuckets(agg.size, counted, (b) => runAggregations(agg.subs, b.docs, values));
}

/**
 * A terms aggregation's answer from its buckets' counts: the `size` largest, ties by key, and what
 * the others counted. `subs` adds each returned bucket's sub-aggregations.
 */
export function termsBuckets<B extends { key: unknown; count: number }>(
  size: number,
  counted: B[],
  subs: (bucket: B) => Json = () => ({}),
): Json {
  const ordered = counted.sort((a, b) => b.count - a.count || compareKeys(a.key, b.key));
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: ordered.slice(size).reduce((sum, b) => sum + b.count, 0),
    buckets: ordered.slice(0, size).map((b) => ({ key: b.key, doc_count: b.count, ...subs(b) })),
  };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const FIXED_UNITS: Partial<Record<CalendarUnit, number>> = { minute: MINUTE, hour: HOUR, day: DAY };

/** The length of every bucket of an interval whose buckets are all alike (fixed; a calendar minute, hour or day), in ms. */
export const fixedLength = (interval: Interval): number | undefined =>
  'fixedMs' in interval ? interval.fixedMs : FIXED_UNITS[interval.calendar];

/** The start of the bucket holding `time` (UTC, weeks starting on Monday as ISO weeks do). */
export function bucketStart(time: number, interval: Interval): number {
  if ('fixedMs' in interval) return Math.floor(time / interval.fixedMs) * interval.fixedMs;
  const date = new Date(time);
  const [y, m] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (interval.calendar) {
    case 'minute':
      return Math.floor(time / MINUTE) * MINUTE;
    case 'hour':
      return Math.floor(time / HOUR) * HOUR;
    case 'day':
      return Math.floor(time / DAY) * DAY;
    case 'week':
      return Math.floor(time / DAY) * DAY - ((date.getUTCDay() + 6) % 7) * DAY;
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextStart(start: number, interval: Interval): number {
  if ('fixedMs' in interval) return start + interval.fixedMs;
  const date = new Date(start);
  const [y, m] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (interval.calendar) {
    case 'minute':
      return start + MINUTE;
    case 'hour':
      return start + HOUR;
    case 'day':
      return start + DAY;
    case 'week':
      return start + 7 * DAY;
    case 'month':
      return Date.UTC(y, m + 1, 1);
    case 'quarter':
      return Date.UTC(y, m + 3, 1);
    case 'year':
      return Date.UTC(y + 1, 0, 1);
  }
}

/**
 * Buckets by key (the bucket's start, epoch milliseconds), ascending. With `min_doc_count` 0 (the
 * default) the empty buckets between the first and the last filled one are there too, as
 * Elasticsearch answers; `key_as_string` is Elasticsearch's default date format.
 */
function histogramResult(
  agg: DateHistogramAggregation,
  docs: readonly number[],
  byDoc: ValuesByDoc,
  values: ReadonlyMap<string, ValuesByDoc>,
): Json {
  const buckets = new Map<number, number[]>();
  for (const doc of docs) {
    const list = byDoc.get(doc);
    if (!list) continue;
    const seen = list.length > 1 ? new Set<number>() : undefined;
    for (const { num } of list) {
      if (num === null) continue;
      const key = bucketStart(num, agg.interval);
      if (seen?.has(key)) continue;
      seen?.add(key);
      const bucket = buckets.get(key) ?? [];
      bucket.push(doc);
      buckets.set(key, bucket);
    }
  }
  const counted = new Map([...buckets].map(([key, docs]) => [key, { count: docs.length, docs }]));
  return histogramBuckets(agg, counted, (bucket) => runAggregations(agg.subs, bucket?.docs ?? [], values));
}

/**
 * A date histogram's answer from its buckets' counts by start: in order, the empty ones between
 * the first and the last added when `min_doc_count` is 0. `subs` adds each bucket's sub-aggregations
 * (given undefined for an empty one).
 */
export function histogramBuckets<B extends { count: number }>(
  agg: DateHistogramAggregation,
  buckets: ReadonlyMap<number, B>,
  subs: (bucket: B | undefined) => Json = () => ({}),
): Json {
  let keys = [...buckets.keys()].sort((a, b) => a - b);
  if (agg.minDocCount === 0 && keys.length > 0) {
    const [first, last] = [keys[0]!, keys[keys.length - 1]!];
    keys = [];
    for (let key = first; key <= last; key = nextStart(key, agg.interval)) {
      keys.push(key);
      if (keys.length > MAX_BUCKETS) throw invalid(agg.path, `more than ${MAX_BUCKETS} buckets; use a longer interval`);
    }
  }
  if (keys.length > MAX_BUCKETS) throw invalid(agg.path, `more than ${MAX_BUCKETS} buckets; use a longer interval`);
  return {
    buckets: keys
      .map((key) => ({ key, bucket: buckets.get(key) }))
      .filter(({ bucket }) => (bucket?.count ?? 0) >= agg.minDocCount)
      .map(({ key, bucket }) => ({
        key_as_string: new Date(key).toISOString(),
        key,
        doc_count: bucket?.count ?? 0,
        ...subs(bucket),
      })),
  };
}
