import { isAnalysedMember, parseLuceneQuery } from '../../../core/plugin/kit.js';
import { analysedPattern, analysedRange, analysedTerms, prefixGlob } from './analysed-queries.js';
import {
  CONSTANT_SCORE,
  drivenBy,
  MATCH_ALL,
  NO_MATCH,
  valueExists,
  fieldExists,
  fieldWordRows,
  type CompiledQuery,
  type QueryCompilation,
} from './compiled-query.js';
import { fieldAndValue, invalid, isObject, single, storedValue, type Json } from './search-request-members.js';
import { boundCondition, exactCondition, globCondition, globOf, NUMERIC } from './value-conditions.js';
import { hasWords } from './doc-record.js';
import { valueWordsMatch } from './value-words.js';

export type { CompiledQuery, QueryCompilation } from './compiled-query.js';

/** Words of a full-text query, each quoted for FTS5 (so no FTS5 syntax reaches it from a client). */
function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `"${w}"`);
}

/** `boost` multiplies a clause's score; it must be a non-negative number. */
function boosted(compiled: CompiledQuery, boost: unknown, path: string): CompiledQuery {
  if (boost === undefined) return compiled;
  if (typeof boost !== 'number' || !Number.isFinite(boost) || boost < 0)
    throw invalid(path, 'expected a non-negative number');
  // A validated number, so it is written into the SQL as a literal.
  return boost === 1 ? compiled : { ...compiled, score: `((${compiled.score}) * ${boost})` };
}

const RANGE_OPS: Readonly<Record<string, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Compiles one query; `compilation.fullText` collects the full-text sub-queries. */
export function compileQuery(query: unknown, path: string, compilation: QueryCompilation): CompiledQuery {
  const [kind, body] = single(query, path);
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'match_all':
      if (!isObject(body)) throw invalid(at, 'expected an object');
      for (const key of Object.keys(body))
        if (key !== 'boost') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
      return boosted(
        {
          cond: MATCH_ALL,
          score: CONSTANT_SCORE,
          params: [],
          scoreParams: [],
          probe: { cond: MATCH_ALL, params: [] },
          // Every set: so that a count of every document (or every live one, beside a filter) adds up sets.
          sets: { sql: `SELECT id AS nset FROM ${compilation.tables.nameSets}`, params: [] },
        },
        body.boost,
        `${at}.boost`,
      );
    case 'match_none':
      return NO_MATCH;
    case 'term': {
      const { field, value, options } = fieldAndValue(body, at, 'value', ['boost', 'case_insensitive']);
      const insensitive = options.case_insensitive ?? false;
      if (typeof insensitive !== 'boolean') throw invalid(`${at}.${field}.case_insensitive`, 'expected a boolean');
      const stored = storedValue(value, `${at}.${field}`);
      if (isAnalysedMember(field))
        return boosted(analysedTerms(compilation, field, [stored], insensitive), options.boost, `${at}.${field}.boost`);
      const { sql, params } = exactCondition([stored], insensitive);
      return boosted(valueExists(compilation, field, { sql, params }), options.boost, `${at}.${field}.boost`);
    }
    case 'terms': {
      if (!isObject(body)) throw invalid(at, 'expected an object');
      const { boost, ...rest } = body;
      const [rawField, values] = single(rest, at);
      if (!Array.isArray(values)) throw invalid(`${at}.${rawField}`, 'expected an array of values');
      if (values.length === 0) return NO_MATCH;
      const field = rawField.toLowerCase();
      const stored = values.map((v, i) => storedValue(v, `${at}.${rawField}[${i}]`));
      if (isAnalysedMember(field))
        return boosted(analysedTerms(compilation, field, stored, false), boost, `${at}.boost`);
      const { sql, params } = exactCondition(stored, false);
      return boosted(valueExists(compilation, field, { sql, params }), boost, `${at}.boost`);
    }
    case 'match':
    case 'match_phrase':
      return compileFullText(kind, body, at, compilation);
    case 'prefix':
    case 'wildcard': {
      const { field, value, options } = fieldAndValue(body, at, 'value', ['boost', 'case_insensitive']);
      if (typeof value !== 'string') throw invalid(`${at}.${field}`, 'expected a string');
      const pattern = kind === 'prefix' ? prefixGlob(value) : globOf(value);
      const condition = globCondition(options.case_insensitive, `${at}.${field}.case_insensitive`);
      const compiled = isAnalysedMember(field)
        ? analysedPattern(compilation, field, pattern, options.case_insensitive === true)
        : valueExists(compilation, field, { sql: condition, params: [pattern] });
      return boosted(compiled, options.boost, `${at}.${field}.boost`);
    }
    case 'range': {
      const [rawField, spec] = single(body, at);
      const fieldPath = `${at}.${rawField}`;
      if (!isObject(spec)) throw invalid(fieldPath, 'expected an object of bounds');
      const bounds: Array<{ sqlOp: string; bound: unknown; path: string }> = [];
      for (const [op, bound] of Object.entries(spec)) {
        if (op === 'boost') continue;
        const sqlOp = RANGE_OPS[op];
        if (sqlOp === undefined) throw invalid(`${fieldPath}.${op}`, `"${op}" is not supported`);
        bounds.push({ sqlOp, bound, path: `${fieldPath}.${op}` });
      }
      if (bounds.length === 0) throw invalid(fieldPath, 'expected at least one of gt, gte, lt, lte');
      const field = rawField.toLowerCase();
      if (isAnalysedMember(field))
        return boosted(analysedRange(compilation, field, bounds), spec.boost, `${fieldPath}.boost`);
      const parts = bounds.map((b) => boundCondition(b.sqlOp, b.bound, b.path));
      const compiled = valueExists(compilation, field, {
        sql: parts.map((p) => p.sql).join(' AND '),
        params: parts.flatMap((p) => p.params),
      });
      return boosted(compiled, spec.boost, `${fieldPath}.boost`);
    }
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') throw invalid(`${at}.field`, 'expected a field name');
      for (const key of Object.keys(body))
        if (key !== 'field' && key !== 'boost') throw invalid(`${at}.${key}`, `"${key}" is not supported`);
      return boosted(fieldExists(compilation, body.field.toLowerCase()), body.boost, `${at}.boost`);
    }
    case 'bool':
      return compileBool(body, at, compilation);
    case 'query_string':
      return compileQueryString(body, at, compilation);
    default:
      throw invalid(at, `the query "${kind}" is not supported`);
  }
}

