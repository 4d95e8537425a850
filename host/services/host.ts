import type { Config } from '../../core/config/config.js';
import type { Logger } from '../../core/logger.js';
import type { AssetStorage } from '../../core/plugin/asset-storage.js';
import type { MailMessage, MailSender } from '../../core/plugin/mail-transport.js';
import type { PluginRegistry } from '../../core/plugin/registry.js';
import type { SearchIndex } from '../../core/plugin/search-driver.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import type { MultipartLimits } from '../http/multipart-form.js';
import { withAttachmentContent } from '../mail-attachments.js';
import type { Readiness } from '../startup/readiness-check.js';
import type { IndexWorkerData } from '../search/search-index-worker.js';
import type { HostSettings } from '../settings/settings.js';
import type { NamedContributions } from './contributions.js';
import { declare, supplied } from './declare.js';

/** Sends a message through the configured transport, `from` and attachments filled in. */
export type SendMail = (message: Omit<MailMessage, 'from'> & { from?: string }) => Promise<void>;

/** What the host reads, opens or works out at start, and what follows from it alone. */
export const hostServices = {
  config: supplied<Config>(),
  settings: supplied<HostSettings>(),
  logger: supplied<Logger>(),
  dataDir: supplied<string>(),
  registry: supplied<PluginRegistry>(),
  /** The plugins' contributions that properties name (`storage.driver`, `auth.schemes`…). */
  contributions: supplied<NamedContributions>(),
  /** What the service was started with: indexing and ingest workers load the same configuration. */
  startedWith: supplied<IndexWorkerData>(),
  storage: supplied<Storage>(),
  search: supplied<SearchIndex>(),
  mail: supplied<MailSender>(),
  assets: supplied<AssetStorage>(),
  /** Where multipart uploads are spooled (emptied at start) and what one body may hold: for `readMultipartForm`. */
  uploads: supplied<{ readonly tempDir: string; readonly limits: MultipartLimits }>(),
  /** Answers once the service can take requests (storage reachable, not shutting down). */
  readiness: supplied<Readiness>(),
  // Attachments are read from the asset store when the mail is sent, not when it is queued.
  sendMail: declare({
    needs: ['mail', 'assets', 'settings', 'logger'],
    build:
      ({ mail, assets, settings, logger }): SendMail =>
      async (message) =>
        mail.send(
          await withAttachmentContent(
            { ...message, from: message.from ?? settings.mailFrom },
            { assets, maxBytes: settings.mailAttachmentsMaxBytes, logger },
          ),
        ),
  }),
};
