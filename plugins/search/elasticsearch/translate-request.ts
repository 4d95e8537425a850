import {
  DEFAULT_SEARCH_LIMITS,
  InvalidError,
  SEARCH_REQUEST_MEMBERS,
  checkResultWindow,
  type SearchLimits,
  type SearchRequest,
} from '../../../core/plugin/kit.js';
import { TEXT_SUBFIELD, CATCHALL } from './mapping.js';
import { invalid, isObject, translateQuery, type Json } from './translate-query.js';

const CALENDAR_INTERVALS = new Set([
  ...['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'],
  ...['1m', '1h', '1d', '1w', '1M', '1q', '1y'],
]);
const FIXED_INTERVAL = /^\d+(?:ms|s|m|h|d)$/;
/** The term suggester's modes, as Elasticsearch (and the embedded driver) read them. */
const SUGGEST_MODES = new Set(['missing', 'popular', 'always']);

/**
 * The Elasticsearch body of a contract request: checked member by member (an `InvalidError` naming
 * the first bad one) with every field name lower-cased. Totals are exact unless the request says
 * otherwise, as the embedded driver's are. A window past `limits.maxResultWindow` is refused here, as
 * the index (created with that `max_result_window`) would refuse it, with the service's code.
 */
export function translateRequest(
  request: SearchRequest,
  limits: Pick<SearchLimits, 'maxResultWindow'> = DEFAULT_SEARCH_LIMITS,
): Json {
  if (!isObject(request)) throw new InvalidError('Search request: expected a JSON object', { fieldName: 'request' });
  for (const member of Object.keys(request))
    if (!SEARCH_REQUEST_MEMBERS.has(member))
      throw invalid(member, `"${member}" is not supported by the elasticsearch search driver`);
  const from = paging(request, 'from', 0);
  const size = paging(request, 'size', 10);
  checkResultWindow(from, size, limits);
  const body: Json = {
    query: translateQuery(request.query ?? { match_all: {} }, 'query'),
    from,
    size,
    track_total_hits: request.track_total_hits ?? true,
  };
  if (typeof body.track_total_hits !== 'boolean' && !Number.isInteger(body.track_total_hits))
    throw invalid('track_total_hits', 'expected a boolean or an integer');
  if (request.sort !== undefined) body.sort = translateSort(request.sort);
  for (const key of ['aggs', 'aggregations'] as const)
    if (request[key] !== undefined) body.aggs = translateAggregations(request[key], key, true);
  if (request.suggest !== undefined) body.suggest = translateSuggest(request.suggest);
  return body;
}

function paging(request: SearchRequest, member: 'from' | 'size', fallback: number): number {
  const value = request[member] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(member, 'expected a non-negative integer');
  return value;
}

function orderOf(value: unknown, path: string): 'asc' | 'desc' {
  if (value === 'asc' || value === 'desc') return value;
  throw invalid(path, 'expected "asc" or "desc"');
}

/**
 * Sort entries in their long form. `unmapped_type: keyword` lets a field no document has yet sort
 * (every hit "missing", so last) instead of ES failing the search, as the embedded driver answers.
 */
export function translateSort(sort: unknown): Json[] {
  const list = Array.isArray(sort) ? sort : [sort];
  return list.map((entry, i) => {
    const path = Array.isArray(sort) ? `sort[${i}]` : 'sort';
    let field: string;
    let order: 'asc' | 'desc' | undefined;
    if (typeof entry === 'string') field = entry;
    else if (isObject(entry)) {
      const members = Object.entries(entry);
      if (members.length !== 1) throw invalid(path, 'expected one field per sort entry');
      const [name, spec] = members[0]!;
      field = name;
      if (typeof spec === 'string') order = orderOf(spec, `${path}.${name}`);
      else if (isObject(spec)) {
        for (const key of Object.keys(spec))
          if (key !== 'order') throw invalid(`${path}.${name}.${key}`, `"${key}" is not supported in sort`);
        if (spec.order !== undefined) order = orderOf(spec.order, `${path}.${name}.order`);
      } else throw invalid(`${path}.${name}`, 'expected "asc", "desc" or { order }');
    } else throw invalid(path, 'expected a field name or { field: order }');
    if (field === '_score' || field === '_doc')
      return { [field]: { order: order ?? (field === '_score' ? 'desc' : 'asc') } };
    return { [field.toLowerCase()]: { order: order ?? 'asc', unmapped_type: 'keyword' } };
  });
}

