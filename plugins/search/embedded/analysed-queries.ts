import { holdsTypedValues, isTypedQueryValue, rangeReadings } from '../../../core/plugin/kit.js';
import {
  eitherOf,
  NO_MATCH,
  tokenExists,
  tokenMatches,
  valueExists,
  type CompiledQuery,
  type QueryCompilation,
} from './compiled-query.js';
import type { Tables } from './schema.js';
import { invalid } from './search-request-members.js';
import { boundCondition, exactCondition, globOf } from './value-conditions.js';

/*
 * `term`, `terms`, `prefix`, `wildcard` and `range` on an analysed member (`isAnalysedMember`):
 * compared with the member's tokens, as Elasticsearch compares them with the terms of a `text`
 * field. A query value is not analysed: it matches only a token it equals, so `"Hello World"`
 * (two words) and `"Hello"` (tokens are lower case) match nothing, `"hello"` matches "Hello World".
 * A typed value (a number, boolean or date, or a string holding one) is also compared with the
 * member's typed values, which have no tokens (a `<type>.<field>` of a number or date field).
 */

/** As the FTS5 tokenizer keeps a word (`unicode61 remove_diacritics 2`): lower case, diacritics removed. */
const folded = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a query value can equal a token: one word, already lower case and without diacritics. */
function isToken(text: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(text) && folded(text) === text;
}

/** The highest code point: `prefix` + it bounds every term starting with `prefix` (terms compare as UTF-8 bytes). */
const TOP = '\u{10ffff}';

/**
 * The tokens for which `condition` (on `r.term`) holds, found in FTS5's list of distinct terms
 * (fts5vocab `row`), then looked up one by one among the occurrences: reading the occurrences of
 * every term instead (a leading wildcard) would read the whole full-text index.
 */
const termsWhere = (tables: Tables, condition: string): string =>
  `v.term IN (SELECT r.term FROM ${tables.vocabRows} r WHERE ${condition})`;

/** `term` (one value) and `terms` (any of several) on an analysed member. */
export function analysedTerms(
  c: QueryCompilation,
  field: string,
  values: ReadonlyArray<string | number>,
  insensitive: boolean,
): CompiledQuery {
  const tokens = [...new Set(values.map((v) => (insensitive ? String(v).toLowerCase() : String(v))).filter(isToken))];
  const typed = holdsTypedValues(field) ? values.filter(isTypedQueryValue) : [];
  const byToken = tokens.length === 0 ? undefined : tokenMatches(c, field, tokens.map((t) => `"${t}"`).join(' OR '));
  const exact = typed.length === 0 ? undefined : exactCondition(typed, insensitive);
  const byValue = exact ? valueExists(c, field, exact) : undefined;
  if (byToken && byValue) return eitherOf(byToken, byValue);
  return byToken ?? byValue ?? NO_MATCH;
}

/** The literal characters a GLOB pattern starts with (before its first `*`, `?` or `[`), unescaped. */
function literalStart(glob: string): string {
  let start = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' || c === '?') break;
    if (c === '[') {
      // `[x]` is how `globOf` writes a literal `*`, `?` or `[`.
      if (glob[i + 2] !== ']') break;
      start += glob[i + 1];
      i += 2;
    } else start += c;
  }
  return start;
}

/**
 * `prefix` and `wildcard` on an analysed member: the GLOB pattern per token, bounded by its literal
 * start so that FTS5 seeks the terms instead of reading them all (a leading wildcard reads them all,
 * as it makes Elasticsearch read its whole term dictionary).
 */
export function analysedPattern(c: QueryCompilation, field: string, glob: string, insensitive: boolean): CompiledQuery {
  const { tables } = c;
  const pattern = insensitive ? glob.toLowerCase() : glob;
  const start = literalStart(pattern);
  // A word and then anything: FTS5's own prefix query (`isToken`: nothing the tokenizer would change).
  if (pattern === `${start}*` && isToken(start)) return tokenMatches(c, field, `"${start}" *`);
  if (start === '') return tokenExists(c, field, termsWhere(tables, 'r.term GLOB ?'), [pattern]);
  return tokenExists(c, field, termsWhere(tables, 'r.term >= ? AND r.term < ? AND r.term GLOB ?'), [
    start,
    start + TOP,
    pattern,
  ]);
}

/** `prefix` as a GLOB pattern: every character literal, then anything. */
export function prefixGlob(prefix: string): string {
  return `${globOf(prefix.replace(/[\\*?]/g, (c) => `\\${c}`))}*`;
}

/**
 * `range` on an analysed member: tokens compared as text (strings bounds), typed values compared as
 * on an exact member (number and date bounds), both for bounds holding numbers (`rangeReadings`).
 */
export function analysedRange(
  c: QueryCompilation,
  field: string,
  bounds: ReadonlyArray<{ sqlOp: string; bound: unknown; path: string }>,
): CompiledQuery {
  const readings = rangeReadings(
    field,
    bounds.map((b) => b.bound),
  );
  let byToken: CompiledQuery | undefined;
  if (readings.tokens) {
    for (const b of bounds)
      if (typeof b.bound !== 'string' && !(typeof b.bound === 'number' && Number.isFinite(b.bound)))
        throw invalid(b.path, 'expected a number or a string');
    // Tokens are text: a number bound (on `catchall`) compares as its digits, as on a `text` field.
    byToken = tokenExists(
      c,
      field,
      termsWhere(c.tables, bounds.map((b) => `r.term ${b.sqlOp} ?`).join(' AND ')),
      bounds.map((b) => String(b.bound)),
    );
  }
  let byValue: CompiledQuery | undefined;
  if (readings.typed) {
    const parts = bounds.map((b) => boundCondition(b.sqlOp, b.bound, b.path));
    byValue = valueExists(c, field, {
      sql: parts.map((p) => p.sql).join(' AND '),
      params: parts.flatMap((p) => p.params),
    });
  }
  if (byToken && byValue) return eitherOf(byToken, byValue);
  return (byToken ?? byValue)!;
}
