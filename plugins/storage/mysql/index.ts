import { definePlugin, PLUGIN_API_VERSION } from '../../../core/plugin/kit.js';
import { MYSQL_PROPERTIES } from './properties.js';

/** MySQL or MariaDB, for several stateless host processes sharing one database. */
export default definePlugin({
  name: 'storage-mysql',
  apiVersion: PLUGIN_API_VERSION,
  description: 'MySQL/MariaDB storage',
  properties: MYSQL_PROPERTIES,
  // The driver and its client load when a database is opened, not with the service: every process
  // and worker thread loads this plugin, and most run on SQLite.
  setup: () => ({
    storageDrivers: [{ name: 'mysql', open: async (context) => (await import('./open-mysql.js')).openMysql(context) }],
  }),
});