/**
 * `query_string`: Lucene, translated by the kit's `parseLuceneQuery` (so every driver reads Lucene
 * alike) and compiled as the query it translates to. A malformed query throws the translator's
 * `SEARCH_QUERY_INVALID` (a 400). Only `query`: `default_field` and the other options of
 * Elasticsearch's `query_string` would need the translator to take them, so they are refused.
 */
function compileQueryString(body: unknown, path: string, compilation: QueryCompilation): CompiledQuery {
  if (!isObject(body)) throw invalid(path, 'expected an object');
  for (const key of Object.keys(body))
    if (key !== 'query') throw invalid(`${path}.${key}`, `"${key}" is not supported`);
  if (typeof body.query !== 'string') throw invalid(`${path}.query`, 'expected the Lucene query text');
  return compileQuery(parseLuceneQuery(body.query), path, compilation);
}

/**
 * `match` and `match_phrase`: FTS5 over the field's text values, scored by bm25 (FTS5's `rank`,
 * lower is better, so negated). A phrase with `slop` becomes FTS5's NEAR (the words at most `slop`
 * words apart, in any order: looser than Lucene, which counts a swap as two moves). A one-word
 * `match` of a number or `true`/`false` also finds the field's exact numbers and booleans, which are
 * not text: Elasticsearch matches them through the field's type.
 */
