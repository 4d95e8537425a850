import { definePlugin, PLUGIN_API_VERSION } from '../../../core/plugin/kit.js';
import { openMysql } from './open-mysql.js';
import { MYSQL_PROPERTIES } from './properties.js';

/** MySQL or MariaDB, for several stateless host processes sharing one database. */
export default definePlugin({
  name: 'storage-mysql',
  apiVersion: PLUGIN_API_VERSION,
  description: 'MySQL/MariaDB storage',
  properties: MYSQL_PROPERTIES,
  setup: () => ({ storageDrivers: [{ name: 'mysql', open: async (context) => openMysql(context) }] }),
});
