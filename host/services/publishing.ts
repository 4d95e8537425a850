import { buildPushPublishing, type PushPublishing } from '../publishing/push-publishing.js';
import { declare } from './declare.js';

/** Push publishing: environments and endpoints, the jobs that send bundles, the receiving side. */
export const publishingServices = {
  push: declare({
    needs: ['storage', 'assets', 'secrets', 'content', 'contentTypes', 'settings'],
    build: (d): PushPublishing => buildPushPublishing({ ...d, settings: d.settings.push }),
  }),
  pushAdmin: declare({ needs: ['push'], build: (d): PushPublishing['admin'] => d.push.admin }),
  bundleReceiver: declare({ needs: ['push'], build: (d): PushPublishing['receiver'] => d.push.receiver }),
};
