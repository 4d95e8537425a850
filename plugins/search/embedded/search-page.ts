import type Database from 'better-sqlite3';
import { holdsTypedValues } from '../../../core/plugin/kit.js';
import { CONSTANT_SCORE, type QueryCompilation } from './compiled-query.js';
import type { CompiledSort, SortEntry } from './compile-sort.js';
import { hasWords, type IndexValue } from './doc-record.js';
import { compareValues, type DocReader } from './doc-reader.js';
import { fieldPresent } from './field-source.js';
import { MATCHES } from './matches.js';
import { aggregationValues } from './field-values.js';

/** A hit of the page: its document, score and sort values. */
export interface PageRow {
  doc: number;
  score: number;
  sort: unknown[];
}

type Match = { doc: number; score: number };

/**
 * The page of a search whose matches are in `MATCHES`. Sorted by score or index order: in SQL.
 * Sorted by field values: few matches, by the values of each document (`DocReader`); many, by each
 * field's values read off its index (`aggregationValues`), or for one field, the page read off its
 * index in order (`byOneField`).
 */
export function pageOf(
  { db, c, reader }: { db: Database.Database; c: QueryCompilation; reader: DocReader },
  sort: CompiledSort,
  window: { from: number; size: number; total: number; many: boolean; walk: boolean },
): PageRow[] {
  const { from, size } = window;
  if (sort.entries.every((e) => e.by !== 'field')) {
    const orderBy = sort.entries.map((e) => `${e.by === '_score' ? 'score' : 'doc'} ${e.direction.toUpperCase()}`);
    const rows = db
      .prepare(`SELECT doc, score FROM ${MATCHES} ORDER BY ${[...orderBy, 'doc ASC'].join(', ')} LIMIT ? OFFSET ?`)
      .all(size, from) as Match[];
    return rows.map((m) => ({ ...m, sort: sort.entries.map((e) => (e.by === '_score' ? m.score : m.doc)) }));
  }
  const single = walkableSort(sort);
  if (single && window.walk) {
    const score = db.prepare(`SELECT score FROM ${MATCHES} WHERE doc = ?`).pluck();
    return byOneField(db, c, single, { wanted: from + size, members: KEPT })
      .slice(from, from + size)
      .map(([doc, value]) => ({ doc, score: score.get(doc) as number, sort: [value] }));
  }
  const matches = db.prepare(`SELECT doc, score FROM ${MATCHES}`).all() as Match[];
  // Few matches: each document's values. Many: each field's values in the matches, read off its index.
  const valuesOf = new Map<string, (doc: number) => readonly IndexValue[]>();
  for (const entry of sort.entries)
    if (entry.by === 'field' && !valuesOf.has(entry.field)) {
      if (!window.many) valuesOf.set(entry.field, (doc) => reader.values(doc, entry.field));
      else {
        const docs = matches.map((m) => m.doc);
        const byDoc = aggregationValues(db, c, reader, {
          field: entry.field,
          needs: { value: true, num: false },
          docs,
          many: true,
        });
        valuesOf.set(entry.field, (doc) => (byDoc.get(doc) ?? []).map((v) => v.value as IndexValue));
      }
    }
  const keyed = matches.map((m) => ({
    ...m,
    sort: sort.entries.map((e) =>
      e.by === 'field' ? extreme(valuesOf.get(e.field)!(m.doc), e.direction) : e.by === '_score' ? m.score : m.doc,
    ),
  }));
  keyed.sort((a, b) => compareRows(a, b, sort.entries));
  return keyed.slice(from, from + size);
}

/** `FROM ... WHERE ...` of the documents `d` a search matches, its parameters, and the SQL of each one's document. */
export interface MatchedRows {
  sql: string;
  params: unknown[];
  doc: string;
}

/**
 * The page of a search whose matches all score `window.score`, sorted by score or index order: the
 * documents in index order (ties of score go by document, ascending unless `_doc` says otherwise)
 * read off the query itself, with nothing kept.
 */
