/**
 * Which members of a search document are analysed text, and how a value reads on one. Shared by
 * the search drivers so that `term`, `terms`, `prefix`, `wildcard` and `range` read the same on
 * each (docs/search.md, "Exact and analysed members").
 *
 * The original maps every string of its content index as analysed text except the `_dotraw`
 * copies, which are keywords. The service's index keeps more exact members than that (identifiers,
 * flags, variables: one token each in the original anyway, where our tokenizer would split an
 * identifier at its hyphens), so the analysed members are the ones whose words matter: `catchall`,
 * `title` and the content fields `<type>.<field>`. On them a query term is compared with the
 * member's tokens (its words, lower-cased, diacritics removed), as Elasticsearch compares a `term`
 * with the terms of a `text` field; on every other member with the exact value.
 */

/** Members that are analysed text whatever their name. */
const ANALYSED_NAMES: ReadonlySet<string> = new Set(['catchall', 'title']);

/** Whether a member (its name lower-cased) is analysed text: `catchall`, `title`, `<type>.<field>`, never a `_dotraw` copy. */
export function isAnalysedMember(field: string): boolean {
  if (field.endsWith('_dotraw')) return false;
  return ANALYSED_NAMES.has(field) || field.includes('.');
}

/** A string holding a number (`"10"`, `"-2.5"`), as Lucene queries give every value. */
const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** An ISO 8601 date or date-time, as a date member holds it. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a query value may also name a typed value of an analysed member: a number, a boolean, or
 * a string holding one or a date. A `<type>.<field>` member holds numbers, booleans and dates too
 * (typed by its field), which have no tokens: such a value is then also compared as on an exact
 * member.
 */
export function isTypedQueryValue(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value !== 'string') return false;
  return NUMERIC.test(value) || value === 'true' || value === 'false' || ISO_DATE.test(value);
}

/** Whether a string is an ISO date (a range bound compared as an instant, not as text). */
export function isDateText(value: string): boolean {
  return ISO_DATE.test(value);
}

/** Whether a string holds a number. */
export function isNumericText(value: string): boolean {
  return NUMERIC.test(value);
}

/**
 * Whether an analysed member may hold typed values beside its text: `<type>.<field>` and `title`
 * may (a field of a number or date type, a document's own `title`); `catchall` is text only, so a
 * value on it is only ever compared with its tokens.
 */
export function holdsTypedValues(field: string): boolean {
  return field !== 'catchall';
}

/**
 * How a `range` on an analysed member compares, from its bounds: with the tokens when every bound
 * is a string that is not a date (as text, a numeric string too), with the member's typed values
 * when every bound is a number, a numeric string or a date. Numeric strings read both ways; a mix
 * of a number and a word reads typed. On `catchall`, always the tokens, bounds read as text.
 */
export function rangeReadings(field: string, bounds: readonly unknown[]): { tokens: boolean; typed: boolean } {
  if (!holdsTypedValues(field)) return { tokens: true, typed: false };
  const tokens = bounds.every((b) => typeof b === 'string' && !ISO_DATE.test(b));
  const typed = bounds.every(
    (b) => typeof b === 'number' || (typeof b === 'string' && (NUMERIC.test(b) || ISO_DATE.test(b))),
  );
  return { tokens, typed: typed || !tokens };
}
