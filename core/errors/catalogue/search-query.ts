import { defineErrors } from '../error-entry.js';

/** Lucene queries and sort specifications given to the search endpoints. */
export const searchQueryErrors = defineErrors('search', {
  SEARCH_QUERY_INVALID: {
    kind: 'invalid',
    message: 'Invalid Lucene query: {reason}',
    meaning:
      'The Lucene query could not be read: a syntax error (the message names the column), or a construct the service does not support (fuzzy `~`, regular expressions `/.../`).',
  },
  SEARCH_SORT_INVALID: {
    kind: 'invalid',
    message: 'Invalid sort "{sort}": {reason}',
    meaning:
      'A sort is a comma-separated list of `field [asc|desc]` items (`modDate desc,title`); the direction defaults to ascending.',
  },
});
