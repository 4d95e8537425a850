/**
 * The subset of the Elasticsearch query DSL that the search drivers take and that Lucene queries are
 * translated to. Leaves always use the long form (`{ term: { field: { value } } }`), so a driver reads
 * one shape. Values stay strings, as in a Lucene query: a driver coerces them to the field's type
 * (`"true"` on a boolean, `"1"` on a number), as Elasticsearch does.
 */
export type QueryDsl =
  | { bool: BoolQuery }
  | { term: Record<string, { value: string; boost?: number }> }
  | { terms: Record<string, string[]> }
  | { match: Record<string, { query: string; boost?: number }> }
  | { match_phrase: Record<string, { query: string; slop?: number; boost?: number }> }
  | { prefix: Record<string, { value: string; boost?: number }> }
  | { wildcard: Record<string, { value: string; boost?: number }> }
  | { range: Record<string, RangeBounds> }
  | { exists: { field: string } }
  | { match_all: { boost?: number } };

/**
 * Clauses as in Lucene's BooleanQuery: without `must` and `filter`, at least one `should` must match
 * (unless `minimum_should_match` says otherwise); with them, `should` clauses only add to the score.
 * A bool with only `must_not` matches every document but those.
 */
export interface BoolQuery {
  must?: QueryDsl[];
  should?: QueryDsl[];
  must_not?: QueryDsl[];
  filter?: QueryDsl[];
  minimum_should_match?: number;
}

/** Missing ends are open. */
export interface RangeBounds {
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
  boost?: number;
}

/** One sort criterion: `{ moddate: { order: 'desc' } }`. */
export type SortDsl = Record<string, { order: 'asc' | 'desc' }>;
