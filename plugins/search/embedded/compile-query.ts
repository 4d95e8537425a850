import { InvalidError } from '../../../core/plugin/kit.js';

/**
 * An Elasticsearch query compiled to SQL over the tables of `sqlite-search-index.ts`: `cond` is a
 * boolean expression on the outer `d` (the `docs` row), `score` a numeric one. Full-text members
 * become materialised CTEs (`ftN(doc, s)`), so FTS5 runs each MATCH once per search.
 */
export interface CompiledQuery {
  cond: string;
  /** The parameters of `cond`, in order. */
  params: unknown[];
  score: string;
  /** The parameters of `score`, in order. */
  scoreParams: unknown[];
}

export interface QueryCompilation {
  ctes: Array<{ sql: string; params: unknown[] }>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function invalid(path: string, message: string): InvalidError {
  return new InvalidError(`Search request: ${message} (at ${path})`, { fieldName: path });
}

/** The only member of `{ member: body }`, as ES queries have. */
function single(value: unknown, path: string): [string, unknown] {
  if (!isObject(value)) throw invalid(path, 'expected an object');
  const entries = Object.entries(value);
  if (entries.length !== 1) throw invalid(path, `expected exactly one member, found ${entries.length}`);
  return entries[0]!;
}

/** `{ field: value }` or `{ field: { <valueKey>: value, boost? } }`: the field (lower-cased) and the value. */
function fieldAndValue(
  body: unknown,
  path: string,
  valueKey: string,
): { field: string; value: unknown; options: Json } {
  const [field, spec] = single(body, path);
  if (isObject(spec)) {
    for (const key of Object.keys(spec))
      if (key !== valueKey && key !== 'boost' && key !== 'operator' && key !== 'case_insensitive')
        throw invalid(`${path}.${field}.${key}`, `"${key}" is not supported`);
    if (!(valueKey in spec)) throw invalid(`${path}.${field}`, `"${valueKey}" is missing`);
    return { field: field.toLowerCase(), value: spec[valueKey], options: spec };
  }
  return { field: field.toLowerCase(), value: spec, options: {} };
}

/** A query value as stored: booleans are stored as `true`/`false` text. */
function storedValue(value: unknown, path: string): string | number {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return String(value);
  throw invalid(path, 'expected a string, a number or a boolean');
}

const CONSTANT_SCORE = '1.0';

function valueExists(field: string, condition: string, params: unknown[]): CompiledQuery {
  return {
    // Not correlated: SQLite runs the look-up once (on the (field, value) or (field, num) index) and
    // tests membership per document, instead of probing every document.
    cond: `d.rowid IN (SELECT f.doc FROM fields f WHERE f.field = ? AND ${condition})`,
    score: CONSTANT_SCORE,
    params: [field, ...params],
    scoreParams: [],
  };
}

/** Words of a full-text query, each quoted for FTS5 (so no FTS5 syntax reaches it from a client). */
function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `"${w}"`);
}