function compileFullText(
  kind: 'match' | 'match_phrase',
  body: unknown,
  at: string,
  compilation: QueryCompilation,
): CompiledQuery {
  const optionKeys = kind === 'match' ? ['boost', 'operator'] : ['boost', 'slop'];
  const { field, value, options } = fieldAndValue(body, at, 'query', optionKeys);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    throw invalid(`${at}.${field}`, 'expected the text to search for');
  const terms = words(String(value));
  if (terms.length === 0) return NO_MATCH;
  const operator = options.operator ?? 'or';
  if (operator !== 'or' && operator !== 'and' && operator !== 'OR' && operator !== 'AND')
    throw invalid(`${at}.${field}.operator`, 'expected "and" or "or"');
  const slop = options.slop ?? 0;
  if (typeof slop !== 'number' || !Number.isInteger(slop) || slop < 0)
    throw invalid(`${at}.${field}.slop`, 'expected a non-negative integer');
  let match: string;
  if (kind === 'match') match = terms.join(` ${String(operator).toUpperCase()} `);
  else if (slop === 0 || terms.length === 1) match = `"${terms.map((t) => t.slice(1, -1)).join(' ')}"`;
  else match = `NEAR(${terms.join(' ')}, ${slop})`;
  const { tables, fullText } = compilation;
  const name = `ft${fullText.length}`;
  if (hasWords(field))
    fullText.push({
      name,
      // FTS5 refuses bm25() itself inside an aggregate, hence `rank`.
      sql: `${fieldWordRows(compilation, (doc) => `${doc}, MAX(-${tables.wordsRef}.rank)`)} GROUP BY 1`,
      // bm25 is most of the cost of a common word (100,000 rows: 86 ms scored, 20 without).
      unscoredSql: fieldWordRows(compilation, (doc) => `DISTINCT ${doc}, 0.0`),
      params: [match, field, field],
    });
  else fullText.push(valueWordsMatch(compilation, name, field, match));
  const text: CompiledQuery = {
    cond: `d.rowid IN (SELECT doc FROM temp.${name})`,
    score: `COALESCE((SELECT s FROM temp.${name} WHERE doc = d.rowid), 0.0)`,
    params: [],
    scoreParams: [],
    driven: drivenBy(`SELECT doc FROM temp.${name}`, []),
  };
  const raw = String(value).trim().toLowerCase();
  if (kind === 'match_phrase' || !(NUMERIC.test(raw) || raw === 'true' || raw === 'false'))
    return boosted(text, options.boost, `${at}.${field}.boost`);
  // Numbers are stored as numbers and booleans as `true`/`false`, neither of them as words.
  const exact = valueExists(compilation, field, {
    sql: 'f.value IN (?, ?)',
    params: [raw, NUMERIC.test(raw) ? Number(raw) : raw],
  });
  const compiled: CompiledQuery = {
    cond: `(${text.cond} OR ${exact.cond})`,
    params: exact.params,
    score: `MAX(${text.score}, CASE WHEN ${exact.cond} THEN 1.0 ELSE 0.0 END)`,
    scoreParams: exact.params,
  };
  return boosted(compiled, options.boost, `${at}.${field}.boost`);
}

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
  const defaultMinimum = should.length > 0 && must.length === 0 && filter.length === 0 ? 1 : 0;
  const minimum =
    body.minimum_should_match === undefined
      ? defaultMinimum
      : minimumShouldMatch(body.minimum_should_match, should.length, `${path}.minimum_should_match`);
  // A filter (a permission or `live` filter, say) may hold most documents: set beside a `must` that
  // selects documents, it is checked per selected document (a seek each) instead of being listed
  // whole (the term query of bench/search.mjs at 100,000 items: from 15 ms to about 1).
  const selecting = must.some((c) => c.cond !== MATCH_ALL);
  const intersected = intersectingSets(must, filter);
  const cond = boolCondition({ ...intersected, mustNot, should }, minimum, (c) => (selecting ? (c.probe ?? c) : c));
  const allProbes = [...must, ...filter, ...mustNot, ...should].every((c) => c.probe !== undefined);
  const probe = allProbes
    ? boolCondition({ must, filter, mustNot, should }, minimum, (c) => c.probe!, true)
    : undefined;
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
  const driven = selecting ? drivenBool({ must, filter, mustNot, should }, minimum) : undefined;
  // A bool of name-set conditions alone is one too, for the bool around it to intersect.
  const onSets = [...must, ...filter];
  const setsAlone = mustNot.length === 0 && should.length === 0 && onSets.every((c) => c.sets);
  const combined = !setsAlone ? undefined : onSets.length === 1 ? onSets[0]!.sets : intersected.must[0]?.sets;
  const compiled: CompiledQuery = {
    ...cond,
    score: scoreParts.length === 0 ? '0.0' : scoreParts.join(' + '),
    scoreParams,
    ...(probe ? { probe } : {}),
    ...(combined ? { sets: combined } : {}),
    ...(driven ? { driven } : {}),
  };
  return boosted(compiled, body.boost, `${path}.boost`);
}

