import type Database from 'better-sqlite3';
import type { QueryCompilation } from './compiled-query.js';

/*
 * Words of the members that have none in the index (every member but the analysed ones:
 * identifiers, flags, `_dotraw` copies...), for `match`, `match_phrase` and the term suggester on
 * them. They are read off the member's distinct values when a search asks: the values go into an
 * FTS5 table of the connection's own (temporary, in memory), with the same tokenizer as `words`,
 * which the query then reads as it reads `words`, and the matching values lead to their documents.
 * What that costs grows with the member's distinct values: little for the members such queries
 * name (a type, a step, a flag), a read of the whole member for one of unique values (an id).
 * Scores are bm25 among the member's distinct values.
 */

/** Once per connection, beside the table of matches. */
export const VALUE_WORDS_TABLES = `
CREATE TEMP TABLE IF NOT EXISTS value_texts (rowid INTEGER PRIMARY KEY, field TEXT NOT NULL, value TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS temp.value_words USING fts5 (text, content = '', tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS temp.value_vocab USING fts5vocab (temp, value_words, instance);
`;

/** The values, among those of the member named by the next parameter, holding the next parameter's term. */
export const VALUES_WITH_TERM =
  'SELECT vt.value FROM temp.value_vocab vi JOIN temp.value_texts vt ON vt.rowid = vi.doc WHERE vi.term = ? AND vt.field = ?';

/** A full-text query on such a member: the `(doc, s)` that `words` gives for analysed ones. */
export function valueWordsMatch(
  c: QueryCompilation,
  name: string,
  field: string,
  match: string,
): { name: string; sql: string; params: unknown[] } {
  c.valueWordFields.add(field);
  const { arms } = c.arms(field);
  if (arms.length === 0) return { name, sql: 'SELECT NULL, NULL WHERE 0', params: [] };
  const docs = arms.map((a) => a.select((doc) => `${doc} AS doc, mv.s AS s`, 'f.value = mv.value', 'mv'));
  return {
    name,
    sql:
      'WITH mv(value, s) AS MATERIALIZED (SELECT vt.value, -value_words.rank FROM temp.value_words ' +
      'JOIN temp.value_texts vt ON vt.rowid = value_words.rowid WHERE value_words MATCH ? AND vt.field = ?) ' +
      `SELECT doc, MAX(s) FROM (${docs.join(' UNION ALL ')}) GROUP BY doc`,
    params: [match, field, ...arms.flatMap((a) => a.params)],
  };
}

/** Fills the connection's table with the distinct text values of each member a search reads the words of. */
export function fillValueWords(db: Database.Database, c: QueryCompilation, fields: Iterable<string>): void {
  db.prepare('DELETE FROM temp.value_texts').run();
  db.prepare("INSERT INTO temp.value_words (value_words) VALUES ('delete-all')").run();
  for (const field of fields) {
    const { arms } = c.arms(field);
    if (arms.length === 0) continue;
    const text = "typeof(f.value) = 'text'";
    db.prepare(
      `INSERT INTO temp.value_texts (field, value) SELECT DISTINCT ?, value FROM (${arms.map((a) => a.values(text)).join(' UNION ALL ')})`,
    ).run(field, ...arms.flatMap((a) => a.valueParams));
  }
  db.prepare('INSERT INTO temp.value_words (rowid, text) SELECT rowid, value FROM temp.value_texts').run();
}
