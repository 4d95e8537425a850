import type Database from 'better-sqlite3';
import { holdsTypedValues } from '../../../core/plugin/kit.js';
import type { QueryCompilation } from './compiled-query.js';
import type { CompiledSort, SortEntry } from './compile-sort.js';
import { hasWords, type IndexValue } from './doc-record.js';
import { compareValues, type DocReader } from './doc-reader.js';
import { fieldIdOf } from './field-source.js';
import { MATCHES } from './matches.js';

/** A hit of the page: its document, score and sort values. */
export interface PageRow {
  doc: number;
  score: number;
  sort: unknown[];
}

type Match = { doc: number; score: number };

/**
 * The page of a search whose matches are in `MATCHES`. Sorted by score or index order: in SQL.
 * Sorted by field values: a field's values are read off the documents (`DocReader`), so many
 * matches sorted by one field are read off the field's index in order instead (`pageByOneField`).
 */
export function pageOf(
  db: Database.Database,
  c: QueryCompilation,
  reader: DocReader,
  sort: CompiledSort,
  window: { from: number; size: number; total: number; many: boolean },
): PageRow[] {
  const { from, size } = window;
  if (sort.entries.every((e) => e.by !== 'field')) {
    const orderBy = sort.entries.map((e) => `${e.by === '_score' ? 'score' : 'doc'} ${e.direction.toUpperCase()}`);
    const rows = db
      .prepare(`SELECT doc, score FROM ${MATCHES} ORDER BY ${[...orderBy, 'doc ASC'].join(', ')} LIMIT ? OFFSET ?`)
      .all(size, from) as Match[];
    return rows.map((m) => ({ ...m, sort: sort.entries.map((e) => (e.by === '_score' ? m.score : m.doc)) }));
  }
  const single = sort.single;
  if (single && window.many && !(hasWords(single.field) && !holdsTypedValues(single.field)))
    return pageByOneField(db, c, single, window);
  const matches = db.prepare(`SELECT doc, score FROM ${MATCHES}`).all() as Match[];
  const keyed = matches.map((m) => ({ ...m, sort: sort.entries.map((e) => sortValue(reader, m, e)) }));
  keyed.sort((a, b) => compareRows(a, b, sort.entries));
  return keyed.slice(from, from + size);
}

/** A document's sort value for an entry: its smallest value of the field ascending, its largest descending. */
function sortValue(reader: DocReader, m: Match, entry: SortEntry): unknown {
  if (entry.by !== 'field') return entry.by === '_score' ? m.score : m.doc;
  let best: IndexValue | null = null;
  for (const value of reader.values(m.doc, entry.field)) {
    const order = best === null ? 0 : compareValues(value, best);
    if (best === null || (entry.direction === 'asc' ? order < 0 : order > 0)) best = value;
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

/**
 * A page of many matches sorted by one field, read off the field's values in order (each arm in
 * its index order, merged) and stopped once the page is full, instead of reading every match's
 * values and sorting them all. The rules are those above: walking values upwards meets a document
 * first at its smallest value, downwards at its largest; equal values go by document; documents
 * without the field come last, by document.
 */
function pageByOneField(
  db: Database.Database,
  c: QueryCompilation,
  { field, direction }: { field: string; direction: 'asc' | 'desc' },
  { from, size }: { from: number; size: number },
): PageRow[] {
  const wanted = from + size;
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
              (doc) => `CROSS JOIN ${MATCHES} m ON m.doc = ${doc}`,
            ),
          )
          .join(' UNION ALL ') + ` ORDER BY value ${order}, doc ${order}`,
      )
      .raw();
    let rank = 0;
    let last: unknown = undefined;
    for (const [doc, value] of walk.iterate(...arms.flatMap((a) => a.params)) as Iterable<[number, unknown]>) {
      if (found.has(doc)) continue;
      if (found.size > 0 && value !== last) {
        // The page is full once the value it ends on has all its documents.
        if (found.size >= wanted) break;
        rank++;
      }
      last = value;
      found.set(doc, { rank, value });
    }
  }
  const ranked = [...found].sort(([a, x], [b, y]) => x.rank - y.rank || a - b);
  const page: Array<[number, unknown]> = ranked.slice(0, wanted).map(([doc, { value }]) => [doc, value]);
  if (page.length < wanted) {
    const without = db
      .prepare(
        `SELECT m.doc FROM ${MATCHES} m JOIN ${c.tables.docs} d ON d.rowid = m.doc ` +
          `WHERE d.nset NOT IN (SELECT nset FROM ${c.tables.setFields} WHERE field = ${fieldIdOf(c.tables)}) ` +
          'ORDER BY m.doc LIMIT ?',
      )
      .pluck()
      .all(field, wanted - page.length) as number[];
    for (const doc of without) page.push([doc, null]);
  }
  const score = db.prepare(`SELECT score FROM ${MATCHES} WHERE doc = ?`).pluck();
  return page.slice(from).map(([doc, value]) => ({ doc, score: score.get(doc) as number, sort: [value] }));
}
