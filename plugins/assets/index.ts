import { PLUGIN_API_VERSION, definePlugin } from '../../core/plugin/plugin.js';
import { resolve } from 'node:path';
import { localDiskAssets } from './local-disk.js';

export const LOCAL_DIR_PROPERTY = 'assets.local.dir';
const DEFAULT_LOCAL_DIR = 'assets';

/** The built-in asset store: files under the data directory. Which store holds uploads is `assets.driver`. */
export default definePlugin({
  name: 'assets-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Uploaded files on the local disk',
  properties: {
    [LOCAL_DIR_PROPERTY]: {
      description: 'Directory of the local asset store, relative to the data directory',
      default: DEFAULT_LOCAL_DIR,
    },
  },
  setup: () => ({
    assetStorages: [
      {
        name: 'local',
        open: ({ config, dataDir }) =>
          localDiskAssets(resolve(dataDir, config.string(LOCAL_DIR_PROPERTY, DEFAULT_LOCAL_DIR))),
      },
    ],
  }),
});