/** GLOB pattern of an ES wildcard (`*`, `?`, `\` escapes), everything else literal. */
function globOf(pattern: string): string {
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

/** A range bound: numbers compare with numbers; a date string with the instant stored for dates; other strings as text. */
function boundCondition(op: string, bound: unknown, path: string): { sql: string; param: unknown } {
  if (typeof bound === 'number' && Number.isFinite(bound)) return { sql: `f.num ${op} ?`, param: bound };
  if (typeof bound === 'string') {
    const instant = parseInstant(bound);
    if (instant !== undefined) return { sql: `f.num ${op} ?`, param: instant };
    return { sql: `typeof(f.value) = 'text' AND f.value ${op} ?`, param: bound };
  }
  throw invalid(path, 'expected a number or a string');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch milliseconds of an ISO 8601 date or date-time (UTC unless it says otherwise). */
export function parseInstant(text: string): number | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && text.length > 10;
  const time = Date.parse(text.length === 10 || hasZone ? text : `${text}Z`);
  return Number.isNaN(time) ? undefined : time;
}

const RANGE_OPS: Readonly<Record<string, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Compiles one query; `compilation.ctes` collects the full-text sub-queries. */
export function compileQuery(query: unknown, path: string, compilation: QueryCompilation): CompiledQuery {
  const [kind, body] = single(query, path);
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'match_all':
      if (!isObject(body)) throw invalid(at, 'expected an object');
      return { cond: '1', score: CONSTANT_SCORE, params: [], scoreParams: [] };
    case 'match_none':
      return { cond: '0', score: '0.0', params: [], scoreParams: [] };
    case 'term': {
      const { field, value } = fieldAndValue(body, at, 'value');
      return valueExists(field, 'f.value = ?', [storedValue(value, `${at}.${field}`)]);
    }
    case 'terms': {
      const [rawField, values] = single(body, at);
      if (!Array.isArray(values)) throw invalid(`${at}.${rawField}`, 'expected an array of values');
      if (values.length === 0) return { cond: '0', score: '0.0', params: [], scoreParams: [] };
      const params = values.map((v, i) => storedValue(v, `${at}.${rawField}[${i}]`));
      return valueExists(rawField.toLowerCase(), `f.value IN (${params.map(() => '?').join(', ')})`, params);
    }
    case 'match':
    case 'match_phrase': {
      const { field, value, options } = fieldAndValue(body, at, 'query');
      if (typeof value !== 'string' && typeof value !== 'number')
        throw invalid(`${at}.${field}`, 'expected the text to search for');
      const terms = words(String(value));
      if (terms.length === 0) return { cond: '0', score: '0.0', params: [], scoreParams: [] };
      const operator = options.operator ?? 'or';
      if (operator !== 'or' && operator !== 'and' && operator !== 'OR' && operator !== 'AND')
        throw invalid(`${at}.${field}.operator`, 'expected "and" or "or"');
      const match =
        kind === 'match_phrase'
          ? terms.map((t) => t.slice(1, -1)).join(' ')
          : terms.join(` ${String(operator).toUpperCase()} `);
      const name = `ft${compilation.ctes.length}`;
      compilation.ctes.push({
        sql:
          // `rank` is bm25 (lower is better); FTS5 refuses bm25() itself inside an aggregate.
          `${name}(doc, s) AS MATERIALIZED (SELECT t.doc, MAX(-texts_fts.rank) FROM texts_fts ` +
          `JOIN texts t ON t.rowid = texts_fts.rowid WHERE texts_fts MATCH ? AND t.field = ? GROUP BY t.doc)`,
        params: [kind === 'match_phrase' ? `"${match}"` : match, field],
      });
      return {
        cond: `d.rowid IN (SELECT doc FROM ${name})`,
        score: `COALESCE((SELECT s FROM ${name} WHERE ${name}.doc = d.rowid), 0.0)`,
        params: [],
        scoreParams: [],
      };
    }
    case 'prefix': {
      const { field, value } = fieldAndValue(body, at, 'value');
      if (typeof value !== 'string') throw invalid(`${at}.${field}`, 'expected a string');
      return valueExists(field, `typeof(f.value) = 'text' AND f.value GLOB ?`, [`${globOf(escapeAll(value))}*`]);
    }
    case 'wildcard': {
      const { field, value } = fieldAndValue(body, at, 'value');
      if (typeof value !== 'string') throw invalid(`${at}.${field}`, 'expected a string');
      return valueExists(field, `typeof(f.value) = 'text' AND f.value GLOB ?`, [globOf(value)]);
    }
    case 'range': {
      const [rawField, spec] = single(body, at);
      const fieldPath = `${at}.${rawField}`;
      if (!isObject(spec)) throw invalid(fieldPath, 'expected an object of bounds');
      const parts: string[] = [];
      const params: unknown[] = [];
      for (const [op, bound] of Object.entries(spec)) {
        if (op === 'boost' || op === 'format') continue;
        const sqlOp = RANGE_OPS[op];
        if (sqlOp === undefined) throw invalid(`${fieldPath}.${op}`, `"${op}" is not supported`);
        const c = boundCondition(sqlOp, bound, `${fieldPath}.${op}`);
        parts.push(c.sql);
        params.push(c.param);
      }
      if (parts.length === 0) throw invalid(fieldPath, 'expected at least one of gt, gte, lt, lte');
      return valueExists(rawField.toLowerCase(), parts.join(' AND '), params);
    }
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') throw invalid(`${at}.field`, 'expected a field name');
      return valueExists(body.field.toLowerCase(), '1', []);
    }
    case 'bool':
      return compileBool(body, at, compilation);
    default:
      throw invalid(at, `the query "${kind}" is not supported`);
  }
}

