import { InvalidError, isAnalysedMember, parseLuceneQuery } from '../../../core/plugin/kit.js';
import { analysedPattern, analysedRange, analysedTerm, analysedTermsQuery } from './analysed-translation.js';
import { TEXT_SUBFIELD } from './mapping.js';

/**
 * The contract's query DSL checked member by member and rewritten for the index `mapping.ts`
 * builds. Elasticsearch would accept much more than the contract (`fuzzy`, `script`, ...); the
 * driver refuses whatever the contract does not list, naming it as the embedded driver does, so a
 * request that works here works on every driver.
 *
 * Rewrites: every field name is lower-cased (the contract's names are case-insensitive, ES's are
 * not), `match`/`match_phrase` search both the field and its analysed `.text` sub-field, `term`,
 * `terms`, `prefix`, `wildcard` and `range` on an analysed member go to its tokens
 * (`analysed-translation.ts`), date bounds of `range` become epoch milliseconds, and
 * `query_string` becomes the DSL of the kit's Lucene translator.
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function invalid(path: string, message: string): InvalidError {
  return new InvalidError(`Search request: ${message} (at ${path})`, { fieldName: path });
}

/** The only member of `{ member: body }`, as ES queries have. */
export function single(value: unknown, path: string): [string, unknown] {
  if (!isObject(value)) throw invalid(path, 'expected an object');
  const entries = Object.entries(value);
  if (entries.length !== 1) throw invalid(path, `expected exactly one member, found ${entries.length}`);
  return entries[0]!;
}

/** `{ field: value }` or `{ field: { <valueKey>: value, ...allowed } }`, the long form answered. */
function fieldAndValue(body: unknown, path: string, valueKey: string, allowed: readonly string[]) {
  const [field, spec] = single(body, path);
  if (!isObject(spec)) return { field: field.toLowerCase(), options: { [valueKey]: spec } as Json, rawField: field };
  for (const key of Object.keys(spec))
    if (key !== valueKey && !allowed.includes(key))
      throw invalid(`${path}.${field}.${key}`, `"${key}" is not supported`);
  if (!(valueKey in spec)) throw invalid(`${path}.${field}`, `"${valueKey}" is missing`);
  return { field: field.toLowerCase(), options: { ...spec }, rawField: field };
}

function scalar(value: unknown, path: string): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw invalid(path, 'expected a string, a number or a boolean');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Epoch milliseconds of an ISO date bound, UTC unless it names a zone (the embedded driver's
 * reading). A number bound is read by a `date` field as epoch millis (its format includes
 * `epoch_millis`) and by a numeric field as itself, so a date bound also compares with dates
 * given as epoch milliseconds, which the index holds as numbers.
 */
export function dateBound(text: string): number | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && text.length > 10;
  const time = Date.parse(text.length === 10 || hasZone ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(time) ? undefined : time;
}

const RANGE_BOUNDS = new Set(['gt', 'gte', 'lt', 'lte']);
const BOOL_MEMBERS = new Set(['must', 'should', 'must_not', 'filter', 'minimum_should_match', 'boost']);

/** Translates one query of the contract's DSL to Elasticsearch's, or throws an `InvalidError` naming the member. */
export function translateQuery(query: unknown, path: string): Json {
  const [kind, body] = single(query, path);
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'match_all':
    case 'match_none': {
      if (!isObject(body)) throw invalid(at, 'expected an object');
      for (const key of Object.keys(body))
        if (key !== 'boost') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
      return { [kind]: body };
    }
    case 'term': {
      const { field, options } = fieldAndValue(body, at, 'value', ['boost', 'case_insensitive']);
      options.value = scalar(options.value, `${at}.${field}`);
      return isAnalysedMember(field) ? analysedTerm(field, options) : { term: { [field]: options } };
    }
    case 'terms': {
      const [rawField, values] = single(body, at);
      if (!Array.isArray(values)) throw invalid(`${at}.${rawField}`, 'expected an array of values');
      const field = rawField.toLowerCase();
      const checked = values.map((v, i) => scalar(v, `${at}.${rawField}[${i}]`));
      return isAnalysedMember(field) ? analysedTermsQuery(field, checked) : { terms: { [field]: checked } };
    }
    case 'match':
    case 'match_phrase':
      return translateFullText(kind, body, at);
    case 'prefix':
    case 'wildcard': {
      const { field, options } = fieldAndValue(body, at, 'value', ['boost', 'case_insensitive']);
      if (typeof options.value !== 'string') throw invalid(`${at}.${field}`, 'expected a string');
      return isAnalysedMember(field) ? analysedPattern(kind, field, options) : { [kind]: { [field]: options } };
    }
    case 'range':
      return translateRange(body, at);
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') throw invalid(`${at}.field`, 'expected a field name');
      for (const key of Object.keys(body))
        if (key !== 'field') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
      return { exists: { field: body.field.toLowerCase() } };
    }
    case 'bool':
      return translateBool(body, at);
    case 'query_string':
      return translateQueryString(body, at);
    default:
      throw invalid(at, `the query "${kind}" is not supported`);
  }
}

