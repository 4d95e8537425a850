import { resolve } from 'node:path';
import { PLUGIN_API_VERSION, definePlugin, defineProperties, readProperties } from '../../core/plugin/kit.js';
import { localDiskAssets } from './local-disk.js';

const ASSETS_PROPERTIES = defineProperties({
  'assets.local.dir': {
    default: 'assets',
    group: 'Uploads',
    description:
      'Directory of the `local` store, relative to the data directory. Writes are atomic (a temporary file, flushed, then renamed).',
  },
});

/** The built-in asset store: files under the data directory. Which store holds uploads is `assets.driver`. */
export default definePlugin({
  name: 'assets-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Uploaded files on the local disk',
  properties: ASSETS_PROPERTIES,
  setup: () => ({
    assetStorages: [
      {
        name: 'local',
        open: ({ config, dataDir }) =>
          localDiskAssets(resolve(dataDir, readProperties(config, ASSETS_PROPERTIES)['assets.local.dir'])),
      },
    ],
  }),
});
