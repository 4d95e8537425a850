import { fieldIdOf, fieldPresent, type Arm } from './field-source.js';
import { docOfWordsRowid, type Tables } from './schema.js';

/**
 * An Elasticsearch query compiled to SQL over one set of the tables of `schema.ts`
 * (`QueryCompilation.tables`): `cond` is a boolean expression on the outer `d` (the `docs` row),
 * `score` a numeric one. Full-text members become tables filled before the search (`ftN(doc, s)`),
 * so FTS5 runs each MATCH once per search and the query looks a document's score up by its key.
 */
export interface CompiledQuery {
  cond: string;
  /** The parameters of `cond`, in order. */
  params: unknown[];
  score: string;
  /** The parameters of `score`, in order. */
  scoreParams: unknown[];
  /**
   * The same condition as a look-up for one document (a seek of its value, or its name set), where
   * there is one: what `bool` uses for filters beside a clause that selects documents (see `compileBool`).
   */
  probe?: { cond: string; params: unknown[] };
  /**
   * Where the condition is one on the document's name set alone (`d.nset IN (<sql>)`): the SQL of
   * those sets (a column `nset`) and its parameters. `bool` intersects several into one condition.
   */
  sets?: { sql: string; params: unknown[] };
  /**
   * The same condition as a list that drives the search: the documents of `list` (a column `doc`,
   * each document once) for which `rest` (on the outer `d`) holds. A search then reads the list and
   * seeks each document, instead of building the list into a look-up table and testing documents
   * against it (`d.rowid IN (...)`), and a page in index order stops after its documents.
   */
  driven?: { list: Condition; rest: Condition };
}

/** SQL and its parameters. */
export interface Condition {
  cond: string;
  params: unknown[];
}

/** A list of documents (`SELECT <doc> AS doc ...`), each once, as a search's driver with nothing else to check. */
export const drivenBy = (sql: string, params: unknown[]): CompiledQuery['driven'] => ({
  list: { cond: sql, params },
  rest: { cond: MATCH_ALL, params: [] },
});

export interface QueryCompilation {
  /** The set of tables the search reads. */
  tables: Tables;
  /** The arms of a field (see `field-source.ts`), read once per search. */
  arms(field: string): { arms: Arm[]; probes: Arm[] };
  /**
   * The full-text sub-queries: each fills a table of the connection's own, `temp.<name>` (doc
   * INTEGER PRIMARY KEY, s), before the search runs, which the query reads by document.
   */
  fullText: FullTextQuery[];
  /** Fields whose words are read off their values (`value-words.ts`), filled before the search runs. */
  valueWordFields: Set<string>;
  /** Whether every document holds at most one value of `field` (`index-statistics.ts`), read once per search. */
  singleValued(field: string): boolean;
}

