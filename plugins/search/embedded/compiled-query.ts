import type { Tables } from './schema.js';

/**
 * An Elasticsearch query compiled to SQL over one set of the tables of `schema.ts`
 * (`QueryCompilation.tables`): `cond` is a boolean expression on the outer `d` (the `docs` row),
 * `score` a numeric one. Full-text members become materialised CTEs (`ftN(doc, s)`), so FTS5 runs
 * each MATCH once per search.
 */
export interface CompiledQuery {
  cond: string;
  /** The parameters of `cond`, in order. */
  params: unknown[];
  score: string;
  /** The parameters of `score`, in order. */
  scoreParams: unknown[];
  /**
   * The same condition as a look-up for one document (`EXISTS` on `fields_doc`), where there is
   * one: what `bool` uses for filters beside a clause that selects documents (see `compileBool`).
   */
  probe?: { cond: string; params: unknown[] };
}

export interface QueryCompilation {
  /** The set of tables the search reads. */
  tables: Tables;
  ctes: Array<{ sql: string; params: unknown[] }>;
}

export const CONSTANT_SCORE = '1.0';
export const MATCH_ALL = '1';
export const NO_MATCH: CompiledQuery = {
  cond: '0',
  score: '0.0',
  params: [],
  scoreParams: [],
  probe: { cond: '0', params: [] },
};

/** The documents holding a stored value of `field` for which `condition` (on `f`, a fields row) holds. */
export function valueExists(tables: Tables, field: string, condition: string, params: unknown[]): CompiledQuery {
  return {
    // Not correlated: SQLite runs the look-up once (on the (field, value) or (field, num) index) and
    // tests membership per document, instead of probing every document.
    cond: `d.rowid IN (SELECT f.doc FROM ${tables.fields} f WHERE f.field = ? AND ${condition})`,
    score: CONSTANT_SCORE,
    params: [field, ...params],
    probe: {
      cond: `EXISTS (SELECT 1 FROM ${tables.fields} f WHERE f.doc = d.rowid AND f.field = ? AND ${condition})`,
      params: [field, ...params],
    },
    scoreParams: [],
  };
}

/**
 * The documents with a token of `field` for which `condition` (on `v.term`, a token as the FTS5
 * index keeps it) holds: read off FTS5's own term list (fts5vocab `instance`), which seeks an
 * equal, range or GLOB-prefix condition on the term. No probe: that list cannot be read by
 * document, so a `bool` lists these documents instead.
 */
export function tokenExists(tables: Tables, field: string, condition: string, params: unknown[]): CompiledQuery {
  return {
    cond:
      `d.rowid IN (SELECT t.doc FROM ${tables.vocabInstances} v JOIN ${tables.texts} t ON t.rowid = v.doc ` +
      `WHERE ${condition} AND t.field = ?)`,
    score: CONSTANT_SCORE,
    params: [...params, field],
    scoreParams: [],
  };
}

/** Either of two compiled conditions (constant score): a token and a typed reading of one query. */
export function eitherOf(a: CompiledQuery, b: CompiledQuery): CompiledQuery {
  return {
    cond: `(${a.cond} OR ${b.cond})`,
    params: [...a.params, ...b.params],
    score: CONSTANT_SCORE,
    scoreParams: [],
    ...(a.probe && b.probe
      ? { probe: { cond: `(${a.probe.cond} OR ${b.probe.cond})`, params: [...a.probe.params, ...b.probe.params] } }
      : {}),
  };
}