/** `terms` and `date_histogram`, each with sub-aggregations one level deep (`nested` is false below that). */
function translateAggregations(aggs: unknown, path: string, nested: boolean): Json {
  if (!isObject(aggs)) throw invalid(path, 'expected an object of named aggregations');
  const out: Json = {};
  for (const [name, spec] of Object.entries(aggs)) {
    const at = `${path}.${name}`;
    if (!isObject(spec)) throw invalid(at, 'expected an aggregation');
    const translated: Json = {};
    let kinds = 0;
    for (const [kind, body] of Object.entries(spec)) {
      if (kind === 'aggs' || kind === 'aggregations') {
        if (!nested) throw invalid(`${at}.${kind}`, 'aggregations nest one level deep');
        translated.aggs = translateAggregations(body, `${at}.${kind}`, false);
      } else if (kind === 'terms') {
        translated.terms = aggregationBody(body, `${at}.terms`, ['size']);
        kinds++;
      } else if (kind === 'date_histogram') {
        translated.date_histogram = dateHistogram(body, `${at}.date_histogram`);
        kinds++;
      } else throw invalid(`${at}.${kind}`, `the aggregation "${kind}" is not supported`);
    }
    if (kinds !== 1) throw invalid(at, 'expected one of terms or date_histogram');
    out[name] = translated;
  }
  return out;
}

function aggregationBody(body: unknown, at: string, allowed: readonly string[]): Json {
  if (!isObject(body) || typeof body.field !== 'string') throw invalid(`${at}.field`, 'expected a field name');
  for (const key of Object.keys(body))
    if (key !== 'field' && !allowed.includes(key)) throw invalid(`${at}.${key}`, `"${key}" is not supported`);
  if (body.size !== undefined && (!Number.isInteger(body.size) || (body.size as number) < 1))
    throw invalid(`${at}.size`, 'expected a positive integer');
  return { ...body, field: body.field.toLowerCase() };
}

function dateHistogram(body: unknown, at: string): Json {
  const out = aggregationBody(body, at, ['calendar_interval', 'fixed_interval']);
  const { calendar_interval: calendar, fixed_interval: fixed } = out;
  if ((calendar === undefined) === (fixed === undefined))
    throw invalid(at, 'expected one of calendar_interval or fixed_interval');
  if (calendar !== undefined && !CALENDAR_INTERVALS.has(String(calendar)))
    throw invalid(`${at}.calendar_interval`, 'expected minute, hour, day, week, month, quarter or year');
  if (fixed !== undefined && (typeof fixed !== 'string' || !FIXED_INTERVAL.test(fixed)))
    throw invalid(`${at}.fixed_interval`, 'expected a number and a unit (ms, s, m, h, d), such as 30m');
  return out;
}

/**
 * Term suggestions, `{ name: { text, term: { field, size } } }`. A string field's words are in its
 * `.text` sub-field (the field itself holds whole values), so the suggester is pointed there;
 * `catchall` is analysed text itself.
 */
function translateSuggest(suggest: unknown): Json {
  if (!isObject(suggest)) throw invalid('suggest', 'expected an object of named suggestions');
  const out: Json = {};
  for (const [name, spec] of Object.entries(suggest)) {
    const at = `suggest.${name}`;
    if (!isObject(spec) || typeof spec.text !== 'string' || !isObject(spec.term))
      throw invalid(at, 'expected { text, term: { field } }');
    for (const key of Object.keys(spec))
      if (key !== 'text' && key !== 'term') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
    const term = aggregationBody(spec.term, `${at}.term`, ['size', 'suggest_mode']);
    if (term.suggest_mode !== undefined && !SUGGEST_MODES.has(String(term.suggest_mode)))
      throw invalid(`${at}.term.suggest_mode`, 'expected missing, popular or always');
    const field = term.field as string;
    out[name] = { text: spec.text, term: { ...term, field: field === CATCHALL ? field : `${field}.${TEXT_SUBFIELD}` } };
  }
  return out;
}
