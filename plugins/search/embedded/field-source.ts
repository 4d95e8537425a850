import type Database from 'better-sqlite3';
import { KIND_CODES } from './name-sets.js';
import type { Tables } from './schema.js';

/**
 * Where a field's values are, for a query: each *arm* reads the values one kind of name set keeps
 * (`name-sets.ts`) as rows `f` with `f.value` and `f.num`, the condition a query compiles to
 * written on them (`value-conditions.ts`), and the document the row belongs to:
 * - own values: `fields`, keyed (field, value, doc);
 * - shared values: `set_values`, then the documents of those sets (`docs_nset`);
 * - a twin's: the rows of the field it repeats, of the documents of the sets that say so;
 * - `id`: the documents' ids in `docs`.
 * Fields with words only (`catchall`) have no arm: their values are read off the documents'.
 * CROSS JOIN keeps the order written: the field's values first (an index seek or walk), then their
 * documents, never every document of the sets first.
 */
export interface Arm {
  /**
   * `SELECT <columns> FROM [from, ] <the arm's tables> [join] WHERE ... AND (<cond>)`: `columns` and
   * `join` given the document's expression.
   */
  select(columns: (doc: string) => string, cond: string, from?: string, join?: (doc: string) => string): string;
  /** Whether the outer document `d` has a value for which `cond` holds: a seek of its values, or its set. */
  probe(cond: string): string;
  /** The parameters of `select` and `probe`, all before those of `cond`. */
  params: unknown[];
  /** `SELECT f.value AS value ... WHERE (<cond>)`: every value of the arm, maybe more (no document read). */
  values(cond: string): string;
  /** The parameters of `values`, before those of `cond`. */
  valueParams: unknown[];
  /**
   * Where `probe` reads only the document's name set (`d.nset IN (<sets>)`): the SQL of those sets
   * (a column `nset`), with `probe`'s parameters. Such a condition also drives a search well,
   * through `docs_nset`, so it never needs listing as documents first.
   */
  sets?(cond: string): string;
}

const before = (from: string | undefined): string => (from ? `${from}, ` : '');
const after = (join: ((doc: string) => string) | undefined, doc: string): string => (join ? ` ${join(doc)}` : '');

/** The id of the field named by the next parameter. */
export const fieldIdOf = (t: Tables): string => `(SELECT id FROM ${t.names} WHERE name = ?)`;

function ownArm(t: Tables, field: string): Arm {
  const id = fieldIdOf(t);
  return {
    select: (columns, cond, from, join) =>
      `SELECT ${columns('f.doc')} FROM ${before(from)}${t.fields} f${after(join, 'f.doc')} ` +
      `WHERE f.field = ${id} AND (${cond})`,
    probe: (cond) => `EXISTS (SELECT 1 FROM ${t.fields} f WHERE f.field = ${id} AND (${cond}) AND f.doc = d.rowid)`,
    params: [field],
    values: (cond) => `SELECT f.value AS value FROM ${t.fields} f WHERE f.field = ${id} AND (${cond})`,
    valueParams: [field],
  };
}

function sharedArm(t: Tables, field: string): Arm {
  const id = fieldIdOf(t);
  const setsOf = (cond: string): string => `SELECT f.nset FROM ${t.setValues} f WHERE f.field = ${id} AND (${cond})`;
  return {
    select: (columns, cond, from, join) =>
      `SELECT ${columns('dd.rowid')} FROM ${before(from)}${t.setValues} f ` +
      `CROSS JOIN ${t.docs} dd ON dd.nset = f.nset${after(join, 'dd.rowid')} WHERE f.field = ${id} AND (${cond})`,
    probe: (cond) => `d.nset IN (${setsOf(cond)})`,
    params: [field],
    values: (cond) => `SELECT f.value AS value FROM ${t.setValues} f WHERE f.field = ${id} AND (${cond})`,
    valueParams: [field],
    sets: setsOf,
  };
}

/** `field`'s values in the sets where it repeats `twin`'s: `twin`'s rows of their documents. */
function twinArm(t: Tables, field: string, twin: string): Arm {
  const id = fieldIdOf(t);
  const sets = `(SELECT nset FROM ${t.setFields} WHERE field = ${id} AND twin = ${id})`;
  return {
    select: (columns, cond, from, join) =>
      `SELECT ${columns('f.doc')} FROM ${before(from)}${t.fields} f CROSS JOIN ${t.docs} dd ON dd.rowid = f.doc` +
      `${after(join, 'f.doc')} WHERE f.field = ${id} AND dd.nset IN ${sets} AND (${cond})`,
    probe: (cond) =>
      `(d.nset IN ${sets} AND EXISTS (SELECT 1 FROM ${t.fields} f WHERE f.field = ${id} AND (${cond}) AND f.doc = d.rowid))`,
    // select: twin, field, twin; probe: field, twin, twin. The same list serves both only when equal: see `twinParams`.
    params: [twin, field, twin],
    // Every value of the twin, of the documents of other sets too.
    values: (cond) => `SELECT f.value AS value FROM ${t.fields} f WHERE f.field = ${id} AND (${cond})`,
    valueParams: [twin],
  };
}

