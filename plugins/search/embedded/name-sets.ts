import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { holdsTypedValues } from '../../../core/plugin/kit.js';
import { hasWords, numOf, type FieldValues, type IndexValue } from './doc-record.js';
import type { Tables } from './schema.js';

/*
 * Name sets: documents of the same keys (and the same fields holding values) share a set, which
 * says for each field how its values are kept:
 * - `own`: rows of the document in `fields` (and words, for an analysed member);
 * - `shared`: the same values in every document of the set, kept once in `set_values` (a type's
 *   `contenttype`, flags, the site, the workflow step: most members of a content document);
 * - `twin`: the same values as an earlier own field of the document (`title_dotraw` of `title`),
 *   read off that field's rows;
 * - `words`: words only, no rows (`catchall`, text only by the kit's `holdsTypedValues`, whose
 *   values only a sort or an aggregation reads: off the documents' values);
 * - `docid`: the document's `id`, read off `docs`.
 * Only members without words of their own are shared or twins, so words are always a document's.
 * A set never changes once written; a document whose values do not fit any set of its family gets
 * a new one, sharing what it shares with the latest (so a family's sets share less and less, and
 * stay few); past `MAX_FAMILY_SETS`, a set of own fields only, which fits every document.
 */

export type FieldKind = 'own' | 'shared' | 'twin' | 'words' | 'docid';
/** `set_fields.kind` */
export const KIND_CODES: Readonly<Record<FieldKind, number>> = { own: 0, shared: 1, twin: 2, words: 3, docid: 4 };

export interface LayoutField {
  field: string;
  kind: FieldKind;
  /** `twin`: the field whose values it repeats. */
  twin?: string;
  /** `shared`: the values. */
  values?: IndexValue[];
}

export interface NameSet {
  id: number;
  keys: string[];
  layout: LayoutField[];
  byField: Map<string, LayoutField>;
  dictionary: Buffer;
}

const MAX_FAMILY_SETS = 64;
/** Families a writer keeps in memory (see `setFor`). */
const KEPT_FAMILIES = 1_000;

const sameValues = (a: readonly IndexValue[] | undefined, b: readonly IndexValue[] | undefined): boolean =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

type StoredLayout = Array<{ f: string; k: FieldKind; t?: string; v?: IndexValue[] }>;

function nameSetOf(id: number, keys: string, layout: string, dictionary: Buffer): NameSet {
  const fields = (JSON.parse(layout) as StoredLayout).map((e): LayoutField => ({
    field: e.f,
    kind: e.k,
    ...(e.t ? { twin: e.t } : {}),
    ...(e.v ? { values: e.v } : {}),
  }));
  return {
    id,
    keys: JSON.parse(keys) as string[],
    layout: fields,
    byField: new Map(fields.map((f) => [f.field, f])),
    dictionary,
  };
}

/** The sets of one set file, as one connection reads them (sets never change, so they are kept). */
export class SetCatalog {
  private readonly sets = new Map<number, NameSet>();
  private readonly read: Database.Statement<[number], { keys: string; layout: string; dictionary: Buffer }>;

  constructor(
    protected readonly db: Database.Database,
    protected readonly tables: Tables,
  ) {
    this.read = db.prepare(`SELECT keys, layout, dictionary FROM ${tables.nameSets} WHERE id = ?`);
  }

  byId(id: number): NameSet {
    let set = this.sets.get(id);
    if (!set) {
      const row = this.read.get(id);
      if (!row) throw new Error(`The search index names a set ${id} it does not hold`);
      set = nameSetOf(id, row.keys, row.layout, row.dictionary);
      this.sets.set(id, set);
    }
    return set;
  }

  protected remember(set: NameSet): void {
    this.sets.set(set.id, set);
  }
}

/** The catalog a writer uses: it finds or makes the set of a document, and the ids of field names. */
export class WritingCatalog extends SetCatalog {
  private readonly families = new Map<string, { family: string; sets: NameSet[] }>();
  private readonly names = new Map<string, number>();
  private readonly statements;

  constructor(db: Database.Database, tables: Tables) {
    super(db, tables);
    const t = tables;
    this.statements = {
      family: db.prepare<[string], { id: number; keys: string; layout: string; dictionary: Buffer }>(
        `SELECT id, keys, layout, dictionary FROM ${t.nameSets} WHERE family = ? ORDER BY id DESC`,
      ),
      insertSet: db.prepare<[string, string, string, Buffer]>(
        `INSERT INTO ${t.nameSets} (family, keys, layout, dictionary) VALUES (?, ?, ?, ?)`,
      ),
      setField: db.prepare<[number, number, number, number | null]>(
        `INSERT INTO ${t.setFields} (field, nset, kind, twin) VALUES (?, ?, ?, ?)`,
      ),
      setValue: db.prepare<[number, IndexValue, number, number | null]>(
        `INSERT OR IGNORE INTO ${t.setValues} (field, value, nset, num) VALUES (?, ?, ?, ?)`,
      ),
      addName: db.prepare<[string]>(`INSERT OR IGNORE INTO ${t.names} (name) VALUES (?)`),
      nameId: db.prepare<[string], number>(`SELECT id FROM ${t.names} WHERE name = ?`).pluck(),
    };
  }

