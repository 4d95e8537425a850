import { defineProperties } from '../../../core/config/properties.js';

/** The search driver, its limits, and how the index is kept up to date. */
export const SEARCH_PROPERTIES = defineProperties({
  'search.driver': {
    default: 'embedded',
    group: 'Search',
    description:
      '`embedded` (an SQLite FTS5 index under the data directory, nothing to install), `elasticsearch` (Elasticsearch 8/9 or OpenSearch 2, `search.elasticsearch.*`; see `docs/search.md`), or the name of a search driver a plugin contributes. A name no loaded plugin provides stops start-up, listing those available.',
  },
  'search.max.result.window': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 1_000_000,
    group: 'Search',
    description:
      "The largest `from + size` (the content search's `offset + limit`) a search answers, as Elasticsearch's `index.max_result_window`; beyond it a search is refused (400, `SEARCH_RESULT_WINDOW_TOO_LARGE`). The `elasticsearch` driver creates its indices with this setting.",
  },
  'search.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 3_600_000,
    group: 'Search',
    description:
      "How long one search may take (the `embedded` driver counts from when a search thread takes it); past it the search is abandoned and refused (503, `SEARCH_TIMED_OUT`). The `elasticsearch` driver sends it as the request's `timeout` and closes the request at that time.",
  },
  'search.index.policy': {
    type: 'oneOf',
    default: 'DEFER',
    values: ['DEFER', 'WAIT_FOR', 'FORCE'],
    group: 'Search',
    description:
      "How long a change waits for the search index when the request does not say (`indexPolicy`): `DEFER` indexes it in a batch just after the answer (the original's default), `WAIT_FOR` answers once it is searchable, `FORCE` the same with an immediate refresh.",
  },
  'search.index.defer.ms': {
    type: 'int',
    default: 50,
    min: 0,
    max: 60_000,
    group: 'Search',
    description: 'How long deferred changes wait for others to be indexed with them in one batch.',
  },
  'search.index.batch.size': {
    type: 'int',
    default: 500,
    min: 1,
    max: 10_000,
    group: 'Search',
    description: 'Items read from storage and written to the index per batch (indexing and reindexing).',
  },
  'search.index.workers': {
    type: 'int',
    default: 1,
    min: 0,
    max: 16,
    group: 'Search',
    description:
      'Worker threads that build and write search documents, each with its own connections to storage and the index, so that indexing takes no time from requests. `0`: in the thread that answers requests. Plugins are loaded in each worker too.',
  },
  'search.index.repair.seconds': {
    type: 'int',
    default: 30,
    min: 0,
    group: 'Search',
    description:
      'How often queued changes that were not indexed (a crash, an index that was unavailable) are indexed again; also done at start. `0`: only at start.',
  },
});
