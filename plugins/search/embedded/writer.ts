import type Database from 'better-sqlite3';
import { InvalidError, type SearchDocument } from '../../../core/plugin/kit.js';
import {
  fieldValuesOf,
  hasWords,
  keysAndValues,
  numOf,
  packValues,
  unpackValues,
  type FieldValues,
  type IndexValue,
} from './doc-record.js';
import { WritingCatalog, type NameSet } from './name-sets.js';
import { keepsSetDocs, tracksMultiValued } from './index-statistics.js';
import { tablesOf, wordsRowid } from './schema.js';

/** Writes documents into one set of tables; the caller runs each call inside a transaction. */
export interface SetWriter {
  index(documents: readonly SearchDocument[]): void;
  remove(ids: readonly string[]): void;
}

/** What the index holds for a document: the rows of its own fields and their words. */
interface Kept {
  set: NameSet;
  fields: FieldValues;
}

/** The distinct values of each own field of a document (its rows). */
function ownValues({ set, fields }: Kept): Map<string, Set<IndexValue>> {
  const own = new Map<string, Set<IndexValue>>();
  for (const entry of set.layout) if (entry.kind === 'own') own.set(entry.field, new Set(fields.get(entry.field)));
  return own;
}

/** The values of each field of a document that has words. */
function wordValues({ set, fields }: Kept): Map<string, IndexValue[]> {
  const words = new Map<string, IndexValue[]>();
  for (const entry of set.layout)
    if ((entry.kind === 'own' || entry.kind === 'words') && hasWords(entry.field))
      words.set(entry.field, fields.get(entry.field)!);
  return words;
}

/** The words rows of a field's values: one per string value, the 256th and later ones together. */
function wordRows(field: number, doc: number, values: readonly IndexValue[]): Array<[bigint, string]> {
  const texts = values.filter((v): v is string => typeof v === 'string');
  const rows: Array<[bigint, string]> = texts.slice(0, 255).map((text, i) => [wordsRowid(field, doc, i), text]);
  if (texts.length > 255) rows.push([wordsRowid(field, doc, 255), texts.slice(255).join(' ')]);
  return rows;
}

const sameList = (a: readonly IndexValue[] | undefined, b: readonly IndexValue[] | undefined): boolean =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Records in `multi_valued` each field a document holds several values of. No memo of what is
 * recorded: a batch that fails rolls its records back with it. Undefined for a set file without
 * the table (`tracksMultiValued`).
 */
function multiValuedFields(db: Database.Database, schema: string, catalog: WritingCatalog) {
  if (!tracksMultiValued(db, schema)) return undefined;
  const insert = db.prepare<[number]>(`INSERT OR IGNORE INTO ${tablesOf(schema).multiValued} (field) VALUES (?)`);
  return {
    note(fields: FieldValues): void {
      for (const [field, values] of fields) if (values.length > 1) insert.run(catalog.fieldId(field));
    },
  };
}

/** Keeps `set_docs` in step with the documents' sets. Undefined for a set file without the table (`keepsSetDocs`). */
function setDocCounts(db: Database.Database, schema: string) {
  if (!keepsSetDocs(db, schema)) return undefined;
  const add = db.prepare<[number, number]>(
    `INSERT INTO ${tablesOf(schema).setDocs} (nset, docs) VALUES (?, ?) ON CONFLICT (nset) DO UPDATE SET docs = docs + excluded.docs`,
  );
  return { add: (nset: number, docs: number) => add.run(nset, docs) };
}

/**
 * The statements are prepared once per connection and schema (the set's tables must exist).
 * Writing a document again writes only what changed: nothing when its values and set are the same.
 */
