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

/** Reads documents by rowid, each once per search. */
export class DocReader {
  private readonly catalog: SetCatalog;
  private readonly row: Database.Statement<[number], { id: string; nset: number; data: Buffer }>;
  private readonly read = new Map<number, ReadDoc>();

  constructor(db: Database.Database, tables: Tables) {
    this.catalog = catalogOf(db, tables);
    this.row = db.prepare(
      `SELECT d.id, d.nset, s.data FROM ${tables.docs} d JOIN ${tables.sources} s ON s.doc = d.rowid WHERE d.rowid = ?`,
    );
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

  /** A field's values in a document, or none. */
  values(rowid: number, field: string): IndexValue[] {
    return this.doc(rowid).fields.get(field) ?? [];
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
