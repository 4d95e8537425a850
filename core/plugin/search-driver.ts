import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';
import type { SearchLimits } from './search-limits.js';

/** One value of a document property. Dates are ISO 8601 strings (`2024-05-01T10:00:00.000Z`) or epoch milliseconds. */
export type SearchScalar = string | number | boolean;

/**
 * A document as the search index holds it: one content version as flat properties. `id` is the
 * document's key (indexing a document with an `id` the index holds replaces it). Every other
 * property is a {@link SearchScalar}, an array of them (a multi-valued field: a query matches when
 * one value does), or `null` (the property is absent: `exists` does not match it). Nested objects
 * are refused with an `InvalidError` naming the property.
 *
 * Property names are case-insensitive for queries (`Title` and `title` are one field); `_source`
 * answers the document as it was given. Strings are searched two ways: as exact values (`term`,
 * `terms`, `prefix`, `wildcard`, `range`, `sort`) and by words (`match`, `match_phrase`). On an
 * analysed member (the kit's `isAnalysedMember`: `catchall`, `title`, `<type>.<field>`), `term`,
 * `terms`, `prefix`, `wildcard` and `range` compare with its tokens instead, as Elasticsearch does
 * on a `text` field (docs/search.md). The property `catchall`, when a document has it, is where
 * `match` looks for text of the whole item.
 *
 * Dates: give them as ISO 8601 strings in UTC or as epoch milliseconds; a `range` with a date
 * string bound compares both forms as instants.
 */
export type SearchDocument = { id: string } & Record<string, SearchScalar | readonly SearchScalar[] | null>;

/**
 * An Elasticsearch-style request body. Query members every driver must answer: `match_all`,
 * `match_none`, `term`, `terms`, `match`, `match_phrase`, `prefix`, `wildcard` (`*` and `?`),
 * `range` (`gt`, `gte`, `lt`, `lte`), `exists`, `bool` (`must`, `should`, `must_not`, `filter`,
 * `minimum_should_match`) and `query_string` (`{ query: '<Lucene>' }`), which a driver translates
 * with the kit's `parseLuceneQuery` so that every driver reads Lucene alike.
 *
 * `from` defaults to 0 and `size` to 10; `sort` is a list of field names, `{ field: 'asc' | 'desc' }`,
 * `{ field: { order } }` or `_score` (the default: best matches first).
 *
 * `aggs` (or `aggregations`): `terms` (`field`, `size`, default 10) and `date_histogram` (`field`,
 * `calendar_interval` of minute, hour, day, week, month, quarter, year, or `fixed_interval` such as
 * `30m`, `12h`, `7d`), each with optional `aggs` of its own, one level deep. `suggest`: term
 * suggestions, `{ <name>: { text, term: { field, size, suggest_mode } } }` (`missing`, the default,
 * `popular` or `always`), answered as Elasticsearch does.
 */
export interface SearchRequest {
  query?: Record<string, unknown>;
  from?: number;
  size?: number;
  sort?: unknown;
  aggs?: Record<string, unknown>;
  suggest?: Record<string, unknown>;
  [member: string]: unknown;
}

/** The members of a request the contract lists: a driver refuses any other, naming it. */
export const SEARCH_REQUEST_MEMBERS: ReadonlySet<string> = new Set([
  'query',
  'from',
  'size',
  'sort',
  'aggs',
  'aggregations',
  'suggest',
  'track_total_hits',
]);

/** One hit, in Elasticsearch's format. `_score` is `null` when the request sorts by a field. */
export interface SearchHit {
  _index: string;
  _id: string;
  _score: number | null;
  _source: Record<string, unknown>;
  /** The sort values of the hit, when the request has a `sort`. */
  sort?: unknown[];
}

/** An Elasticsearch-format response. */
export interface SearchResponse {
  took: number;
  timed_out: boolean;
  hits: {
    total: { value: number; relation: 'eq' | 'gte' };
    max_score: number | null;
    hits: SearchHit[];
  };
  aggregations?: Record<string, unknown>;
  suggest?: Record<string, unknown>;
}

/**
 * An open search index.
 *
 * - `index` adds or replaces documents, all or none (one batch is one transaction);
 * - `remove` deletes documents by `id`; an unknown id is ignored;
 * - `search` runs a request; a malformed or unsupported request throws the kit's `InvalidError`
 *   with `fieldName` naming the member (`query.bool.must[0].fuzzy`), which clients get as a 400 —
 *   never a plain `Error`, and never a member silently ignored; it keeps to the open context's
 *   `limits` (the result window, the time budget), and should not hold the calling thread for
 *   long: the thread that calls it answers every other request too;
 * - `refresh`, when present, makes every change made so far searchable (for drivers that search
 *   a near-real-time view; an index searchable at once may leave it out);
 * - `close` releases the index; it is called once, on shutdown.
 *
 * Scores: full-text members (`match`, `match_phrase`) score better matches higher; the other
 * members score a constant; `filter` and `must_not` add nothing to the score.
 *
 * @example
 * await index.index([{ id: 'a1', title: 'Hello world', contenttype: 'Blog', modDate: '2024-05-01T10:00:00Z' }]);
 * const answer = await index.search({
 *   query: { bool: { must: [{ match: { title: 'hello' } }], filter: [{ term: { contentType: 'Blog' } }] } },
 *   sort: [{ moddate: 'desc' }],
 *   size: 20,
 * });
 * answer.hits.total.value; // 1
 */
export interface SearchIndex {
  /**
   * Where the index lives, never with a secret (`host-a:/srv/cms/data/search/index.db`, an
   * Elasticsearch URL and index name). Processes sharing one database compare it at start: one
   * that would keep an index the others do not write to is refused. Absent: no check.
   */
  readonly location?: string;
  index(documents: readonly SearchDocument[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  search(request: SearchRequest): Promise<SearchResponse>;
  refresh?(): Promise<void>;
  /**
   * Starts building a replacement of the whole index (a reindex). Searches keep reading the current
   * contents until the rebuild `complete`s; changes meanwhile go to both (the caller writes them to
   * the rebuild too). At most one rebuild runs per index: a second call while one runs throws the
   * kit's `ConflictError`.
   */
  rebuild(): Promise<IndexRebuild>;
  close(): Promise<void>;
}

/** A replacement index being filled. */
export interface IndexRebuild {
  /**
   * Writes into the replacement. A driver may write in the background (the embedded one does, in a
   * worker thread) and resolve once the batch is handed over: a batch that fails then fails a later
   * `index`, `remove` or `complete`, and the caller abandons the rebuild.
   */
  index(documents: readonly SearchDocument[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  /** Makes the rebuilt contents the searched ones in one step, and drops the old contents. */
  complete(): Promise<void>;
  /** Drops the rebuilt contents; the current index stays as it is. */
  abandon(): Promise<void>;
}

export interface SearchDriverOpenContext {
  config: Config;
  dataDir: string;
  logger: Logger;
  /**
   * What one search may cost (`search.max.result.window`, `search.timeout.ms`): `search` refuses a
   * larger window with the kit's `checkResultWindow` and abandons a search past its budget with
   * `searchTimedOut`. Absent: `DEFAULT_SEARCH_LIMITS`.
   */
  limits?: SearchLimits;
}

/** A search driver, chosen by the property `search.driver` (built in: `embedded`). */
export interface SearchDriver {
  name: string;
  open(context: SearchDriverOpenContext): Promise<SearchIndex>;
}
