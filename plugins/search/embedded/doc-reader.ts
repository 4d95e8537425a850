import type Database from 'better-sqlite3';
import { fieldValuesOf, sourceOf, unpackValues, type FieldValues, type IndexValue } from './doc-record.js';
import { SetCatalog } from './name-sets.js';
import type { Tables } from './schema.js';

/** A document as a search reads it back: its id, `_source`, and the values of its fields. */
export interface ReadDoc {
  id: string;
  source(): Record<string, unknown>;
  fields: FieldValues;
}

/** The catalog of the set file a connection has attached as a schema: sets never change, so it is kept while that file is. */
const catalogs = new WeakMap<Database.Database, Map<string, { file: string; catalog: SetCatalog }>>();

function catalogOf(db: Database.Database, tables: Tables): SetCatalog {
  const schema = tables.docs.slice(0, tables.docs.indexOf('.'));
  const file = db.prepare('SELECT file FROM pragma_database_list WHERE name = ?').pluck().get(schema) as string;
  let bySchema = catalogs.get(db);
  if (!bySchema) catalogs.set(db, (bySchema = new Map()));
  const known = bySchema.get(schema);
  if (known?.file === file) return known.catalog;
  const catalog = new SetCatalog(db, tables);
  bySchema.set(schema, { file, catalog });
  return catalog;
}

/**
 * Reads documents by rowid, each once per search: whole (`doc`, its source inflated), or one
 * field's values (`values`), as its name set says where they are: the set's own, the document's
 * id, or its rows (one seek of `fields_doc`); only a field of words only needs the source.
 */
export class DocReader {
  private readonly catalog: SetCatalog;
  private readonly row: Database.Statement<[number], { id: string; nset: number; data: Buffer }>;
  private readonly head: Database.Statement<[number], { id: string; nset: number }>;
  private readonly own: Database.Statement<[number, string], IndexValue>;
  private readonly read = new Map<number, ReadDoc>();
  private readonly heads = new Map<number, { id: string; nset: number }>();

  constructor(db: Database.Database, tables: Tables) {
    this.catalog = catalogOf(db, tables);
    this.row = db.prepare(
      `SELECT d.id, d.nset, s.data FROM ${tables.docs} d JOIN ${tables.sources} s ON s.doc = d.rowid WHERE d.rowid = ?`,
    );
    this.head = db.prepare(`SELECT id, nset FROM ${tables.docs} WHERE rowid = ?`);
    this.own = db
      .prepare<[number, string], IndexValue>(
        `SELECT value FROM ${tables.fields} WHERE doc = ? AND field = (SELECT id FROM ${tables.names} WHERE name = ?)`,
      )
      .pluck();
  }

  doc(rowid: number): ReadDoc {
    let doc = this.read.get(rowid);
    if (!doc) {
      const row = this.row.get(rowid)!;
      const set = this.catalog.byId(row.nset);
      const values = unpackValues(row.data, set.dictionary);
      doc = { id: row.id, source: () => sourceOf(set.keys, values), fields: fieldValuesOf(set.keys, values, 0) };
      this.read.set(rowid, doc);
    }
    return doc;
  }

  /** A field's values in a document (an own field's once each), or none. */
  values(rowid: number, field: string): IndexValue[] {
    const known = this.read.get(rowid);
    if (known) return known.fields.get(field) ?? [];
    let head = this.heads.get(rowid);
    if (!head) this.heads.set(rowid, (head = this.head.get(rowid)!));
    const set = this.catalog.byId(head.nset);
    let entry = set.byField.get(field);
    if (entry?.kind === 'twin') entry = set.byField.get(entry.twin!);
    switch (entry?.kind) {
      case undefined:
        return [];
      case 'shared':
        return entry.values!;
      case 'docid':
        return [head.id];
      case 'own':
        return this.own.all(rowid, entry.field);
      default:
        return this.doc(rowid).fields.get(field) ?? [];
    }
  }
}

/** Two values in SQLite's order: numbers before text, text by code points (UTF-8 bytes). */
export function compareValues(a: IndexValue, b: IndexValue): number {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : -1;
  if (typeof b === 'number') return 1;
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
