import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  InvalidError,
  UnavailableError,
  type SearchDocument,
  type SearchIndex,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import { compileQuery, invalid, parseInstant, type QueryCompilation } from './compile-query.js';
import { compileSort } from './compile-sort.js';
import { compileAggregations, type AggregationQuery } from './compile-aggregations.js';

/**
 * - `docs`: one row per document, its JSON as given (`_source`);
 * - `fields`: one row per (document, field, value), field names lower-cased, with the value as
 *   given (booleans as `true`/`false` text) and `num`, the value as a number for numbers and ISO
 *   dates (epoch milliseconds), so that `term`, `range` and `exists` are index look-ups;
 *   NOTE: `fields_doc` is (doc, field, value), not (doc): a sort value (MIN or MAX of one field of
 *   one document) is then one seek; with (doc) alone SQLite walks (field, value) for it, and
 *   sorting 20 000 documents took seconds instead of milliseconds;
 * - `texts` and `texts_fts`: every string value again, for words (an FTS5 index over `texts`).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS docs (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fields (doc INTEGER NOT NULL, field TEXT NOT NULL, value, num REAL);
CREATE INDEX IF NOT EXISTS fields_value ON fields (field, value, doc);
CREATE INDEX IF NOT EXISTS fields_num ON fields (field, num, doc) WHERE num IS NOT NULL;
CREATE INDEX IF NOT EXISTS fields_doc ON fields (doc, field, value);
CREATE TABLE IF NOT EXISTS texts (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS texts_doc ON texts (doc);
CREATE VIRTUAL TABLE IF NOT EXISTS texts_fts USING fts5 (text, content = 'texts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS texts_ai AFTER INSERT ON texts BEGIN
  INSERT INTO texts_fts (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TRIGGER IF NOT EXISTS texts_ad AFTER DELETE ON texts BEGIN
  INSERT INTO texts_fts (texts_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
END;
`;

const INDEX_NAME = 'embedded';
const MAX_RESULT_WINDOW = 10_000;
const REQUEST_MEMBERS = new Set(['query', 'from', 'size', 'sort', 'aggs', 'aggregations', 'track_total_hits']);

type Row = { doc: number; field: string; value: string | number; num: number | null };

/** The rows a document is stored as; a property that is not flat is refused, naming it. */
function rowsOf(document: SearchDocument, position: number): { values: Row[]; texts: Row[] } {
  const values: Row[] = [];
  const texts: Row[] = [];
  for (const [name, raw] of Object.entries(document)) {
    const field = name.toLowerCase();
    const list: readonly unknown[] = Array.isArray(raw) ? raw : [raw];
    for (const value of list) {
      if (value === null || value === undefined) continue;
      if (typeof value === 'string') {
        values.push({ doc: 0, field, value, num: parseInstant(value) ?? null });
        texts.push({ doc: 0, field, value, num: null });
      } else if (typeof value === 'number' && Number.isFinite(value)) values.push({ doc: 0, field, value, num: value });
      else if (typeof value === 'boolean') values.push({ doc: 0, field, value: String(value), num: null });
      else
        throw new InvalidError(
          `Search document ${position}: property "${name}" must be a string, a number, a boolean or an array of them`,
          { fieldName: name },
        );
    }
  }
  return { values, texts };
}

/**
 * A search index in one SQLite file (WAL, one transaction per batch, durable commits). Several
 * processes may open the same file: WAL lets readers work beside the one writer at a time, and
 * `busy_timeout` makes a writer wait for another's commit.
 */