type Condition = { cond: string; params: unknown[] };

/**
 * A bool driven by the list of its first `must` clause that has one (`CompiledQuery.driven`): the
 * rest of that clause, and every other clause probed per document where it can be (listed where
 * not), are what each document of the list must then pass.
 */
function drivenBool(
  clauses: Record<'must' | 'filter' | 'mustNot' | 'should', CompiledQuery[]>,
  minimum: number,
): CompiledQuery['driven'] {
  const driver = clauses.must.find((c) => c.driven);
  if (!driver?.driven) return undefined;
  const { list, rest } = driver.driven;
  const others = boolCondition(
    {
      ...clauses,
      ...intersectingSets(
        clauses.must.filter((c) => c !== driver),
        clauses.filter,
      ),
    },
    minimum,
    (c) => c.probe ?? c,
    true,
  );
  const conds = [rest, others].filter((c) => c.cond !== MATCH_ALL);
  return {
    list,
    rest: {
      cond: conds.length === 0 ? MATCH_ALL : conds.map((c) => `(${c.cond})`).join(' AND '),
      params: conds.flatMap((c) => c.params),
    },
  };
}

/**
 * Must and filter clauses with several on name sets alone (a type, a language, `live`): those as
 * one condition, the intersection of their sets, which SQLite computes once and then finds the
 * documents of through `docs_nset` (three such clauses over 100,000 documents: each checked per
 * document before). Only for the condition: each clause's score stays its own.
 */
function intersectingSets(
  must: CompiledQuery[],
  filter: CompiledQuery[],
): { must: CompiledQuery[]; filter: CompiledQuery[] } {
  const bySets = [...must, ...filter].filter((c) => c.sets);
  if (bySets.length < 2) return { must, filter };
  // Each part in a sub-select of its own: compound operators have no precedence in SQLite.
  const sql = bySets.map((c) => `SELECT nset FROM (${c.sets!.sql})`).join(' INTERSECT ');
  const params = bySets.flatMap((c) => c.sets!.params);
  const cond = `d.nset IN (${sql})`;
  const sets: CompiledQuery = {
    cond,
    params,
    score: CONSTANT_SCORE,
    scoreParams: [],
    probe: { cond, params },
    sets: { sql, params },
  };
  return { must: [sets, ...must.filter((c) => !c.sets)], filter: filter.filter((c) => !c.sets) };
}

/**
 * The condition of a bool: must and filter hold, no must_not does, `minimum` should clauses do.
 * `filterForm` picks each filter and must_not clause's form (its list or its per-document probe);
 * `probing` the must and should clauses' too, for the bool's own probe.
 */
function boolCondition(
  clauses: Record<'must' | 'filter' | 'mustNot' | 'should', CompiledQuery[]>,
  minimum: number,
  filterForm: (c: CompiledQuery) => Condition,
  probing = false,
): Condition {
  const form = (c: CompiledQuery): Condition => (probing ? filterForm(c) : c);
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, c: Condition): void => {
    conds.push(sql.replace('$', () => c.cond));
    params.push(...c.params);
  };
  for (const c of clauses.must) add('($)', form(c));
  for (const c of clauses.filter) add('($)', filterForm(c));
  for (const c of clauses.mustNot) add('NOT ($)', filterForm(c));
  if (minimum > 0 && clauses.should.length > 0) {
    const parts = clauses.should.map(form);
    conds.push(`(${parts.map((c) => `(CASE WHEN ${c.cond} THEN 1 ELSE 0 END)`).join(' + ')}) >= ${minimum}`);
    for (const c of parts) params.push(...c.params);
  }
  return { cond: conds.length === 0 ? MATCH_ALL : conds.join(' AND '), params };
}
