import { defineErrors } from '../error-entry.js';

/** Lucene queries and sort specifications given to the search endpoints; index policies and reindexing. */
export const searchQueryErrors = defineErrors('search', {
  SEARCH_QUERY_INVALID: {
    kind: 'invalid',
    message: 'Invalid Lucene query: {reason}',
    meaning:
      'The Lucene query could not be read: a syntax error (the message names the column), or a construct the service does not support (fuzzy `~`, regular expressions `/.../`).',
  },
  SEARCH_INDEX_POLICY_INVALID: {
    kind: 'invalid',
    message: 'Invalid index policy "{value}": use DEFER, WAIT_FOR or FORCE',
    meaning:
      'A fire or a Reindex actionlet names how long the answer waits for the search index: DEFER (not at all), WAIT_FOR (until the change is searchable) or FORCE (the same, refreshing at once).',
  },
  SEARCH_REINDEX_RUNNING: {
    kind: 'conflict',
    message: 'A reindex is already running',
    meaning: 'One reindex runs at a time; read its progress with GET /api/v1/search/reindex.',
  },
  SEARCH_DEPTH_INVALID: {
    kind: 'invalid',
    message: 'Invalid value for Depth. Depth must be a number',
    meaning: 'The depth of related content is 0, 1, 2 or 3 (see the search endpoints).',
  },
  SEARCH_NOT_A_RELATIONSHIP: {
    kind: 'invalid',
    message: 'The field:{field} is not a relationship',
    meaning:
      "Related content is pulled through a relationship field of the item's content type; the field named is not one (or the type has no field of that variable).",
  },
  SEARCH_SORT_INVALID: {
    kind: 'invalid',
    message: 'Invalid sort "{sort}": {reason}',
    meaning:
      'A sort is a comma-separated list of `field [asc|desc]` items (`modDate desc,title`); the direction defaults to ascending.',
  },
  SEARCH_RESULT_WINDOW_TOO_LARGE: {
    kind: 'invalid',
    message: 'Result window is too large: from + size must not exceed {limit} (search.max.result.window)',
    meaning:
      "A search asks for hits beyond the result window: `from` (or `offset`) plus `size` (or `limit`) is more than the property `search.max.result.window` allows (10,000 by default, as Elasticsearch's `index.max_result_window`). Page with a narrower query or a sort instead of a deep offset.",
  },
  SEARCH_TIMED_OUT: {
    kind: 'unavailable',
    message: 'The search took longer than its budget of {ms} ms (search.timeout.ms) and was abandoned',
    meaning:
      'A search ran longer than the property `search.timeout.ms` allows; the service stopped it. Leading wildcards, suggesters and large pages cost the most: narrow the query or ask for fewer hits.',
  },
});
