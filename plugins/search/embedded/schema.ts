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
  /** The schema the set file is attached as. */
  schema: string;
  docs: string;
  sources: string;
  names: string;
  nameSets: string;
  setFields: string;
  setValues: string;
  fields: string;
  /** Fields some document held several values of (a set file made before it existed has none: `tracksMultiValued`). */
  multiValued: string;
  /** How many documents each name set has (a set file made before it existed has none: `keepsSetDocs`). */
  setDocs: string;
  /** The FTS5 table, for FROM. */
  words: string;
  /** The FTS5 table's bare name: `MATCH`, `rank` and `rowid` name it unqualified. */
  wordsRef: string;
  /** fts5vocab `instance`: (term, doc = a `words` rowid, col, offset), for per-field term frequencies. */
  vocabInstances: string;
  /** fts5vocab `row`: (term, row count, occurrences) over every field, for candidate terms. */
  vocabRows: string;
}

/** The tables of the set file attached as `schema` (`main` on a connection opened on the set file itself). */
export function tablesOf(schema: string): Tables {
  return {
    schema,
    docs: `${schema}.docs`,
    sources: `${schema}.sources`,
    names: `${schema}.names`,
    nameSets: `${schema}.name_sets`,
    setFields: `${schema}.set_fields`,
    setValues: `${schema}.set_values`,
    fields: `${schema}.fields`,
    multiValued: `${schema}.multi_valued`,
    setDocs: `${schema}.set_docs`,
    words: `${schema}.words`,
    wordsRef: 'words',
    vocabInstances: `${schema}.vocab_instances`,
    vocabRows: `${schema}.vocab_rows`,
  };
}

/**
 * What the index keeps of a document, once (see `name-sets.ts` and `doc-record.ts`):
 * - `docs`: its id and its *name set* (`nset`); `sources`: its values (JSON, deflated with the
 *   set's dictionary), which with the set's keys give `_source` back, and every value a search
 *   reads per document (sort values, aggregations of few matches);
 * - `names`: field names (lower-cased) as small integers, which the other tables hold instead;
 * - `name_sets`: documents of the same keys share a set, which says per field whether its values
 *   are the document's own (rows in `fields`), shared by every document of the set (rows in
 *   `set_values`, none per document), or a twin of another field of the document (an exact copy,
 *   as `<name>_dotraw` is: read off that field's rows); `set_fields` lists them for queries, and
 *   says which sets have a field at all (`exists`);
 * - `fields`: the own values, keyed (field, value, doc), so that `term`, `terms`, `range` and
 *   `prefix` are index look-ups; `num` is the value as a number for numbers and ISO dates;
 *   `fields_doc` (doc, field, value): a document's own values of a field, one seek (sort values,
 *   aggregations of few matches, probes);
 * - `multi_valued`: the fields of which some document held more than one value, ever (never
 *   removed): a field not there holds one value per document, so counting its rows counts
 *   documents (a date histogram's buckets, without a distinct count);
 * - `set_docs`: how many documents each name set has, so that the documents of sets (every one,
 *   the live ones, a type's) are counted without reading them;
 * - `words`: the words of the analysed members' own values (`isAnalysedMember`), one FTS5 row per
 *   value, contentless (the text is not kept again): rowid `field << 40 | doc << 8 | position`.
 *   Other members' words are read off their distinct values when a query asks (`value-words.ts`);
 * - the two fts5vocab tables read FTS5's own term list, for analysed `term`, `prefix`, `range` and
 *   the term suggester.
 */
const SET_TABLES = `
CREATE TABLE docs (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, nset INTEGER NOT NULL);
CREATE TABLE sources (doc INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE name_sets (id INTEGER PRIMARY KEY, family TEXT NOT NULL, keys TEXT NOT NULL, layout TEXT NOT NULL, dictionary BLOB NOT NULL);
CREATE INDEX name_sets_family ON name_sets (family);
CREATE TABLE set_fields (field INTEGER NOT NULL, nset INTEGER NOT NULL, kind INTEGER NOT NULL, twin INTEGER, PRIMARY KEY (field, nset)) WITHOUT ROWID;
CREATE TABLE set_values (field INTEGER NOT NULL, value NOT NULL, nset INTEGER NOT NULL, num REAL, PRIMARY KEY (field, value, nset)) WITHOUT ROWID;
CREATE TABLE fields (field INTEGER NOT NULL, value NOT NULL, doc INTEGER NOT NULL, num REAL, PRIMARY KEY (field, value, doc)) WITHOUT ROWID;
CREATE TABLE multi_valued (field INTEGER PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE set_docs (nset INTEGER PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE words USING fts5 (text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE vocab_instances USING fts5vocab (words, instance);
CREATE VIRTUAL TABLE vocab_rows USING fts5vocab (words, row);
`;

/** What searches need beyond what writes need: built last by a rebuild (`FINISH_BULK_FILL`). */
const SEARCH_STRUCTURES = `
CREATE INDEX docs_nset ON docs (nset);
CREATE INDEX fields_doc ON fields (doc, field);
CREATE INDEX fields_num ON fields (field, num) WHERE num IS NOT NULL;
CREATE INDEX set_values_num ON set_values (field, num) WHERE num IS NOT NULL;
`;

/** Creates the index tables in a new, empty set file (a connection of its own on that file), ready for searches. */
export function createSetTables(setDb: Database.Database): void {
  setDb.exec(SET_TABLES + SEARCH_STRUCTURES);
}

/**
 * A rebuild fills tables that have only the indexes writes need, and builds the rest once filled:
 * sorting many rows once is faster than keeping more B-trees in order row by row. Until then the
 * set cannot answer searches, and no one searches it. (The words are written as they come: a
 * contentless FTS5 table cannot be built afterwards.)
 */
export function createBulkFillTables(setDb: Database.Database): void {
  setDb.exec(SET_TABLES);
}

/** Makes a bulk-filled set searchable. */
export const FINISH_BULK_FILL = SEARCH_STRUCTURES;

/** The `words` rowid of the `position`th value of a field of a document: see `SET_TABLES`. */
export const wordsRowid = (field: number, doc: number, position: number): bigint =>
  (BigInt(field) << 40n) | (BigInt(doc) << 8n) | BigInt(Math.min(position, 255));

/** SQL of the document of a `words` rowid (`rowid` an expression). */
export const docOfWordsRowid = (rowid: string): string => `((${rowid} >> 8) & 4294967295)`;

/**
 * `user_version` of the main file: 5 is a main file of `meta` only, the index in set files of the
 * tables above (4 had a row per value and every string again as words, about 18 KB per content
 * item; 3 had the source in `docs`): a set file of an earlier layout is replaced by an empty one,
 * as unused files are. Earlier layouts kept the index in the main file's own tables: they are
 * dropped. The index is derived data, which a rebuild fills again: the host rebuilds an empty index
 * at start.
 */
export const LAYOUT_VERSION = 5;

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
