import type Database from 'better-sqlite3';
import {
  InvalidError,
  MAX_RESULT_WINDOW,
  SEARCH_REQUEST_MEMBERS,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import { compileQuery, invalid, type QueryCompilation } from './compile-query.js';
import { compileSort } from './compile-sort.js';
import { aggregationFields, compileAggregations, runAggregations, type ValuesByDoc } from './aggregations.js';
import { compileSuggest, runSuggest } from './suggest.js';
import type { Tables } from './schema.js';

const INDEX_NAME = 'embedded';

function pagingMember(request: SearchRequest, member: 'from' | 'size', fallback: number): number {
  const value = request[member] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(member, 'expected a non-negative integer');
  return value;
}

/**
 * Runs a request against one set of tables; the caller runs it in a read transaction, so the
 * total, the hits, the aggregations and the suggestions see one snapshot. Everything is compiled
 * (and so validated) before anything runs.
 */
export function runSearch(db: Database.Database, tables: Tables, request: SearchRequest): SearchResponse {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw new InvalidError('Search request: expected a JSON object', { fieldName: 'request' });
  for (const member of Object.keys(request))
    if (!SEARCH_REQUEST_MEMBERS.has(member))
      throw invalid(member, `"${member}" is not supported by the embedded search driver`);
  const from = pagingMember(request, 'from', 0);
  const size = pagingMember(request, 'size', 10);
  if (from + size > MAX_RESULT_WINDOW) throw invalid('size', `from + size must not exceed ${MAX_RESULT_WINDOW}`);

  const compilation: QueryCompilation = { tables, ctes: [] };
  const query = compileQuery(request.query ?? { match_all: {} }, 'query', compilation);
  const sort = compileSort(request.sort, tables);
  const aggregations = compileAggregations(request);
  const suggestions = compileSuggest(request.suggest);

  const ctes = [
    ...compilation.ctes.map((c) => c.sql),
    `m(doc, score) AS MATERIALIZED (SELECT d.rowid, ${query.score} FROM ${tables.docs} d WHERE ${query.cond})`,
  ];
  const withParams = [...compilation.ctes.flatMap((c) => c.params), ...query.scoreParams, ...query.params];
  const prefix = `WITH ${ctes.join(', ')} `;

  const totals = db.prepare(`${prefix}SELECT COUNT(*) AS n, MAX(score) AS best FROM m`).get(...withParams) as {
    n: number;
    best: number | null;
  };
  const rows = db
    .prepare(
      `${prefix}SELECT d.id, d.source, m.score${sort.columns.map((c, i) => `, ${c} AS s${i}`).join('')} ` +
        `FROM m JOIN ${tables.docs} d ON d.rowid = m.doc ORDER BY ${sort.orderBy} LIMIT ? OFFSET ?`,
    )
    .all(...withParams, ...sort.params, size, from) as Array<Record<string, unknown>>;

  const scored = sort.byScoreOnly;
  const response: SearchResponse = {
    took: 0,
    timed_out: false,
    hits: {
      total: { value: totals.n, relation: 'eq' },
      max_score: scored ? (totals.best ?? null) : null,
      hits: rows.map((row) => ({
        _index: INDEX_NAME,
        _id: row.id as string,
        _score: scored ? (row.score as number) : null,
        _source: JSON.parse(row.source as string) as Record<string, unknown>,
        ...(sort.columns.length > 0 ? { sort: sort.columns.map((_, i) => row[`s${i}`]) } : {}),
      })),
    },
  };
  if (aggregations.length > 0) {
    const docs = (db.prepare(`${prefix}SELECT doc FROM m`).all(...withParams) as Array<{ doc: number }>).map(
      (r) => r.doc,
    );
    const values = new Map<string, ValuesByDoc>();
    const valuesOf = db.prepare(
      `${prefix}SELECT f.doc, f.value, f.num FROM ${tables.fields} f WHERE f.field = ? AND f.doc IN (SELECT doc FROM m)`,
    );
    for (const field of aggregationFields(aggregations)) {
      const byDoc: ValuesByDoc = new Map();
      for (const row of valuesOf.all(...withParams, field) as Array<{
        doc: number;
        value: unknown;
        num: number | null;
      }>) {
        const list = byDoc.get(row.doc) ?? [];
        list.push({ value: row.value, num: row.num });
        byDoc.set(row.doc, list);
      }
      values.set(field, byDoc);
    }
    response.aggregations = runAggregations(aggregations, docs, values);
  }
  if (suggestions.length > 0) response.suggest = runSuggest(db, tables, suggestions);
  return response;
}
