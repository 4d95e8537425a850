import type Database from 'better-sqlite3';

/**
 * The index lives in one of two sets of tables, `a_*` and `b_*`; the row `active` of `meta` says
 * which one searches read. A rebuild fills the other set and `complete` flips `active` and drops the
 * old set in one transaction, so a reader (in this process or another on the same file), which reads
 * `active` inside its own read transaction, sees the old contents or the new ones, never a mix and
 * never an empty index. Flipping a pointer rather than renaming tables keeps the FTS5 table bound to
 * its content table by name (`content = 'a_texts'`), which `ALTER TABLE ... RENAME` would not update.
 */
export type TableSet = 'a' | 'b';

export const otherSet = (set: TableSet): TableSet => (set === 'a' ? 'b' : 'a');

/** The tables of one set. */
export interface Tables {
  docs: string;
  fields: string;
  texts: string;
  fts: string;
  /** fts5vocab `instance`: (term, doc = texts rowid, col, offset), for per-field term frequencies. */
  vocabInstances: string;
  /** fts5vocab `row`: (term, doc count, occurrences) over every field, for candidate terms. */
  vocabRows: string;
}

export function tablesOf(set: TableSet): Tables {
  return {
    docs: `${set}_docs`,
    fields: `${set}_fields`,
    texts: `${set}_texts`,
    fts: `${set}_texts_fts`,
    vocabInstances: `${set}_vocab_instances`,
    vocabRows: `${set}_vocab_rows`,
  };
}

/**
 * - `docs`: one row per document, its JSON as given (`_source`);
 * - `fields`: one row per (document, field, value), field names lower-cased, with the value as
 *   given (booleans as `true`/`false` text) and `num`, the value as a number for numbers and ISO
 *   dates (epoch milliseconds), so that `term`, `range` and `exists` are index look-ups;
 *   NOTE: `fields_doc` is (doc, field, value), not (doc): a sort value (MIN or MAX of one field of
 *   one document) is then one seek; with (doc) alone SQLite walks (field, value) for it, and
 *   sorting 20 000 documents took seconds instead of milliseconds;
 * - `texts` and `texts_fts`: every string value again, for words (an FTS5 index over `texts`);
 * - the two fts5vocab tables read FTS5's own term list, for the term suggester.
 */
function createSql(set: TableSet): string {
  const t = tablesOf(set);
  return `
CREATE TABLE ${t.docs} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source TEXT NOT NULL);
CREATE TABLE ${t.fields} (doc INTEGER NOT NULL, field TEXT NOT NULL, value, num REAL);
CREATE INDEX ${set}_fields_value ON ${t.fields} (field, value, doc);
CREATE INDEX ${set}_fields_num ON ${t.fields} (field, num, doc) WHERE num IS NOT NULL;
CREATE INDEX ${set}_fields_doc ON ${t.fields} (doc, field, value);
CREATE TABLE ${t.texts} (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX ${set}_texts_doc ON ${t.texts} (doc);
CREATE VIRTUAL TABLE ${t.fts} USING fts5 (text, content = '${t.texts}', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE ${t.vocabInstances} USING fts5vocab (${t.fts}, instance);
CREATE VIRTUAL TABLE ${t.vocabRows} USING fts5vocab (${t.fts}, row);
CREATE TRIGGER ${set}_texts_ai AFTER INSERT ON ${t.texts} BEGIN
  INSERT INTO ${t.fts} (rowid, text) VALUES (new.rowid, new.text);
END;
CREATE TRIGGER ${set}_texts_ad AFTER DELETE ON ${t.texts} BEGIN
  INSERT INTO ${t.fts} (${t.fts}, rowid, text) VALUES ('delete', old.rowid, old.text);
END;
`;
}

/** Dropping the tables drops their indexes and triggers; the vocab tables go first (they read the FTS5 table). */
export function dropSet(db: Database.Database, set: TableSet): void {
  const t = tablesOf(set);
  for (const table of [t.vocabInstances, t.vocabRows, t.fts, t.texts, t.fields, t.docs])
    db.exec(`DROP TABLE IF EXISTS ${table}`);
}

export function createSet(db: Database.Database, set: TableSet): void {
  db.exec(createSql(set));
}

export function setExists(db: Database.Database, set: TableSet): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(tablesOf(set).docs) !== undefined
  );
}

/** `user_version` of the file: 2 is the two-set layout. Version 1 had one set of unprefixed tables. */
const LAYOUT_VERSION = 2;

/**
 * Makes the file hold the current layout: `meta` and the active set. A file of the first layout
 * (unprefixed tables, before rebuilds existed) is emptied: the index is derived data, which a
 * rebuild fills again.
 */
export function ensureLayout(db: Database.Database): void {
  db.transaction(() => {
    if ((db.pragma('user_version', { simple: true }) as number) < LAYOUT_VERSION) {
      for (const table of ['texts_fts', 'texts', 'fields', 'docs']) db.exec(`DROP TABLE IF EXISTS ${table}`);
      db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('active', 'a')").run();
      if (!setExists(db, 'a')) createSet(db, 'a');
      db.pragma(`user_version = ${LAYOUT_VERSION}`);
    }
  }).immediate();
}

export function activeSet(db: Database.Database): TableSet {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'active'").get() as { value: string } | undefined;
  return row?.value === 'b' ? 'b' : 'a';
}
