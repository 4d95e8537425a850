import { PLUGIN_API_VERSION, definePlugin } from '../../../core/plugin/plugin.js';
import { openMysql } from './open-mysql.js';

/** MySQL or MariaDB, for several stateless host processes sharing one database. */
export default definePlugin({
  name: 'storage-mysql',
  apiVersion: PLUGIN_API_VERSION,
  description: 'MySQL/MariaDB storage',
  properties: {
    'storage.mysql.url': {
      description: 'Connection URL',
      default: 'mysql://root@127.0.0.1:3306/test',
      validate: (v) => (/^mysql:\/\//.test(v) ? undefined : 'must start with mysql://'),
    },
    'storage.mysql.pool.size': { description: 'Connections in the pool of each process', default: '10' },
    'storage.mysql.pool.queue.limit': {
      description: 'Requests that may wait for a free connection; more are answered 503',
      default: '1000',
    },
    'storage.mysql.lock.wait.seconds': {
      description: 'Longest wait for a row lock before a request is answered 503 (after one retry)',
      default: '10',
    },
  },
  setup: () => ({ storageDrivers: [{ name: 'mysql', open: async (context) => openMysql(context) }] }),
});