/**
 * The sets where `twin` has values of its own but `field` does not repeat them (a set made when
 * the first documents of a type held the same value, say): SQL of their ids, given twin, field.
 */
const setsOutside = (t: Tables): string =>
  `(SELECT s.nset FROM ${t.setFields} s WHERE s.field = ${fieldIdOf(t)} AND s.kind = ${KIND_CODES.own} ` +
  `AND NOT EXISTS (SELECT 1 FROM ${t.setFields} w WHERE w.field = ${fieldIdOf(t)} AND w.nset = s.nset AND w.twin = s.field))`;

/** Below this many documents in `setsOutside`, a twin arm lists them to leave out rather than checking each row's set. */
export const FEW_OUTSIDE = 1000;

/** How many documents `setsOutside` holds, counted up to `few`. */
function outsideCount(db: Database.Database, t: Tables, pair: { field: string; twin: string }, few: number): number {
  return db
    .prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM ${t.docs} WHERE nset IN ${setsOutside(t)} LIMIT ?)`)
    .pluck()
    .get(pair.twin, pair.field, few) as number;
}

/**
 * A twin arm read as all of `twin`'s own rows but those of the few documents of `setsOutside`
 * (none to leave out: all of them, checked against nothing): the same rows as `twinArm`'s, without
 * a look-up of each row's document for its set (a terms aggregation of a `_dotraw` member over
 * 100,000 documents: most of its time). Its probe stays `twinArm`'s.
 */
function twinRowsArm(t: Tables, pair: { field: string; twin: string }, arm: Arm, outside: number): Arm {
  const id = fieldIdOf(t);
  const leaveOut = `AND f.doc NOT IN (SELECT dd.rowid FROM ${t.docs} dd WHERE dd.nset IN ${setsOutside(t)}) `;
  return {
    ...arm,
    select: (columns, cond, from, join) =>
      `SELECT ${columns('f.doc')} FROM ${before(from)}${t.fields} f${after(join, 'f.doc')} ` +
      `WHERE f.field = ${id} ${outside > 0 ? leaveOut : ''}AND (${cond})`,
    params: outside > 0 ? [pair.twin, pair.twin, pair.field] : [pair.twin],
  };
}

function docIdArm(t: Tables): Arm {
  const sets = `(SELECT nset FROM ${t.setFields} WHERE field = ${fieldIdOf(t)} AND kind = ${KIND_CODES.docid})`;
  return {
    select: (columns, cond, from, join) =>
      `SELECT ${columns('f.doc')} FROM ${before(from)}` +
      `(SELECT dd.rowid AS doc, dd.id AS value, NULL AS num, dd.nset AS nset FROM ${t.docs} dd) f${after(join, 'f.doc')} ` +
      `WHERE f.nset IN ${sets} AND (${cond})`,
    probe: (cond) =>
      `(d.nset IN ${sets} AND EXISTS (SELECT 1 FROM (SELECT d.id AS value, NULL AS num) f WHERE ${cond}))`,
    params: ['id'],
    values: (cond) => `SELECT f.value AS value FROM (SELECT id AS value, NULL AS num FROM ${t.docs}) f WHERE (${cond})`,
    valueParams: [],
  };
}

/**
 * The arms of a field, from the kinds of the sets that have it. The twin arm's probe names its
 * fields in another order than its select: it is given as an arm of its own for probes. `few`:
 * see `FEW_OUTSIDE` (0: never `twinRowsArm`).
 */
export function armsOf(
  db: Database.Database,
  t: Tables,
  field: string,
  few = FEW_OUTSIDE,
): { arms: Arm[]; probes: Arm[] } {
  const kinds = db
    .prepare(
      `SELECT DISTINCT s.kind, n.name AS twin FROM ${t.setFields} s LEFT JOIN ${t.names} n ON n.id = s.twin ` +
        `WHERE s.field = ${fieldIdOf(t)}`,
    )
    .all(field) as Array<{ kind: number; twin: string | null }>;
  const arms: Arm[] = [];
  const probes: Arm[] = [];
  const add = (arm: Arm, probe: Arm = arm): void => {
    arms.push(arm);
    probes.push(probe);
  };
  if (kinds.some((k) => k.kind === KIND_CODES.own)) add(ownArm(t, field));
  if (kinds.some((k) => k.kind === KIND_CODES.shared)) add(sharedArm(t, field));
  if (kinds.some((k) => k.kind === KIND_CODES.docid)) add(docIdArm(t));
  for (const { kind, twin } of kinds)
    if (kind === KIND_CODES.twin && twin !== null) {
      const arm = twinArm(t, field, twin);
      const outside = few > 0 ? outsideCount(db, t, { field, twin }, few) : few;
      add(outside < few ? twinRowsArm(t, { field, twin }, arm, outside) : arm, { ...arm, params: [field, twin, twin] });
    }
  return { arms, probes };
}

/** Whether any set has the field (`exists`), as a condition on the outer document `d`. */
export function fieldPresent(t: Tables): string {
  return `d.nset IN (SELECT nset FROM ${t.setFields} WHERE field = ${fieldIdOf(t)})`;
}
