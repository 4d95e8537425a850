import { setImmediate } from 'node:timers/promises';
import { CmsError, Errors } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { SearchIndex } from '../plugin/search-driver.js';
import type { Storage } from '../plugin/storage/index.js';
import { ContentIndexer, type BuiltDocuments, type ContentIndexerDependencies } from './content-indexer.js';
import type { ItemLanguage } from './index-changes.js';
import type { IndexDispatcher } from './index-dispatcher.js';

/** A reindex as the endpoint and the command show it. */
export interface ReindexProgress {
  state: 'idle' | 'running' | 'completed' | 'failed';
  /** Item-languages to index (counted at the start). */
  total: number;
  done: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Why the last reindex failed. */
  error: string | null;
}

export interface ReindexerOptions {
  storage: Storage;
  index: SearchIndex;
  dispatcher: IndexDispatcher;
  /** The indexer's parts, to build one that writes into the rebuild. */
  indexer: Omit<ContentIndexerDependencies, 'index'>;
  /**
   * Builds the documents of a page (the host's indexing workers, so that a reindex takes little
   * from the thread answering requests); by default, the indexer in this thread.
   */
  build?: (items: readonly ItemLanguage[]) => Promise<BuiltDocuments>;
  batchSize: number;
  logger: Logger;
  now?: () => number;
}

/**
 * Rebuilds the whole index from storage into a replacement (`SearchIndex.rebuild`) that the driver
 * swaps in at the end: searches read the old contents until then. Each page is read and written
 * inside the dispatcher's `exclusive`, and while the rebuild fills, every change applied in this
 * process is written to it too (`mirrorTo`), so no change made meanwhile is missing from the result.
 */
export class Reindexer {
  private progress: ReindexProgress = {
    state: 'idle',
    total: 0,
    done: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
  };
  private running: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReindexerOptions) {
    this.now = options.now ?? Date.now;
  }

  status(): ReindexProgress {
    return { ...this.progress };
  }

  /** Starts a reindex in the background; throws `SEARCH_REINDEX_RUNNING` while one runs. */
  start(onProgress?: (progress: ReindexProgress) => void): ReindexProgress {
    if (this.running) throw new CmsError(Errors.SEARCH_REINDEX_RUNNING);
    this.progress = { state: 'running', total: 0, done: 0, startedAt: this.now(), finishedAt: null, error: null };
    this.running = this.run(onProgress).finally(() => {
      this.running = undefined;
    });
    return this.status();
  }

  /** Waits for the running reindex, if any (tests, the command line and shutdown). */
  async settled(): Promise<ReindexProgress> {
    await this.running;
    return this.status();
  }

  private async run(onProgress?: (progress: ReindexProgress) => void): Promise<void> {
    const { storage, dispatcher, logger } = this.options;
    const report = () => onProgress?.(this.status());
    let rebuild;
    try {
      rebuild = await this.options.index.rebuild();
    } catch (error) {
      return this.fail(error, report);
    }
    const target = new ContentIndexer({ ...this.options.indexer, index: rebuild });
    const build =
      this.options.build ??
      ((items: readonly ItemLanguage[]) => target.build(storage, { refresh: [...items], remove: [] }));
    try {
      this.progress.total = await storage.content.countItemLanguages({});
      report();
      dispatcher.mirrorTo(target);
      for (let after: ItemLanguage | undefined; ;) {
        const page = await dispatcher.exclusive(async () => {
          const items = await storage.content.scanItemLanguages({ after, limit: this.options.batchSize });
          if (items.length > 0) {
            const built = await build(items);
            if (built.remove.length > 0) await rebuild.remove(built.remove);
            if (built.documents.length > 0) await rebuild.index(built.documents);
          }
          return items;
        });
        if (page.length === 0) break;
        after = page[page.length - 1];
        this.progress.done += page.length;
        this.progress.total = Math.max(this.progress.total, this.progress.done);
        report();
        // Storage and the embedded index answer synchronously: without a turn of the event loop
        // between pages, a reindex would hold every request until it ends.
        await setImmediate();
      }
      await dispatcher.exclusive(async () => {
        dispatcher.mirrorTo(undefined);
        await rebuild.complete();
      });
      this.progress = { ...this.progress, state: 'completed', finishedAt: this.now() };
      logger.info(
        { items: this.progress.done, ms: this.progress.finishedAt! - this.progress.startedAt! },
        'reindex completed',
      );
      report();
    } catch (error) {
      dispatcher.mirrorTo(undefined);
      await rebuild.abandon().catch((err: unknown) => logger.error({ err }, 'could not drop an abandoned rebuild'));
      this.fail(error, report);
    }
  }

  private fail(error: unknown, report: () => void): void {
    this.options.logger.error({ err: error }, 'reindex failed; searches keep the index as it was');
    this.progress = {
      ...this.progress,
      state: 'failed',
      finishedAt: this.now(),
      error: error instanceof Error ? error.message : String(error),
    };
    report();
  }
}
