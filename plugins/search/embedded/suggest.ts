import type Database from 'better-sqlite3';
import { distance } from 'fastest-levenshtein';
import { invalid } from './search-request-members.js';
import type { QueryCompilation } from './compiled-query.js';
import { fieldWordRows } from './compiled-query.js';
import { hasWords } from './doc-record.js';
import { VALUES_WITH_TERM } from './value-words.js';
import { docOfWordsRowid } from './schema.js';

/**
 * The term suggester, as Elasticsearch's (DirectSpellChecker defaults): for each word of `text`, the
 * field's indexed terms within `max_edits` (2) edits that share the first `prefix_length` (1)
 * characters, for words of at least `min_word_length` (4) characters, scored `1 - edits / length of
 * the shorter word` (at least 0.5, ES's `accuracy`) and ranked by score, then by document frequency.
 * `suggest_mode` `missing` (the default) suggests nothing for a word the field holds; `popular`
 * only terms in more documents than the word; `always` regardless.
 *
 * Terms come from FTS5's own vocabulary (fts5vocab): the `row` table lists every term with a range
 * seek on the prefix, and the `instance` table tells which rows (so which field) hold a term; for a
 * member without words of its own, from the words of its values (`value-words.ts`).
 */
export interface TermSuggestion {
  name: string;
  text: string;
  field: string;
  size: number;
  mode: 'missing' | 'popular' | 'always';
  maxEdits: number;
  prefixLength: number;
  minWordLength: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TERM_OPTIONS = ['field', 'size', 'suggest_mode', 'max_edits', 'prefix_length', 'min_word_length'];
const ACCURACY = 0.5;

function integer(value: unknown, fallback: number, [min, max]: [number, number], path: string): number {
  const n = value ?? fallback;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw invalid(path, `expected an integer from ${min} to ${max}`);
  return n;
}

/** `suggest` of a request: named term suggesters, with their own `text` or the global `suggest.text`. */
export function compileSuggest(suggest: unknown): TermSuggestion[] {
  if (suggest === undefined) return [];
  if (!isObject(suggest)) throw invalid('suggest', 'expected an object of named suggesters');
  const global = suggest.text;
  if (global !== undefined && typeof global !== 'string') throw invalid('suggest.text', 'expected a string');
  return Object.entries(suggest)
    .filter(([name]) => name !== 'text')
    .map(([name, spec]) => {
      const path = `suggest.${name}`;
      if (!isObject(spec)) throw invalid(path, 'expected an object');
      for (const key of Object.keys(spec))
        if (key !== 'text' && key !== 'term')
          throw invalid(`${path}.${key}`, `the suggester "${key}" is not supported`);
      const text = spec.text ?? global;
      if (typeof text !== 'string') throw invalid(`${path}.text`, 'expected the text to suggest for');
      const term = spec.term;
      if (term === undefined) throw invalid(path, 'expected a term suggester');
      if (!isObject(term)) throw invalid(`${path}.term`, 'expected an object');
      for (const key of Object.keys(term))
        if (!TERM_OPTIONS.includes(key)) throw invalid(`${path}.term.${key}`, `"${key}" is not supported`);
      if (typeof term.field !== 'string') throw invalid(`${path}.term.field`, 'expected a field name');
      const mode = term.suggest_mode ?? 'missing';
      if (mode !== 'missing' && mode !== 'popular' && mode !== 'always')
        throw invalid(`${path}.term.suggest_mode`, 'expected missing, popular or always');
      return {
        name,
        text,
        field: term.field.toLowerCase(),
        mode,
        size: integer(term.size, 5, [1, 10_000], `${path}.term.size`),
        maxEdits: integer(term.max_edits, 2, [1, 2], `${path}.term.max_edits`),
        prefixLength: integer(term.prefix_length, 1, [0, 100], `${path}.term.prefix_length`),
        minWordLength: integer(term.min_word_length, 4, [1, 100], `${path}.term.min_word_length`),
      };
    });
}

/** As the FTS5 tokenizer keeps a word: lower case, diacritics removed (`remove_diacritics 2`). */
const folded = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The candidate terms and term frequencies of one field: off `words` for analysed members, off their values for others. */
function fieldTerms(db: Database.Database, c: QueryCompilation, field: string) {
  const t = c.tables;
  if (hasWords(field)) {
    const candidates = db.prepare<[string, string], { term: string }>(
      `SELECT term FROM ${t.vocabRows} WHERE term >= ? AND term < ?`,
    );
    const allTerms = db.prepare<[], { term: string }>(`SELECT term FROM ${t.vocabRows}`);
    // The term's list of rows, of this field's rows only (FTS5 seeks them by rowid): about half the
    // time of reading its every occurrence off fts5vocab. A field of one value per document has one
    // row per document: its rows are counted, with no distinct count (half the time again).
    const count = c.singleValued(field) ? 'COUNT(*)' : `COUNT(DISTINCT ${docOfWordsRowid(`${t.wordsRef}.rowid`)})`;
    const frequency = db.prepare<[string, string, string], { n: number }>(fieldWordRows(c, () => `${count} AS n`));
    return {
      terms: (prefix: string) => (prefix === '' ? allTerms.all() : candidates.all(prefix, `${prefix}\u{10ffff}`)),
      freq: (term: string) => frequency.get(`"${term.replaceAll('"', '""')}"`, field, field)?.n ?? 0,
    };
  }
  const own =
    'SELECT DISTINCT vi.term AS term FROM temp.value_vocab vi JOIN temp.value_texts vt ON vt.rowid = vi.doc WHERE vt.field = ?';
  const candidates = db.prepare<[string, string, string], { term: string }>(`${own} AND vi.term >= ? AND vi.term < ?`);
  const allTerms = db.prepare<[string], { term: string }>(own);
  const { arms } = c.arms(field);
  const frequency =
    arms.length === 0
      ? undefined
      : db.prepare(
          `SELECT COUNT(DISTINCT doc) AS n FROM (${arms
            .map((a) => a.select((doc) => `${doc} AS doc`, `f.value IN (${VALUES_WITH_TERM})`))
            .join(' UNION ALL ')})`,
        );
  return {
    terms: (prefix: string) =>
      prefix === '' ? allTerms.all(field) : candidates.all(field, prefix, `${prefix}\u{10ffff}`),
    freq: (term: string) =>
      (frequency?.get(...arms.flatMap((a) => [...a.params, term, field])) as { n: number } | undefined)?.n ?? 0,
  };
}

/** Answers the suggesters in Elasticsearch's shape: `{ <name>: [{ text, offset, length, options }] }`. */
export function runSuggest(
  db: Database.Database,
  c: QueryCompilation,
  suggestions: readonly TermSuggestion[],
  deadline: () => void = () => undefined,
): Json {
  const result: Json = {};
  for (const s of suggestions) {
    result[s.name] = [...s.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => {
      const word = m[0].toLowerCase();
      const entry = { text: word, offset: m.index, length: m[0].length };
      const key = folded(m[0]);
      if ([...key].length < s.minWordLength) return { ...entry, options: [] };
      const { terms: termsOf, freq: freqOf } = fieldTerms(db, c, s.field);
      const own = freqOf(key);
      if (s.mode === 'missing' && own > 0) return { ...entry, options: [] };
      const prefix = key.slice(0, s.prefixLength);
      deadline();
      const terms = termsOf(prefix);
      const options = terms
        .filter(({ term }) => term !== key && Math.abs(term.length - key.length) <= s.maxEdits)
        .map(({ term }) => ({ term, edits: distance(term, key) }))
        .filter(({ edits }) => edits <= s.maxEdits)
        .map(({ term, edits }) => ({
          text: term,
          score: 1 - edits / Math.min(term.length, key.length),
          freq: freqOf(term),
        }))
        .filter((o) => o.freq > 0 && o.score >= ACCURACY && (s.mode !== 'popular' || o.freq > own))
        .sort((a, b) => b.score - a.score || b.freq - a.freq || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
        .slice(0, s.size);
      return { ...entry, options };
    });
  }
  return result;
}
