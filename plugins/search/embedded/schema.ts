import type Database from 'better-sqlite3';

/**
 * The index is two kinds of SQLite file:
 * - the *main file* (`search.embedded.file`) holds only `meta`: the row `active` names the *set
 *   file* searches read, and the row `rebuild` records a rebuild that is running (`rebuild.ts`);
 * - a *set file* (`<main file>.<generation>.set`, beside it) holds the index itself.
 *
 * A rebuild fills a new set file, then points `active` at it in one transaction on the main file and
 * deletes the old file. Deleting a file is instant whatever its size, where dropping a table of a
 * gigabyte makes SQLite walk every page of it while holding the write lock; and a file nobody reads
 * yet can be written without a journal (see `rebuild.ts`). A reader reads `active` inside its own
 * read transaction, so it sees the old contents or the new ones, never a mix and never an empty index.
 */

/** The tables of one set file, named as a connection sees them (`schema.table`). */
export interface Tables {
  docs: string;
  sources: string;
  fields: string;
  texts: string;
  /** The FTS5 table, for FROM. */
  fts: string;
  /** The FTS5 table's bare name: `MATCH`, `rank` and `rowid` name it unqualified. */
  ftsRef: string;
  /** fts5vocab `instance`: (term, doc = texts rowid, col, offset), for per-field term frequencies. */
  vocabInstances: string;
  /** fts5vocab `row`: (term, doc count, occurrences) over every field, for candidate terms. */
  vocabRows: string;
}

/** The tables of the set file attached as `schema` (`main` on a connection opened on the set file itself). */
export function tablesOf(schema: string): Tables {
  return {
    docs: `${schema}.docs`,
    sources: `${schema}.sources`,
    fields: `${schema}.fields`,
    texts: `${schema}.texts`,
    fts: `${schema}.texts_fts`,
    ftsRef: 'texts_fts',
    vocabInstances: `${schema}.vocab_instances`,
    vocabRows: `${schema}.vocab_rows`,
  };
}

/**
 * - `docs`: one row per document, its id; `sources`: its JSON as given (`_source`), apart, so that
 *   the many look-ups of a search into `docs` read a table of a few megabytes, not of gigabytes;
 * - `fields`: one row per (document, field, value), field names lower-cased, with the value as
 *   given (booleans as `true`/`false` text) and `num`, the value as a number for numbers and ISO
 *   dates (epoch milliseconds), so that `term`, `range` and `exists` are index look-ups;
 *   NOTE: `fields_doc` is (doc, field, value), not (doc): a sort value (MIN or MAX of one field of
 *   one document) is then one seek; with (doc) alone SQLite walks (field, value) for it, and
 *   sorting 20 000 documents took seconds instead of milliseconds;
 * - `texts` and `texts_fts`: every string value again, for words (an FTS5 index over `texts`);
 * - the two fts5vocab tables read FTS5's own term list, for the term suggester.
 */
const SET_TABLES = `
CREATE TABLE docs (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
CREATE TABLE sources (doc INTEGER PRIMARY KEY, source TEXT NOT NULL);
CREATE TABLE fields (doc INTEGER NOT NULL, field TEXT NOT NULL, value, num REAL);
CREATE INDEX fields_doc ON fields (doc, field, value);
CREATE TABLE texts (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX texts_doc ON texts (doc);
CREATE VIRTUAL TABLE texts_fts USING fts5 (text, content = 'texts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE vocab_instances USING fts5vocab (texts_fts, instance);
CREATE VIRTUAL TABLE vocab_rows USING fts5vocab (texts_fts, row);
`;

/** What searches need beyond what writes need: built last by a rebuild (`FINISH_BULK_FILL`). */
const SEARCH_STRUCTURES = `
CREATE INDEX fields_value ON fields (field, value, doc);
CREATE INDEX fields_num ON fields (field, num, doc) WHERE num IS NOT NULL;
CREATE TRIGGER texts_ai AFTER INSERT ON texts BEGIN
  INSERT INTO texts_fts (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TRIGGER texts_ad AFTER DELETE ON texts BEGIN
  INSERT INTO texts_fts (texts_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
END;
`;

/** Creates the index tables in a new, empty set file (a connection of its own on that file), ready for searches. */
export function createSetTables(setDb: Database.Database): void {
  setDb.exec(SET_TABLES + SEARCH_STRUCTURES);
}

/**
 * A rebuild fills tables that have only the indexes writes need (a document's rows by document),
 * and builds the rest once filled: sorting millions of rows once is several times faster than
 * keeping two more B-trees and the full-text index in order row by row (measured: 20,000
 * documents in 6.7 s instead of 26 s). Until then the set cannot answer searches, and no one
 * searches it.
 */
export function createBulkFillTables(setDb: Database.Database): void {
  setDb.exec(SET_TABLES);
}

/** Makes a bulk-filled set searchable: the `fields` indexes, the full-text index from `texts`, and its triggers. */
export const FINISH_BULK_FILL = `${SEARCH_STRUCTURES}
INSERT INTO texts_fts (texts_fts) VALUES ('rebuild');`;

/**
 * `user_version` of the main file: 4 is a main file of `meta` only, the index in set files with
 * `sources` apart (3 had the source in `docs`: its set files are replaced, as unused ones). Earlier
 * layouts kept the index in the main file's own tables: they are dropped (the index is derived
 * data, which a rebuild fills again; the host rebuilds an empty index at start).
 */
const LAYOUT_VERSION = 4;

export function ensureLayout(db: Database.Database): void {
  db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) >= LAYOUT_VERSION) return;
    const tables = (where: string) =>
      (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND ${where}`).all() as Array<{ name: string }>)
        .map((r) => r.name)
        .filter((name) => name !== 'meta' && !name.startsWith('sqlite'));
    // Vocabulary tables, then FTS5 tables (which take their shadow tables along), then the rest.
    for (const where of ["sql LIKE '%fts5vocab%'", "sql LIKE 'CREATE VIRTUAL%'", '1'])
      for (const name of tables(where)) db.exec(`DROP TABLE IF EXISTS "${name}"`);
    db.exec('DROP TABLE IF EXISTS meta');
    db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.pragma(`user_version = ${LAYOUT_VERSION}`);
  }).immediate();
}

/** The set file searches read (its name, beside the main file), or undefined before the first is made. */
export function activeSetName(db: Database.Database): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'active'").get() as { value: string } | undefined;
  return row?.value;
}

export function setActiveSetName(db: Database.Database, name: string): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES ('active', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(name);
}