/** Every character literal: a prefix has no wildcards. */
const escapeAll = (text: string): string => text.replace(/[\\*?]/g, (c) => `\\${c}`);

function clauses(body: Json, key: string, path: string, compilation: QueryCompilation): CompiledQuery[] {
  const value = body[key];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((q, i) =>
    compileQuery(q, Array.isArray(value) ? `${path}.${key}[${i}]` : `${path}.${key}`, compilation),
  );
}

function minimumShouldMatch(value: unknown, shouldCount: number, path: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value < 0 ? shouldCount + value : value;
  if (typeof value === 'string') {
    const percent = /^(-?\d+)%$/.exec(value);
    if (percent) {
      const p = Number(percent[1]);
      const n = Math.floor((shouldCount * Math.abs(p)) / 100);
      return p < 0 ? shouldCount - n : n;
    }
    if (/^-?\d+$/.test(value)) return minimumShouldMatch(Number(value), shouldCount, path);
  }
  throw invalid(path, 'expected an integer or a percentage');
}

const BOOL_MEMBERS = new Set(['must', 'should', 'must_not', 'filter', 'minimum_should_match', 'boost']);

function compileBool(body: unknown, path: string, compilation: QueryCompilation): CompiledQuery {
  if (!isObject(body)) throw invalid(path, 'expected an object');
  for (const key of Object.keys(body))
    if (!BOOL_MEMBERS.has(key)) throw invalid(`${path}.${key}`, `"${key}" is not supported in bool`);
  const must = clauses(body, 'must', path, compilation);
  const filter = clauses(body, 'filter', path, compilation);
  const mustNot = clauses(body, 'must_not', path, compilation);
  const should = clauses(body, 'should', path, compilation);
  const conds: string[] = [];
  const params: unknown[] = [];
  for (const c of [...must, ...filter]) {
    conds.push(`(${c.cond})`);
    params.push(...c.params);
  }
  for (const c of mustNot) {
    conds.push(`NOT (${c.cond})`);
    params.push(...c.params);
  }
  const defaultMinimum = should.length > 0 && must.length === 0 && filter.length === 0 ? 1 : 0;
  const minimum =
    body.minimum_should_match === undefined
      ? defaultMinimum
      : minimumShouldMatch(body.minimum_should_match, should.length, `${path}.minimum_should_match`);
  if (minimum > 0 && should.length > 0) {
    conds.push(`(${should.map((c) => `(CASE WHEN ${c.cond} THEN 1 ELSE 0 END)`).join(' + ')}) >= ${minimum}`);
    for (const c of should) params.push(...c.params);
  }
  // A should clause's score repeats its condition, so its condition's parameters come again.
  const scoreParts: string[] = [];
  const scoreParams: unknown[] = [];
  for (const c of must) {
    scoreParts.push(c.score);
    scoreParams.push(...c.scoreParams);
  }
  for (const c of should) {
    scoreParts.push(`(CASE WHEN ${c.cond} THEN ${c.score} ELSE 0.0 END)`);
    scoreParams.push(...c.params, ...c.scoreParams);
  }
  if (must.length === 0 && should.length === 0 && filter.length === 0 && mustNot.length === 0)
    scoreParts.push(CONSTANT_SCORE);
  return {
    cond: conds.length === 0 ? '1' : conds.join(' AND '),
    params,
    score: scoreParts.length === 0 ? '0.0' : scoreParts.join(' + '),
    scoreParams,
  };
}