export function openSqliteSearchIndex(file: string): SearchIndex {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const upsertDoc = db.prepare<[string, string], { rowid: number }>(
    'INSERT INTO docs (id, source) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET source = excluded.source RETURNING rowid',
  );
  const findDoc = db.prepare<[string], { rowid: number }>('SELECT rowid FROM docs WHERE id = ?');
  const deleteDoc = db.prepare<[number]>('DELETE FROM docs WHERE rowid = ?');
  const deleteFields = db.prepare<[number]>('DELETE FROM fields WHERE doc = ?');
  const deleteTexts = db.prepare<[number]>('DELETE FROM texts WHERE doc = ?');
  const insertField = db.prepare<[number, string, string | number, number | null]>(
    'INSERT INTO fields (doc, field, value, num) VALUES (?, ?, ?, ?)',
  );
  const insertText = db.prepare<[number, string, string]>('INSERT INTO texts (doc, field, text) VALUES (?, ?, ?)');

  const indexBatch = db.transaction((documents: readonly SearchDocument[]) => {
    documents.forEach((document, position) => {
      if (typeof document?.id !== 'string' || document.id === '')
        throw new InvalidError(`Search document ${position}: "id" must be a non-empty string`, { fieldName: 'id' });
      const { values, texts } = rowsOf(document, position);
      const { rowid } = upsertDoc.get(document.id, JSON.stringify(document))!;
      deleteFields.run(rowid);
      deleteTexts.run(rowid);
      for (const r of values) insertField.run(rowid, r.field, r.value, r.num);
      for (const r of texts) insertText.run(rowid, r.field, String(r.value));
    });
  });
  const removeBatch = db.transaction((ids: readonly string[]) => {
    for (const id of ids) {
      const found = findDoc.get(id);
      if (!found) continue;
      deleteFields.run(found.rowid);
      deleteTexts.run(found.rowid);
      deleteDoc.run(found.rowid);
    }
  });
  // One read transaction: the total, the hits and the aggregations see the same snapshot.
  const read = db.transaction((work: () => SearchResponse) => work());

  return {
    async index(documents) {
      translatingBusy(() => indexBatch(documents));
    },
    async remove(ids) {
      translatingBusy(() => removeBatch(ids));
    },
    async search(request) {
      const started = performance.now();
      const response = translatingBusy(() => read(() => runSearch(db, request)));
      response.took = Math.round(performance.now() - started);
      return response;
    },
    async refresh() {
      // Every committed batch is searchable at once.
    },
    async rebuild() {
      // TODO(issue 13): build into shadow tables and swap them in at `complete`.
      throw new UnavailableError('the embedded search index cannot be rebuilt yet');
    },
    async close() {
      db.close();
    },
  };
}

/**
 * Another process held the index longer than `busy_timeout`: a 503 the client may retry. Other
 * SQLite errors are faults (a 500, logged with the cause).
 */
function translatingBusy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new UnavailableError('The search index is busy; try again', { retryAfterSeconds: 1, cause: error });
    throw error;
  }
}

function pagingMember(request: SearchRequest, member: 'from' | 'size', fallback: number): number {
  const value = request[member] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw invalid(member, 'expected a non-negative integer');
  return value;
}

function runSearch(db: Database.Database, request: SearchRequest): SearchResponse {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw new InvalidError('Search request: expected a JSON object', { fieldName: 'request' });
  for (const member of Object.keys(request))
    if (!REQUEST_MEMBERS.has(member))
      throw invalid(member, `"${member}" is not supported by the embedded search driver`);
  const from = pagingMember(request, 'from', 0);
  const size = pagingMember(request, 'size', 10);
  if (from + size > MAX_RESULT_WINDOW) throw invalid('size', `from + size must not exceed ${MAX_RESULT_WINDOW}`);

  const compilation: QueryCompilation = { ctes: [] };
  const query = compileQuery(request.query ?? { match_all: {} }, 'query', compilation);
  const sort = compileSort(request.sort);
  const aggregations: AggregationQuery[] = compileAggregations(request.aggs ?? request.aggregations);

  const ctes = [
    ...compilation.ctes.map((c) => c.sql),
    `m(doc, score) AS MATERIALIZED (SELECT d.rowid, ${query.score} FROM docs d WHERE ${query.cond})`,
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
        `FROM m JOIN docs d ON d.rowid = m.doc ORDER BY ${sort.orderBy} LIMIT ? OFFSET ?`,
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
    const result: Record<string, unknown> = {};
    for (const agg of aggregations) {
      const buckets = db
        .prepare(
          `${prefix}SELECT f.value AS key, COUNT(DISTINCT f.doc) AS n FROM fields f JOIN m ON m.doc = f.doc ` +
            'WHERE f.field = ? GROUP BY f.value ORDER BY n DESC, f.value ASC',
        )
        .all(...withParams, agg.field) as Array<{ key: unknown; n: number }>;
      const shown = buckets.slice(0, agg.size);
      result[agg.name] = {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: buckets.slice(agg.size).reduce((sum, b) => sum + b.n, 0),
        buckets: shown.map((b) => ({ key: b.key, doc_count: b.n })),
      };
    }
    response.aggregations = result;
  }
  return response;
}
