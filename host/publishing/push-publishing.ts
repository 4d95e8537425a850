import type { ContentService } from '../../core/content/content-service.js';
import type { ContentTypeService } from '../../core/content/content-type-service.js';
import type { JobQueue } from '../../core/jobs/job-queue.js';
import type { AssetStorage } from '../../core/plugin/asset-storage.js';
import type { JobHandler } from '../../core/plugin/job-handler.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { BundleBuilder } from '../../core/publishing/bundle-builder.js';
import { BundleReceiver } from '../../core/publishing/bundle-receiver.js';
import { PushAdmin } from '../../core/publishing/push-admin.js';
import { pushJobHandlers } from '../../core/publishing/push-jobs.js';
import type { SecretSealer } from '../../core/plugin/secret-sealer.js';
import type { PushSettings } from '../settings/settings.js';
import { isRefusedAddress, literalAddress } from '../outbound/address-guard.js';
import { bundleSender } from './bundle-sender.js';

export interface PushPublishing {
  admin: PushAdmin;
  receiver: BundleReceiver;
  /** The `push` and `push.send` job handlers. */
  jobHandlers(queue: JobQueue): readonly JobHandler[];
}

/** Push publishing put together: administration, the receiving side and the jobs that send. */
export function buildPushPublishing(parts: {
  storage: Storage;
  assets: AssetStorage;
  content: ContentService;
  contentTypes: ContentTypeService;
  settings: PushSettings;
  /** Seals endpoint keys with the installation's key (the one key file of the data directory). */
  secrets: SecretSealer;
}): PushPublishing {
  const { storage, settings, secrets } = parts;
  return {
    admin: new PushAdmin({
      storage,
      secrets,
      callable: (address) => {
        const literal = literalAddress(address);
        return literal === undefined || !isRefusedAddress(literal, settings.allowedAddresses);
      },
    }),
    receiver: new BundleReceiver({
      storage,
      content: parts.content,
      contentTypes: parts.contentTypes,
      keyHash: settings.receiverKeyHash,
    }),
    jobHandlers: (queue) =>
      pushJobHandlers({
        storage,
        queue,
        secrets,
        builder: new BundleBuilder({ assets: parts.assets, maxBinaryBytes: settings.maxBundleBytes }),
        send: bundleSender(settings),
      }) as unknown as JobHandler[],
  };
}
