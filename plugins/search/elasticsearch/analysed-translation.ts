import { holdsTypedValues, isTypedQueryValue, rangeReadings } from '../../../core/plugin/kit.js';
import { CATCHALL, TEXT_SUBFIELD } from './mapping.js';

/*
 * `term`, `terms`, `prefix`, `wildcard` and `range` on an analysed member (`isAnalysedMember`:
 * `catchall`, `title`, `<type>.<field>`), written for the mapping of `mapping.ts`: a string member
 * is a keyword whose tokens are in `<member>.text` (`catchall` is text itself), so the query goes
 * to the tokens, and a typed value (a number, boolean or date, or a string holding one) also to the
 * member itself, where a number or date field keeps it. The embedded driver reads these queries the
 * same way (its `analysed-queries.ts`).
 */

type Json = Record<string, unknown>;

/** Where the tokens of an analysed member are. */
export function tokenField(field: string): string {
  return field === CATCHALL ? CATCHALL : `${field}.${TEXT_SUBFIELD}`;
}

/** Either query, scored as Elasticsearch scores a `should`; the boost, if any, on the whole. */
function either(queries: Json[], boost: unknown): Json {
  if (queries.length === 1 && boost === undefined) return queries[0]!;
  return { bool: { should: queries, minimum_should_match: 1, ...(boost === undefined ? {} : { boost }) } };
}

/** `term` on an analysed member; `options` is the long form (`value`, `boost`, `case_insensitive`). */
export function analysedTerm(field: string, options: Json): Json {
  const { boost, ...rest } = options;
  const queries: Json[] = [{ term: { [tokenField(field)]: rest } }];
  if (holdsTypedValues(field) && isTypedQueryValue(rest.value)) queries.push({ term: { [field]: rest } });
  return queries.length === 1 ? { term: { [tokenField(field)]: options } } : either(queries, boost);
}

/** `terms` on an analysed member: every value against the tokens, the typed ones against the member too. */
export function analysedTermsQuery(field: string, values: unknown[]): Json {
  const typed = holdsTypedValues(field) ? values.filter(isTypedQueryValue) : [];
  const byToken = { terms: { [tokenField(field)]: values } };
  return typed.length === 0 ? byToken : either([byToken, { terms: { [field]: typed } }], undefined);
}

/** `prefix` or `wildcard` on an analysed member: per token. */
export function analysedPattern(kind: 'prefix' | 'wildcard', field: string, options: Json): Json {
  return { [kind]: { [tokenField(field)]: options } };
}

/**
 * `range` on an analysed member: `given` holds the bounds as the request gave them (for the tokens,
 * compared as text), `typed` as the member itself takes them (date bounds in epoch milliseconds).
 */
export function analysedRange(field: string, given: Json, typed: Json): Json {
  const { boost, format, ...bounds } = given;
  const readings = rangeReadings(field, Object.values(bounds));
  const queries: Json[] = [];
  if (readings.tokens) queries.push({ range: { [tokenField(field)]: bounds } });
  if (readings.typed) {
    const { boost: _boost, ...typedBounds } = typed;
    queries.push({ range: { [field]: { ...typedBounds, ...(format === undefined ? {} : { format }) } } });
  }
  if (queries.length === 1 && boost !== undefined) {
    const [range] = Object.values(queries[0]!.range as Json) as Json[];
    range!.boost = boost;
    return queries[0]!;
  }
  return either(queries, boost);
}
