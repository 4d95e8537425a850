import type { AssetSweeper } from '../core/content/asset-sweeper.js';
import type { Logger } from '../core/logger.js';
import type { Storage } from '../core/plugin/storage-driver.js';
import type { Lifecycle } from './lifecycle.js';
import { runPeriodically } from './periodic-task.js';
import type { HostSettings } from './settings.js';

/**
 * What is cleaned up on a schedule, in every process (each clean-up is idempotent, so processes
 * sharing storage may overlap): expired sessions and auto-login tokens, and files no content references any more.
 */
export function scheduleSweeps({
  storage,
  assets,
  settings,
  lifecycle,
  logger,
}: {
  storage: Storage;
  assets: AssetSweeper;
  settings: HostSettings;
  lifecycle: Lifecycle;
  logger: Logger;
}): void {
  // Expired sessions, and the auto-login cookies' token rows once expired (API keys stay listed, as in the original).
  const sessions = runPeriodically({
    everyMs: settings.sessionSweepMs,
    work: async () => {
      const now = Date.now();
      await storage.sessions.deleteExpired(now);
      await storage.issuedTokens.deleteExpired('cookie', now);
    },
    onError: (err) => logger.warn({ err }, 'expired sessions or auto-login tokens could not be removed'),
  });
  lifecycle.onStop('session sweep', () => sessions.stop());

  if (settings.assetSweepMs === 0) return;
  if (!assets.canSweep) {
    logger.info(
      { assets: settings.assetsDriver },
      'the asset store cannot list its files: files no content references are not swept',
    );
    return;
  }
  const files = runPeriodically({
    everyMs: settings.assetSweepMs,
    work: (signal) => assets.sweep({ signal }),
    onError: (err) => logger.warn({ err }, 'unreferenced assets could not be swept'),
  });
  lifecycle.onStop('asset sweep', () => files.stop());
}