/** A full-text sub-query: `SELECT doc, score ...`; `unscoredSql` the same documents, each scored 0, when cheaper. */
export interface FullTextQuery {
  name: string;
  sql: string;
  unscoredSql?: string;
  params: unknown[];
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

/**
 * The documents holding a value of `field` for which `condition` (on `f.value`, `f.num`) holds;
 * its probe seeks the document's values (`fields_doc`, or its name set).
 */
export function valueExists(
  c: QueryCompilation,
  field: string,
  { sql: condition, params }: { sql: string; params: unknown[] },
): CompiledQuery {
  const { arms, probes } = c.arms(field);
  if (arms.length === 0) return NO_MATCH;
  const probe = {
    cond: `(${probes.map((a) => a.probe(condition)).join(' OR ')})`,
    params: probes.flatMap((a) => [...a.params, ...params]),
  };
  // Values that whole name sets share (a type, a language, `live`): the sets' documents are found
  // through `docs_nset`, or checked one by one beside another clause, never listed first (listing
  // 100,000 documents of one type took 17 ms, and a query of three such clauses lists three times).
  if (probes.every((a) => a.sets)) {
    const sets = { sql: probes.map((a) => a.sets!(condition)).join(' UNION ALL '), params: probe.params };
    return { ...probe, score: CONSTANT_SCORE, scoreParams: [], probe, sets };
  }
  const list = arms.map((a) => a.select((doc) => `${doc} AS doc`, condition)).join(' UNION ALL ');
  const listParams = arms.flatMap((a) => [...a.params, ...params]);
  return {
    // Not correlated: SQLite runs the look-ups once (on the field's indexes) and tests membership
    // per document, instead of probing every document.
    cond: `d.rowid IN (${list})`,
    score: CONSTANT_SCORE,
    params: listParams,
    probe,
    scoreParams: [],
    // The arms hold different documents (each that of its name sets), and in one arm a document has
    // a row per value: each document once when it holds one value.
    ...(c.singleValued(field) ? { driven: drivenBy(list, listParams) } : {}),
  };
}

/** The documents that have `field` at all (`exists`): what their name sets say. */
export function fieldExists(c: QueryCompilation, field: string): CompiledQuery {
  const cond = fieldPresent(c.tables);
  return { cond, params: [field], score: CONSTANT_SCORE, scoreParams: [], probe: { cond, params: [field] } };
}

/** SQL bounds of the `words` rowids of the field named by the next two parameters. */
export const wordsOfField = (c: QueryCompilation, rowid: string): string =>
  `${rowid} >= (${fieldIdOf(c.tables)} << 40) AND ${rowid} < ((${fieldIdOf(c.tables)} + 1) << 40)`;

/**
 * The documents with a token of `field` for which `condition` (on `v.term`, a token as the FTS5
 * index keeps it) holds: read off FTS5's own term list (fts5vocab `instance`), which seeks an
 * equal, range or GLOB-prefix condition on the term. No probe: that list cannot be read by
 * document, so a `bool` lists these documents instead.
 */
export function tokenExists(c: QueryCompilation, field: string, condition: string, params: unknown[]): CompiledQuery {
  return {
    cond:
      `d.rowid IN (SELECT ${docOfWordsRowid('v.doc')} FROM ${c.tables.vocabInstances} v ` +
      `WHERE ${condition} AND ${wordsOfField(c, 'v.doc')})`,
    score: CONSTANT_SCORE,
    params: [...params, field, field],
    scoreParams: [],
  };
}

/**
 * `SELECT <columns> FROM words WHERE words MATCH ? AND <the rows of the field>`: the rows of a field
 * that an FTS5 query finds (FTS5 seeks them by rowid), `columns` given the row's document;
 * parameters (the FTS5 query, the field, the field).
 */
export function fieldWordRows(c: QueryCompilation, columns: (doc: string) => string): string {
  const { words, wordsRef } = c.tables;
  const rowid = `${wordsRef}.rowid`;
  return `SELECT ${columns(docOfWordsRowid(rowid))} FROM ${words} WHERE ${wordsRef} MATCH ? AND ${wordsOfField(c, rowid)}`;
}

/**
 * The documents with a token of `field` that the FTS5 query `match` finds: quoted tokens, as
 * `"a" OR "b"`, or a prefix, as `"a" *`. The same documents as `tokenExists` with the equal
 * condition, read off the terms' lists of rows (of `field`'s rows only) instead of fts5vocab's
 * list of every occurrence, which is about four times slower (100,000 rows of one term: 40 ms).
 */
export function tokenMatches(c: QueryCompilation, field: string, match: string): CompiledQuery {
  const list = fieldWordRows(c, (doc) => `${doc} AS doc`);
  return {
    cond: `d.rowid IN (${list})`,
    score: CONSTANT_SCORE,
    params: [match, field, field],
    scoreParams: [],
    // A row per value: each document once when it holds one value.
    ...(c.singleValued(field) ? { driven: drivenBy(list, [match, field, field]) } : {}),
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
