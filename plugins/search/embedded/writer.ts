import type Database from 'better-sqlite3';
import { InvalidError, type SearchDocument } from '../../../core/plugin/kit.js';
import { parseInstant } from './value-conditions.js';
import { tablesOf } from './schema.js';

type Row = { field: string; value: string | number; num: number | null };

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
        values.push({ field, value, num: parseInstant(value) ?? null });
        texts.push({ field, value, num: null });
      } else if (typeof value === 'number' && Number.isFinite(value)) values.push({ field, value, num: value });
      else if (typeof value === 'boolean') values.push({ field, value: String(value), num: null });
      else
        throw new InvalidError(
          `Search document ${position}: property "${name}" must be a string, a number, a boolean or an array of them`,
          { fieldName: name },
        );
    }
  }
  return { values, texts };
}

/** Writes documents into one set of tables; the caller runs each call inside a transaction. */
export interface SetWriter {
  index(documents: readonly SearchDocument[]): void;
  remove(ids: readonly string[]): void;
}

/** The statements are prepared once per connection and schema (the set's tables must exist). */
export function setWriter(db: Database.Database, schema: string): SetWriter {
  const t = tablesOf(schema);
  const insertDoc = db.prepare<[string]>(`INSERT INTO ${t.docs} (id) VALUES (?)`);
  const putSource = db.prepare<[number, string]>(`INSERT OR REPLACE INTO ${t.sources} (doc, source) VALUES (?, ?)`);
  const deleteSource = db.prepare<[number]>(`DELETE FROM ${t.sources} WHERE doc = ?`);
  const findDoc = db.prepare<[string], { rowid: number }>(`SELECT rowid FROM ${t.docs} WHERE id = ?`);
  const deleteDoc = db.prepare<[number]>(`DELETE FROM ${t.docs} WHERE rowid = ?`);
  const deleteFields = db.prepare<[number]>(`DELETE FROM ${t.fields} WHERE doc = ?`);
  const deleteTexts = db.prepare<[number]>(`DELETE FROM ${t.texts} WHERE doc = ?`);
  const insertField = db.prepare<[number, string, string | number, number | null]>(
    `INSERT INTO ${t.fields} (doc, field, value, num) VALUES (?, ?, ?, ?)`,
  );
  const insertText = db.prepare<[number, string, string]>(`INSERT INTO ${t.texts} (doc, field, text) VALUES (?, ?, ?)`);
  return {
    index(documents) {
      documents.forEach((document, position) => {
        if (typeof document?.id !== 'string' || document.id === '')
          throw new InvalidError(`Search document ${position}: "id" must be a non-empty string`, { fieldName: 'id' });
        const { values, texts } = rowsOf(document, position);
        const rowid = findDoc.get(document.id)?.rowid ?? Number(insertDoc.run(document.id).lastInsertRowid);
        putSource.run(rowid, JSON.stringify(document));
        deleteFields.run(rowid);
        deleteTexts.run(rowid);
        for (const r of values) insertField.run(rowid, r.field, r.value, r.num);
        for (const r of texts) insertText.run(rowid, r.field, String(r.value));
      });
    },
    remove(ids) {
      for (const id of ids) {
        const found = findDoc.get(id);
        if (!found) continue;
        deleteFields.run(found.rowid);
        deleteTexts.run(found.rowid);
        deleteSource.run(found.rowid);
        deleteDoc.run(found.rowid);
      }
    },
  };
}
