import type Database from 'better-sqlite3';
import {
  DEFAULT_SEARCH_LIMITS,
  InvalidError,
  SEARCH_REQUEST_MEMBERS,
  checkResultWindow,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import { compileQuery, type CompiledQuery, type QueryCompilation } from './compile-query.js';
import { invalid } from './search-request-members.js';
import { compileSort } from './compile-sort.js';
import { aggregationFields, compileAggregations, runAggregations, type ValuesByDoc } from './aggregations.js';
import { compileSuggest, runSuggest } from './suggest.js';
import type { Tables } from './schema.js';
import { armsOf, FEW_OUTSIDE } from './field-source.js';
import { hasWords } from './doc-record.js';
import { DocReader } from './doc-reader.js';
import { fillValueWords } from './value-words.js';
import { fillFullText, MATCHES } from './matches.js';
import { pageByProbing, pageInIndexOrder, pageOf, walkableSort, type MatchedRows } from './search-page.js';
import { CONSTANT_SCORE } from './compiled-query.js';
import { aggregationValues } from './field-values.js';
import { countedAggregation } from './counted-aggregations.js';
import { indexStatistics } from './index-statistics.js';

const INDEX_NAME = 'embedded';

export { createMatchesTable } from './matches.js';

function pagingMember(request: SearchRequest, member: 'from' | 'size', fallback: number): number {
  const value = request[member] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(member, 'expected a non-negative integer');
  return value;
}

export interface RunOptions {
  /** See `MANY_MATCHES`. */
  manyMatches?: number;
  /** The largest `from + size` (`search.max.result.window`). */
  maxResultWindow?: number;
  /** Called between the steps of the search: throws once its budget is spent (see `searchDeadline`). */
  deadline?: () => void;
}

/**
 * Runs a request against one set of tables; the caller runs it in a read transaction, so the
 * total, the hits, the aggregations and the suggestions see one snapshot. Everything is compiled
 * (and so validated) before anything runs.
 */
export function runSearch(
  db: Database.Database,
  tables: Tables,
  request: SearchRequest,
  options: RunOptions = {},
): SearchResponse {
  const {
    manyMatches = MANY_MATCHES,
    maxResultWindow = DEFAULT_SEARCH_LIMITS.maxResultWindow,
    deadline = () => undefined,
  } = options;
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw new InvalidError('Search request: expected a JSON object', { fieldName: 'request' });
  for (const member of Object.keys(request))
    if (!SEARCH_REQUEST_MEMBERS.has(member))
      throw invalid(member, `"${member}" is not supported by the embedded search driver`);
  const from = pagingMember(request, 'from', 0);
  const size = pagingMember(request, 'size', 10);
  checkResultWindow(from, size, { maxResultWindow });

  const armsByField = new Map<string, ReturnType<typeof armsOf>>();
  const statistics = indexStatistics(db, tables);
  const compilation: QueryCompilation = {
    tables,
    fullText: [],
    valueWordFields: new Set(),
    arms: (field) => {
      let arms = armsByField.get(field);
      // The contract's second run (`manyMatches` 0) reads twins the other way too.
      if (!arms) armsByField.set(field, (arms = armsOf(db, tables, field, Math.min(FEW_OUTSIDE, manyMatches))));
      return arms;
    },
    singleValued: statistics.singleValued,
  };
  const query = compileQuery(request.query ?? { match_all: {} }, 'query', compilation);
  const sort = compileSort(request.sort);
  const aggregations = compileAggregations(request);
  const suggestions = compileSuggest(request.suggest);
  for (const s of suggestions) if (!hasWords(s.field)) compilation.valueWordFields.add(s.field);
  if (compilation.valueWordFields.size > 0) fillValueWords(db, compilation, compilation.valueWordFields);

  // Scores are computed only where they order or are reported: Elasticsearch scores nothing for
  // `size: 0` either (its `max_score` is then null), and a count is most of what such a request asks.
  const scoring = size > 0 && sort.entries.some((e) => e.by === '_score');
  // Each full-text sub-query is run once into a table keyed by document, which the query reads.
  for (const { name, sql, unscoredSql, params } of compilation.fullText)
    fillFullText(db, name, scoring ? sql : (unscoredSql ?? sql), params);
  const reader = new DocReader(db, tables);
  // The matches are computed once into a temporary table (this connection's own, in memory), which
  // the total, the page, and the aggregations then read: a CTE would be computed again by each.
  // Only when something reads them: a count alone, or aggregations SQLite counts over every
  // document, do without (100,000 matches: 1 ms to count, 18 to keep).
  const matched = matchedRows(tables, query);
  let kept = false;
  const keepMatches = (): void => {
    if (kept) return;
    kept = true;
    db.prepare(`DELETE FROM ${MATCHES}`).run();
    db.prepare(
      `INSERT INTO ${MATCHES} (doc, score) SELECT d.rowid, ${scoring ? query.score : CONSTANT_SCORE} ${matched.sql}`,
    ).run(...(scoring ? query.scoreParams : []), ...matched.params);
    deadline();
  };
  // Every match scoring the same and the page in index order (a filter, a term, `match_all`, by
  // score or `_doc`): the total is a count and the page the first documents in order, with no
  // matches kept (100,000 matches: 37 ms kept, 2 ms counted).
  const sameScore = size > 0 && sort.entries.every((e) => e.by !== 'field') ? constantScore(db, query, scoring) : null;
  // Sorted by one field, with a probe: counted first, since when most documents match, the page is
  // read off the field's values with each document probed, and again nothing is kept.
  const single = size > 0 && query.probe ? walkableSort(sort) : undefined;
  let totals: { n: number; best: number | null };
  if (size === 0 || sameScore !== null || single) {
    // A query on name sets alone (`match_all`, a type, `live`): its sets' documents added up.
    const n = query.sets
      ? statistics.documentsOfSets(query.sets)
      : (db
          .prepare(`SELECT COUNT(*) ${matched.sql}`)
          .pluck()
          .get(...matched.params) as number);
    totals = { n, best: n > 0 ? sameScore : null };
  } else {
    keepMatches();
    totals = db.prepare(`SELECT COUNT(*) AS n, MAX(score) AS best FROM ${MATCHES}`).get() as typeof totals;
  }
  const many = totals.n >= manyMatches;
  // Only a page sorted by a field asks (the documents in the index are counted once per search).
  const walkPays = (readCost: number): boolean =>
    many || walkCostsLess({ matches: totals.n, wanted: from + size, documents: statistics.documents(), readCost });
  const walk = size > 0 && sameScore === null && walkPays(WALK_VS_READ);
  const probed = single && walkPays(WALK_VS_KEEP);
  if (size > 0 && sameScore === null && !probed) keepMatches();
  const window = { from, size, total: totals.n, many, walk };
  const rows =
    size === 0
      ? []
      : sameScore !== null
        ? pageInIndexOrder(db, matched, sort, { ...window, score: sameScore })
        : probed
          ? pageByProbing(db, compilation, single, { from, size, probe: query.probe! })
          : pageOf({ db, c: compilation, reader }, sort, window);
  deadline();

  const scored = sort.byScoreOnly && scoring;
  const response: SearchResponse = {
    took: 0,
    timed_out: false,
    hits: {
      total: { value: totals.n, relation: 'eq' },
      max_score: scored ? (totals.best ?? null) : null,
      hits: rows.map((row) => {
        const doc = reader.doc(row.doc);
        return {
          _index: INDEX_NAME,
          _id: doc.id,
          _score: scored ? row.score : null,
          _source: doc.source(),
          ...(sort.reported ? { sort: row.sort } : {}),
        };
      }),
    },
  };
  if (aggregations.length > 0) {
    deadline();
    // Many matches: what SQLite can count itself, it counts (counted-aggregations.ts); the rest is bucketed here.
    // Whether every document matches (a dashboard's aggregations over everything, say): then no
    // value needs looking up among the matches. Counted once (`statistics`), and only for an aggregation SQLite counts.
    const everyDocument = () => totals.n === statistics.documents();
    const counted = new Map<string, object | undefined>(
      many
        ? aggregations.map((agg) => [
            agg.name,
            countedAggregation(db, compilation, agg, { everyDocument, keep: keepMatches }),
          ])
        : [],
    );
    const rest = aggregations.filter((agg) => counted.get(agg.name) === undefined);
    let bucketed: Record<string, unknown> = {};
    if (rest.length > 0) {
      keepMatches();
      const docs = db.prepare(`SELECT doc FROM ${MATCHES}`).pluck().all() as number[];
      const values = new Map<string, ValuesByDoc>();
      for (const [field, needs] of aggregationFields(rest))
        values.set(field, aggregationValues(db, compilation, reader, { field, needs, docs, many }));
      bucketed = runAggregations(rest, docs, values);
    }
    response.aggregations = Object.fromEntries(
      aggregations.map((agg) => [agg.name, counted.get(agg.name) ?? bucketed[agg.name]]),
    );
  }
  if (suggestions.length > 0) response.suggest = runSuggest(db, compilation, suggestions, deadline);
  return response;
}

/**
 * How many documents of a field's ordered values a walk may read (each joined to the matches) for
 * the cost of reading one match's own values (`WALK_VS_READ`), or of keeping one match and probing
 * one document (`WALK_VS_KEEP`): rough ratios of their times at 100,000 documents.
 */
const WALK_VS_READ = 64;
const WALK_VS_KEEP = 0.5;

/**
 * Whether reading a page of `wanted` documents off a field's values in order costs less than the
 * other way: the walk reads about `wanted` × documents / matches values when the matches are spread
 * over the index, the other way costs `readCost` walked values per match.
 */
function walkCostsLess({
  matches,
  wanted,
  documents,
  readCost,
}: {
  matches: number;
  wanted: number;
  documents: number;
  readCost: number;
}): boolean {
  return matches > 0 && (wanted * documents) / matches <= matches * readCost;
}

/**
 * `FROM ... WHERE ...` of the documents `d` a query matches, with its parameters: driven by the
 * query's list where it has one (`CompiledQuery.driven`).
 */
function matchedRows(tables: Tables, query: CompiledQuery): MatchedRows {
  if (!query.driven) return { sql: `FROM ${tables.docs} d WHERE ${query.cond}`, params: query.params, doc: 'd.rowid' };
  const { list, rest } = query.driven;
  return {
    sql: `FROM (${list.cond}) m CROSS JOIN ${tables.docs} d ON d.rowid = m.doc WHERE ${rest.cond}`,
    params: [...list.params, ...rest.params],
    // The list's own column: ordered by it, SQLite merges the list's parts, each read in document
    // order, and stops with the page (by d.rowid, it sorted every match first).
    doc: 'm.doc',
  };
}

/** A score SQL writes as numbers alone: a constant, boosts included. */
const CONSTANT_SQL = /^[\d.eE+\-*() ]+$/;

/**
 * The one score every match of `query` has, when it has one: any number when scores are not
 * computed (none is reported), else the value of a score made of constants alone.
 */
function constantScore(db: Database.Database, query: { score: string }, scoring: boolean): number | null {
  if (!scoring) return Number(CONSTANT_SCORE);
  if (!CONSTANT_SQL.test(query.score)) return null;
  return db.prepare(`SELECT ${query.score}`).pluck().get() as number;
}

/**
 * From this many matches on, a search reads a field's values off its index whole (aggregation
 * values, sort values, a page sorted by one field) rather than seeking each matched document's.
 * Tests lower it to run both ways on few documents.
 */
export const MANY_MATCHES = 10_000;