/**
 * `match` and `match_phrase` as a `multi_match` over the field and its `.text` sub-field: a
 * string field is a `keyword` (exact) with the words in `.text`; `catchall` is text itself; a
 * number, date or boolean field has no `.text`, and `lenient` lets its exact value match (`"5"`
 * on a number, as a Lucene `price:5` asks) instead of failing on text it cannot parse. The best
 * field's score counts (`best_fields`), so the words score as a `match` on `.text` alone would.
 */
function translateFullText(kind: 'match' | 'match_phrase', body: unknown, at: string): Json {
  const allowed = kind === 'match' ? ['boost', 'operator'] : ['boost', 'slop'];
  const { field, options } = fieldAndValue(body, at, 'query', allowed);
  if (typeof options.query !== 'string' && typeof options.query !== 'number')
    throw invalid(`${at}.${field}`, 'expected the text to search for');
  if (options.operator !== undefined && !['and', 'or'].includes(String(options.operator).toLowerCase()))
    throw invalid(`${at}.${field}.operator`, 'expected "and" or "or"');
  if (options.slop !== undefined && (!Number.isInteger(options.slop) || (options.slop as number) < 0))
    throw invalid(`${at}.${field}.slop`, 'expected a non-negative integer');
  return {
    multi_match: {
      ...options,
      query: String(options.query),
      fields: [field, `${field}.${TEXT_SUBFIELD}`],
      type: kind === 'match' ? 'best_fields' : 'phrase',
      lenient: true,
    },
  };
}

function translateRange(body: unknown, at: string): Json {
  const [rawField, spec] = single(body, at);
  const fieldPath = `${at}.${rawField}`;
  if (!isObject(spec)) throw invalid(fieldPath, 'expected an object of bounds');
  const bounds: Json = {};
  const given: Json = {};
  let count = 0;
  for (const [op, bound] of Object.entries(spec)) {
    given[op] = bound;
    if (op === 'boost' || op === 'format') {
      bounds[op] = bound;
      continue;
    }
    if (!RANGE_BOUNDS.has(op)) throw invalid(`${fieldPath}.${op}`, `"${op}" is not supported`);
    if (typeof bound === 'string') bounds[op] = spec.format === undefined ? (dateBound(bound) ?? bound) : bound;
    else if (typeof bound === 'number' && Number.isFinite(bound)) bounds[op] = bound;
    else throw invalid(`${fieldPath}.${op}`, 'expected a number or a string');
    count++;
  }
  if (count === 0) throw invalid(fieldPath, 'expected at least one of gt, gte, lt, lte');
  const field = rawField.toLowerCase();
  return isAnalysedMember(field) ? analysedRange(field, given, bounds) : { range: { [field]: bounds } };
}

function translateBool(body: unknown, at: string): Json {
  if (!isObject(body)) throw invalid(at, 'expected an object');
  const bool: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (!BOOL_MEMBERS.has(key)) throw invalid(`${at}.${key}`, `"${key}" is not supported in bool`);
    if (key === 'boost' || key === 'minimum_should_match') {
      const ok =
        key === 'boost'
          ? typeof value === 'number'
          : (typeof value === 'number' && Number.isInteger(value)) ||
            (typeof value === 'string' && /^-?\d+%?$/.test(value));
      if (!ok)
        throw invalid(`${at}.${key}`, key === 'boost' ? 'expected a number' : 'expected an integer or a percentage');
      bool[key] = value;
    } else if (Array.isArray(value)) bool[key] = value.map((q, i) => translateQuery(q, `${at}.${key}[${i}]`));
    else bool[key] = [translateQuery(value, `${at}.${key}`)];
  }
  return { bool };
}

/**
 * Lucene through the kit's translator, not ES's own `query_string`: the two read some things
 * differently (field aliases, exact fields, lower-cased values), and every driver must read a
 * query alike. The translator's result is plain DSL, checked and rewritten like any other.
 */
function translateQueryString(body: unknown, at: string): Json {
  if (!isObject(body) || typeof body.query !== 'string') throw invalid(`${at}.query`, 'expected the Lucene query');
  for (const key of Object.keys(body)) if (key !== 'query') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
  let dsl: unknown;
  try {
    dsl = parseLuceneQuery(body.query);
  } catch (error) {
    throw new InvalidError(`Search request: ${(error as Error).message} (at ${at}.query)`, {
      fieldName: `${at}.query`,
      cause: error,
    });
  }
  return translateQuery(dsl, at);
}
