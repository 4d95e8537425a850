import { PLUGIN_API_VERSION, definePlugin } from '../../../core/plugin/plugin.js';
import { openSqlite } from './open-sqlite.js';

/** The embedded default: a SQLite file in the data directory. */
export default definePlugin({
  name: 'storage-sqlite',
  apiVersion: PLUGIN_API_VERSION,
  description: 'SQLite storage (embedded default)',
  properties: {
    'storage.sqlite.file': { description: 'Database file, relative to the data directory', default: 'cms.db' },
  },
  setup: () => ({ storageDrivers: [{ name: 'sqlite', open: async (context) => openSqlite(context) }] }),
});