export function pageInIndexOrder(
  db: Database.Database,
  matched: MatchedRows,
  sort: CompiledSort,
  window: { from: number; size: number; score: number },
): PageRow[] {
  const { score } = window;
  const byDoc = sort.entries.find((e) => e.by === '_doc');
  const docs = db
    .prepare(
      `SELECT ${matched.doc} ${matched.sql} ORDER BY ${matched.doc} ${byDoc?.direction === 'desc' ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
    )
    .pluck()
    .all(...matched.params, window.size, window.from) as number[];
  return docs.map((doc) => ({ doc, score, sort: sort.entries.map((e) => (e.by === '_score' ? score : doc)) }));
}

/** A document's sort value of a field: its smallest value ascending, its largest descending; null without one. */
function extreme(values: readonly IndexValue[], direction: 'asc' | 'desc'): IndexValue | null {
  let best: IndexValue | null = null;
  for (const value of values) {
    const order = best === null ? 0 : compareValues(value, best);
    if (best === null || (direction === 'asc' ? order < 0 : order > 0)) best = value;
  }
  return best;
}

/** As SQL would order them: each entry (documents without a field's value last), then by document. */
function compareRows(a: PageRow, b: PageRow, entries: readonly SortEntry[]): number {
  for (let i = 0; i < entries.length; i++) {
    const x = a.sort[i] as IndexValue | null;
    const y = b.sort[i] as IndexValue | null;
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
      continue;
    }
    const order = compareValues(x, y);
    if (order !== 0) return entries[i]!.direction === 'asc' ? order : -order;
  }
  return a.doc - b.doc;
}

/** The single field a page can be read off in order, when the sort is one such field. */
export function walkableSort(sort: CompiledSort): CompiledSort['single'] {
  const single = sort.single;
  return single && !(hasWords(single.field) && !holdsTypedValues(single.field)) ? single : undefined;
}

/**
 * Which documents a walk of a field's values keeps: the matches kept in `MATCHES`, or those for
 * which the query's probe holds (`probing`). `join` joins the walk's document `doc` to them, with
 * `params` before the walk's own; `lacking` lists the first `limit` of them in index order among
 * the documents without the field (whose sets do not have it: SQL given the field's name next).
 */
interface Members {
  join(c: QueryCompilation, doc: string): string;
  params: unknown[];
  lacking(db: Database.Database, c: QueryCompilation, field: string, limit: number): number[];
}

const setsWithout = (c: QueryCompilation): string => `NOT ${fieldPresent(c.tables)}`;

const KEPT: Members = {
  join: (_c, doc) => `CROSS JOIN ${MATCHES} m ON m.doc = ${doc}`,
  params: [],
  lacking: (db, c, field, limit) =>
    db
      .prepare(
        `SELECT m.doc FROM ${MATCHES} m JOIN ${c.tables.docs} d ON d.rowid = m.doc ` +
          `WHERE ${setsWithout(c)} ORDER BY m.doc LIMIT ?`,
      )
      .pluck()
      .all(field, limit) as number[],
};

function probing(probe: { cond: string; params: unknown[] }): Members {
  return {
    join: (c, doc) => `CROSS JOIN ${c.tables.docs} d ON d.rowid = ${doc} AND (${probe.cond})`,
    params: probe.params,
    lacking: (db, c, field, limit) =>
      db
        .prepare(
          `SELECT d.rowid FROM ${c.tables.docs} d WHERE ${setsWithout(c)} AND (${probe.cond}) ` +
            'ORDER BY d.rowid LIMIT ?',
        )
        .pluck()
        .all(field, ...probe.params, limit) as number[],
  };
}

/**
 * The page of a search sorted by one field (`walkableSort`), read off the field's values in order
 * with each document checked by the query's probe: nothing kept, and only as many documents read
 * as it takes to fill the page, which is few when most documents match (the client's list of a
 * type's newest items, say).
 */
export function pageByProbing(
  db: Database.Database,
  c: QueryCompilation,
  single: NonNullable<CompiledSort['single']>,
  window: { from: number; size: number; probe: { cond: string; params: unknown[] } },
): PageRow[] {
  const { from, size } = window;
  return byOneField(db, c, single, { wanted: from + size, members: probing(window.probe) })
    .slice(from, from + size)
    .map(([doc, value]) => ({ doc, score: Number(CONSTANT_SCORE), sort: [value] }));
}

/**
 * The first `wanted` of many matches sorted by one field, read off the field's values in order
 * (each arm in its index order, merged) and stopped once the page is full, instead of reading every
 * match's values and sorting them all (100,000 matches: a few ms instead of about 250). Walking
 * values upwards meets a document first at its smallest value, downwards at its largest; equal
 * values go by document; documents without the field come last, by document.
 */
function byOneField(
  db: Database.Database,
  c: QueryCompilation,
  { field, direction }: { field: string; direction: 'asc' | 'desc' },
  { wanted, members }: { wanted: number; members: Members },
): Array<[number, unknown]> {
  const order = direction === 'asc' ? 'ASC' : 'DESC';
  const { arms } = c.arms(field);
  // Each document with the rank of its value (equal values, one rank), in the order met.
  const found = new Map<number, { rank: number; value: unknown }>();
  if (arms.length > 0) {
    const walk = db
      .prepare(
        arms
          .map((a) =>
            a.select(
              (doc) => `${doc} AS doc, f.value AS value`,
              '1',
              undefined,
              (doc) => members.join(c, doc),
            ),
          )
          .join(' UNION ALL ') + ` ORDER BY value ${order}, doc ${order}`,
      )
      .raw();
    let rank = 0;
    let last: unknown = undefined;
    // The join comes before each arm's own conditions: its parameters first.
    const params = arms.flatMap((a) => [...members.params, ...a.params]);
    for (const [doc, value] of walk.iterate(...params) as Iterable<[number, unknown]>) {
      if (found.has(doc)) continue;
      if (found.size > 0 && value !== last) {
        if (found.size >= wanted) break;
        rank++;
      }
      last = value;
      found.set(doc, { rank, value });
    }
  }
  const ranked = [...found].sort(([a, x], [b, y]) => x.rank - y.rank || a - b);
  const page: Array<[number, unknown]> = ranked.map(([doc, { value }]) => [doc, value]);
  if (page.length < wanted) {
    const without = members.lacking(db, c, field, wanted - page.length);
    for (const doc of without) page.push([doc, null]);
  }
  return page;
}