  /** The id of a field name, added the first time. */
  fieldId(name: string): number {
    let id = this.names.get(name);
    if (id === undefined) {
      this.statements.addName.run(name);
      id = this.statements.nameId.get(name)!;
      this.names.set(name, id);
    }
    return id;
  }

  /** The set a document of these keys and field values goes in; `json`, its values, becomes a new set's dictionary. */
  setFor(keys: readonly string[], fields: FieldValues, json: string): NameSet {
    const text = `${JSON.stringify(keys)}\n${[...fields.keys()].join('\n')}`;
    const known = this.families.get(text);
    const fitting = known?.sets.find((s) => fits(s, fields));
    if (fitting) return fitting;
    // The family's name in the index: its keys and fields, hashed (a set's row stays small).
    const family = known?.family ?? createHash('sha256').update(text).digest('base64url');
    // Another process may have added sets of this family meanwhile (the caller holds the write lock).
    const sets = this.statements.family.all(family).map((r) => nameSetOf(r.id, r.keys, r.layout, r.dictionary));
    // A set of own fields only fits every document: it is tried last.
    sets.sort((a, b) => Number(isOwnOnly(a)) - Number(isOwnOnly(b)));
    // The families of the documents written lately are kept, not all of them.
    if (this.families.size >= KEPT_FAMILIES) this.families.clear();
    this.families.set(text, { family, sets });
    const found = sets.find((s) => fits(s, fields));
    if (found) return found;
    if (sets.length >= MAX_FAMILY_SETS) {
      const set = this.create(family, keys, ownOnly(fields), Buffer.from(json));
      sets.push(set);
      return set;
    }
    const set = this.create(family, keys, layoutFor(fields, sets[0]), Buffer.from(json));
    sets.unshift(set);
    return set;
  }

  private create(family: string, keys: readonly string[], layout: LayoutField[], dictionary: Buffer): NameSet {
    const stored: StoredLayout = layout.map((f) => ({
      f: f.field,
      k: f.kind,
      ...(f.twin ? { t: f.twin } : {}),
      ...(f.values ? { v: f.values } : {}),
    }));
    const keysJson = JSON.stringify(keys);
    const layoutJson = JSON.stringify(stored);
    const id = Number(this.statements.insertSet.run(family, keysJson, layoutJson, dictionary).lastInsertRowid);
    for (const f of layout) {
      const field = this.fieldId(f.field);
      this.statements.setField.run(field, id, KIND_CODES[f.kind], f.twin ? this.fieldId(f.twin) : null);
      for (const value of f.values ?? []) this.statements.setValue.run(field, value, id, numOf(value));
    }
    const set = nameSetOf(id, keysJson, layoutJson, dictionary);
    this.remember(set);
    return set;
  }
}

/** Whether a document's field values can be kept as the set says. */
function fits(set: NameSet, fields: FieldValues): boolean {
  if (set.layout.length !== fields.size) return false;
  let i = 0;
  for (const [field, values] of fields) {
    const entry = set.layout[i++]!;
    if (entry.field !== field) return false;
    if (entry.kind === 'shared' && !sameValues(entry.values, values)) return false;
    if (entry.kind === 'twin' && !sameValues(fields.get(entry.twin!), values)) return false;
    if (entry.kind === 'docid' && !isDocId(field, values)) return false;
  }
  return true;
}

/**
 * A new set for a document: shared, the fields that the latest set of the family shares with the
 * same values (all of them for a family's first document); twins, fields repeating an earlier own
 * field; the rest own. Fields with words are always own.
 */
function layoutFor(fields: FieldValues, latest: NameSet | undefined): LayoutField[] {
  const layout: LayoutField[] = [];
  const own: Array<[string, IndexValue[]]> = [];
  for (const [field, values] of fields) {
    if (isDocId(field, values)) {
      layout.push({ field, kind: 'docid' });
      continue;
    }
    if (hasWords(field) && !holdsTypedValues(field)) {
      layout.push({ field, kind: 'words' });
      continue;
    }
    if (!hasWords(field)) {
      const before = latest?.byField.get(field);
      if (!latest || (before?.kind === 'shared' && sameValues(before.values, values))) {
        layout.push({ field, kind: 'shared', values });
        continue;
      }
      const twin = own.find(([, v]) => sameValues(v, values));
      if (twin) {
        layout.push({ field, kind: 'twin', twin: twin[0] });
        continue;
      }
    }
    own.push([field, values]);
    layout.push({ field, kind: 'own' });
  }
  return layout;
}

/** `id` holding the document's id alone (as every document's does), which `docs` keeps already. */
const isDocId = (field: string, values: readonly IndexValue[]): boolean =>
  field === 'id' && values.length === 1 && typeof values[0] === 'string' && numOf(values[0]) === null;

const isOwnOnly = (set: NameSet): boolean => set.layout.every((f) => f.kind === 'own' || f.kind === 'words');

/** A set that fits every document of its family: every field own (or words only). */
const ownOnly = (fields: FieldValues): LayoutField[] =>
  [...fields.keys()].map((field) => ({
    field,
    kind: hasWords(field) && !holdsTypedValues(field) ? 'words' : 'own',
  }));
