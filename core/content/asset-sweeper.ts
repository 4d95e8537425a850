import type { Logger } from '../logger.js';
import { storedAssetPath } from '../model/stored-asset.js';
import type { AssetStorage } from '../plugin/asset-storage.js';
import type { Repositories } from '../plugin/storage/index.js';

export interface AssetSweeperOptions {
  storage: Pick<Repositories, 'content'>;
  assets: AssetStorage;
  logger: Logger;
  /**
   * Files written more recently than this are kept, referenced or not: the save that wrote one may
   * not have committed yet.
   */
  graceMs: number;
  now?: () => number;
}

/** What one sweep did, by number of files (the log line carries these, never the keys). */
export interface SweepCounts {
  /** Keys the store listed. */
  listed: number;
  /** Written within the grace period: kept without looking. */
  recent: number;
  /** Some content version still holds them. */
  referenced: number;
  deleted: number;
  /** Deletions that failed; the next sweep tries again. */
  failed: number;
  /** The sweep was stopped (the service is closing) before it went through every key. */
  stopped: boolean;
}

/** Keys looked up in storage at a time: memory stays bounded however many files the store holds. */
const BATCH = 5_000;

/**
 * Deletes the files of the asset store that no content version references any more: those of
 * items, languages or content types deleted with their content, and those a crash left between
 * writing a file and committing its save. A file referenced only by an older version stays as long
 * as that version does.
 *
 * Safe with several processes sweeping one store: a key deleted twice is deleted once, and a file
 * younger than the grace period is never looked at. NOTE: the reference look-up reads versions in
 * pages, not in one snapshot; a version copied from another (copy, or a new version keeping a file)
 * while the only version holding that file is deleted could be missed. Both must happen during the
 * sweep, for a file older than the grace period.
 */
export class AssetSweeper {
  private readonly now: () => number;

  constructor(private readonly options: AssetSweeperOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether the store can list its keys; one that cannot is never swept. */
  get canSweep(): boolean {
    return typeof this.options.assets.list === 'function';
  }

  /**
   * One sweep, logged as one line with its counts. `now` is the time the grace period is counted
   * back from; `signal` stops the sweep between files. Answers undefined when the store cannot list.
   * A failure to list or to look references up is thrown; failed deletions are counted.
   */
  async sweep(options: { now?: number; signal?: AbortSignal } = {}): Promise<SweepCounts | undefined> {
    const { assets, logger } = this.options;
    if (!assets.list) return undefined;
    const cutoff = (options.now ?? this.now()) - this.options.graceMs;
    const counts: SweepCounts = { listed: 0, recent: 0, referenced: 0, deleted: 0, failed: 0, stopped: false };
    const failures: unknown[] = [];
    let batch: string[] = [];
    const stopped = () => (counts.stopped ||= options.signal?.aborted ?? false);
    const settle = async () => {
      const candidates = batch;
      batch = [];
      await this.settle(candidates, counts, failures, stopped);
    };
    for await (const { key, modifiedAt } of assets.list()) {
      if (stopped()) break;
      counts.listed++;
      // An unknown time (NaN) counts as recent: when in doubt, keep the file.
      if (!(modifiedAt <= cutoff)) counts.recent++;
      else if (batch.push(key) >= BATCH) await settle();
    }
    if (!stopped()) await settle();
    if (counts.failed > 0)
      logger.warn({ ...counts, err: failures[0] }, 'unreferenced assets swept; some could not be deleted');
    else logger.info({ ...counts }, 'unreferenced assets swept');
    return counts;
  }

  /** Deletes the candidates no version references. */
  private async settle(
    candidates: readonly string[],
    counts: SweepCounts,
    failures: unknown[],
    stopped: () => boolean,
  ): Promise<void> {
    if (candidates.length === 0) return;
    const referenced = await this.options.storage.content.referencedAssetPaths(candidates.map(storedAssetPath));
    for (const key of candidates) {
      if (stopped()) return;
      if (referenced.has(storedAssetPath(key))) {
        counts.referenced++;
        continue;
      }
      try {
        await this.options.assets.delete(key);
        counts.deleted++;
      } catch (error) {
        counts.failed++;
        failures.push(error);
      }
    }
  }
}
