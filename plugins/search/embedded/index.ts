import { hostname } from 'node:os';
import { resolve } from 'node:path';
import {
  DEFAULT_SEARCH_LIMITS,
  PLUGIN_API_VERSION,
  definePlugin,
  defineProperties,
  readProperties,
} from '../../../core/plugin/kit.js';
import { openSqliteSearchIndex } from './sqlite-search-index.js';
import { embeddedSearchTestHooks } from './test-hooks.js';

const EMBEDDED_SEARCH_PROPERTIES = defineProperties({
  'search.embedded.file': {
    default: 'search/index.db',
    group: 'Search',
    description:
      'The `embedded` search index: an SQLite file (FTS5 for words), relative to the data directory, naming the set file beside it (`<file>.<id>.set`) that holds the index. WAL journal, one durable transaction per batch; several processes may share it.',
  },
  'search.embedded.workers': {
    type: 'int',
    default: 2,
    min: 0,
    max: 16,
    group: 'Search',
    description:
      'Threads that run searches of the `embedded` index, each with a read-only connection to it, started at the first search: the thread that answers requests stays free while a search works, and a search past `search.timeout.ms` is stopped with its thread. Searches beyond this many wait for a free thread. `0`: in the thread that answers requests (the budget is then checked between the steps of a search, which cannot be stopped inside one).',
  },
  'search.embedded.cache.mb': {
    type: 'int',
    default: 64,
    min: 1,
    max: 65536,
    group: 'Search',
    description:
      "Pages of the `embedded` index each of its connections keeps in memory (the writer's and each search thread's), in MiB; taken only as a search or a write reads them. With the 16 MiB SQLite keeps by default, a term query of 20,000 of 1,000,000 items read most of its pages from the file again each time (30 ms against 18 with 64 MiB).",
  },
});

/** The built-in search driver: SQLite FTS5 in a file of its own, no server to run. See docs/search.md. */
export default definePlugin({
  name: 'search-embedded',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Search in an embedded SQLite FTS5 index',
  properties: EMBEDDED_SEARCH_PROPERTIES,
  setup: () => ({
    searchDrivers: [
      {
        name: 'embedded',
        open: async ({ config, dataDir, limits = DEFAULT_SEARCH_LIMITS }) => {
          const p = readProperties(config, EMBEDDED_SEARCH_PROPERTIES);
          const file = resolve(dataDir, p['search.embedded.file']);
          const index = openSqliteSearchIndex(file, {
            limits,
            workers: p['search.embedded.workers'],
            cacheMiB: p['search.embedded.cache.mb'],
            hold: embeddedSearchTestHooks.hold,
          });
          // The machine and the file: processes sharing a database must share this file too.
          return Object.assign(index, { location: `${hostname()}:${file}` });
        },
      },
    ],
  }),
});
