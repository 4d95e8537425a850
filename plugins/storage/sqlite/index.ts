import { definePlugin, PLUGIN_API_VERSION } from '../../../core/plugin/kit.js';
import { openSqlite } from './open-sqlite.js';
import { SQLITE_PROPERTIES } from './properties.js';

/** The embedded default: a SQLite file in the data directory. */
export default definePlugin({
  name: 'storage-sqlite',
  apiVersion: PLUGIN_API_VERSION,
  description: 'SQLite storage (embedded default)',
  properties: SQLITE_PROPERTIES,
  setup: () => ({ storageDrivers: [{ name: 'sqlite', open: async (context) => openSqlite(context) }] }),
});
