import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { PLUGIN_API_VERSION, definePlugin, defineProperties, readProperties } from '../../../core/plugin/kit.js';
import { openSqliteSearchIndex } from './sqlite-search-index.js';

const EMBEDDED_SEARCH_PROPERTIES = defineProperties({
  'search.embedded.file': {
    default: 'search/index.db',
    group: 'Search',
    description:
      'The `embedded` search index: an SQLite file (FTS5 for words), relative to the data directory, naming the set file beside it (`<file>.<id>.set`) that holds the index. WAL journal, one durable transaction per batch; several processes may share it.',
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
        open: async ({ config, dataDir }) => {
          const file = resolve(dataDir, readProperties(config, EMBEDDED_SEARCH_PROPERTIES)['search.embedded.file']);
          // The machine and the file: processes sharing a database must share this file too.
          return Object.assign(openSqliteSearchIndex(file), { location: `${hostname()}:${file}` });
        },
      },
    ],
  }),
});
