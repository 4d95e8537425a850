import { sweepExpiredEvents } from '../../core/analytics/retention-sweep.js';
import type { AssetSweeper } from '../../core/content/asset-sweeper.js';
import type { Logger } from '../../core/logger.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import type { Lifecycle } from '../startup/lifecycle.js';
import { runPeriodically } from './periodic-task.js';
import type { HostSettings } from '../settings/settings.js';

/** A daily sweep that ran a day after each start would never run in a process restarted daily. */
const FIRST_RETENTION_SWEEP_MS = 60_000;
const DAY_MS = 86_400_000;
/** Done jobs are purged hourly: a day's worth at most piles up past the retention. */
const JOB_PURGE_MS = 3_600_000;

/**
 * What is cleaned up on a schedule, in every process (each clean-up is idempotent, so processes
 * sharing storage may overlap): expired sessions and auto-login tokens, analytics events past their
 * retention, done jobs past theirs, and files no content references any more.
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

  const { retentionDays, retentionSweepMs } = settings.analytics;
  if (retentionDays > 0) {
    const events = runPeriodically({
      everyMs: retentionSweepMs,
      firstAfterMs: Math.min(retentionSweepMs, FIRST_RETENTION_SWEEP_MS),
      work: async (signal) => {
        const deleted = await sweepExpiredEvents(storage.analyticsEvents, { retentionDays, now: Date.now(), signal });
        if (deleted > 0) logger.info({ deleted, retentionDays }, 'analytics events past their retention deleted');
      },
      onError: (err) => logger.warn({ err }, 'analytics events past their retention could not be deleted'),
    });
    lifecycle.onStop('analytics retention sweep', () => events.stop());
  }

  const { retentionDays: jobRetentionDays } = settings.jobs;
  if (jobRetentionDays > 0) {
    const doneJobs = runPeriodically({
      everyMs: JOB_PURGE_MS,
      firstAfterMs: FIRST_RETENTION_SWEEP_MS,
      work: async () => {
        const purged = await storage.jobs.purgeDone(Date.now() - jobRetentionDays * DAY_MS);
        if (purged > 0)
          logger.info({ purged, retentionDays: jobRetentionDays }, 'done jobs past their retention purged');
      },
      onError: (err) => logger.warn({ err }, 'done jobs past their retention could not be purged'),
    });
    lifecycle.onStop('job purge', () => doneJobs.stop());
  }

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