export function setWriter(db: Database.Database, schema: string): SetWriter {
  const t = tablesOf(schema);
  const catalog = new WritingCatalog(db, t);
  const s = {
    findDoc: db.prepare<[string], { rowid: number; nset: number }>(`SELECT rowid, nset FROM ${t.docs} WHERE id = ?`),
    insertDoc: db.prepare<[string, number]>(`INSERT INTO ${t.docs} (id, nset) VALUES (?, ?)`),
    moveDoc: db.prepare<[number, number]>(`UPDATE ${t.docs} SET nset = ? WHERE rowid = ?`),
    deleteDoc: db.prepare<[number]>(`DELETE FROM ${t.docs} WHERE rowid = ?`),
    source: db.prepare<[number], Buffer>(`SELECT data FROM ${t.sources} WHERE doc = ?`).pluck(),
    putSource: db.prepare<[number, Buffer]>(`INSERT OR REPLACE INTO ${t.sources} (doc, data) VALUES (?, ?)`),
    deleteSource: db.prepare<[number]>(`DELETE FROM ${t.sources} WHERE doc = ?`),
    insertField: db.prepare<[number, IndexValue, number, number | null]>(
      `INSERT OR IGNORE INTO ${t.fields} (field, value, doc, num) VALUES (?, ?, ?, ?)`,
    ),
    deleteField: db.prepare<[number, IndexValue, number]>(
      `DELETE FROM ${t.fields} WHERE field = ? AND value = ? AND doc = ?`,
    ),
    insertWords: db.prepare<[bigint, string]>(`INSERT INTO ${t.words} (rowid, text) VALUES (?, ?)`),
    deleteWords: db.prepare<[bigint]>(`DELETE FROM ${t.words} WHERE rowid = ?`),
  };
  const multiValued = multiValuedFields(db, schema, catalog);
  const setDocs = setDocCounts(db, schema);

  const keptOf = (doc: number, nset: number): Kept => {
    const set = catalog.byId(nset);
    const values = unpackValues(s.source.get(doc)!, set.dictionary);
    return { set, fields: fieldValuesOf(set.keys, values, 0) };
  };

  /** Writes the difference between what is kept of a document (`before`) and what it becomes (`after`). */
  function rewrite(doc: number, before: Kept | undefined, after: Kept | undefined): void {
    const none = new Map();
    const old: Map<string, Set<IndexValue>> = before ? ownValues(before) : none;
    const now: Map<string, Set<IndexValue>> = after ? ownValues(after) : none;
    for (const [field, values] of old) {
      const kept = now.get(field);
      const id = catalog.fieldId(field);
      for (const value of values) if (!kept?.has(value)) s.deleteField.run(id, value, doc);
    }
    for (const [field, values] of now) {
      const had = old.get(field);
      const id = catalog.fieldId(field);
      for (const value of values) if (!had?.has(value)) s.insertField.run(id, value, doc, numOf(value));
    }
    const oldWords: Map<string, IndexValue[]> = before ? wordValues(before) : none;
    const newWords: Map<string, IndexValue[]> = after ? wordValues(after) : none;
    for (const [field, values] of oldWords)
      if (!sameList(values, newWords.get(field)))
        for (const [rowid] of wordRows(catalog.fieldId(field), doc, values)) s.deleteWords.run(rowid);
    for (const [field, values] of newWords)
      if (!sameList(oldWords.get(field), values))
        for (const [rowid, text] of wordRows(catalog.fieldId(field), doc, values)) s.insertWords.run(rowid, text);
  }

  return {
    index(documents) {
      documents.forEach((document, position) => {
        if (typeof document?.id !== 'string' || document.id === '')
          throw new InvalidError(`Search document ${position}: "id" must be a non-empty string`, { fieldName: 'id' });
        const { keys, values } = keysAndValues(document);
        const fields = fieldValuesOf(keys, values, position);
        const json = JSON.stringify(values);
        const set = catalog.setFor(keys, fields, json);
        const data = packValues(json, set.dictionary);
        const found = s.findDoc.get(document.id);
        // Unchanged: its fields were recorded when it was written.
        if (found && found.nset === set.id && s.source.get(found.rowid)!.equals(data)) return;
        multiValued?.note(fields);
        if (found === undefined) {
          const doc = Number(s.insertDoc.run(document.id, set.id).lastInsertRowid);
          setDocs?.add(set.id, 1);
          s.putSource.run(doc, data);
          rewrite(doc, undefined, { set, fields });
          return;
        }
        const before = keptOf(found.rowid, found.nset);
        if (found.nset !== set.id) {
          s.moveDoc.run(set.id, found.rowid);
          setDocs?.add(found.nset, -1);
          setDocs?.add(set.id, 1);
        }
        s.putSource.run(found.rowid, data);
        rewrite(found.rowid, before, { set, fields });
      });
    },
    remove(ids) {
      for (const id of ids) {
        const found = s.findDoc.get(id);
        if (!found) continue;
        rewrite(found.rowid, keptOf(found.rowid, found.nset), undefined);
        s.deleteSource.run(found.rowid);
        s.deleteDoc.run(found.rowid);
        setDocs?.add(found.nset, -1);
      }
    },
  };
}
