import type { Logger } from '../logger.js';
import type { SearchIndex } from '../plugin/search-driver.js';
import type { IndexQueueEntry, Storage } from '../plugin/storage/index.js';
import type { ContentIndexer } from './content-indexer.js';
import type { ItemLanguage } from './index-changes.js';
import type { IndexPolicy } from './index-policy.js';
import type { IndexSink } from './index-queue.js';
import type { IndexWriter } from './index-writer.js';

export interface IndexDispatcherOptions {
  storage: Storage;
  index: SearchIndex;
  /** Builds and writes the documents (in this thread or in worker threads). */
  writer: IndexWriter;
  logger: Logger;
  /** How long deferred entries wait for company before they are applied as one batch. */
  deferMs: number;
  /** Item-languages read and written per batch. */
  batchSize: number;
  now?: () => number;
}

/**
 * Applies queued entries to the index, then removes them from the stored queue. Every application
 * runs one at a time in this process (`exclusive`): each reads the item's current state, so two
 * running side by side could write an older read after a newer one.
 *
 * DEFER entries wait `deferMs` and go in one batch; WAIT_FOR and FORCE are applied before the
 * answer, and the index refreshed. Entries that fail stay queued: `repair` applies what is left
 * (after a crash, at start; and periodically).
 */
export class IndexDispatcher implements IndexSink {
  private chain: Promise<unknown> = Promise.resolve();
  private deferred: IndexQueueEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private mirror: ContentIndexer | undefined;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: IndexDispatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  async take(entries: readonly IndexQueueEntry[], policy: IndexPolicy): Promise<void> {
    if (policy === 'DEFER' && !this.closed) {
      this.deferred.push(...entries);
      this.timer ??= setTimeout(() => void this.flush(), this.options.deferMs);
      return;
    }
    await this.exclusive(() => this.apply(entries));
    await this.options.index.refresh?.();
  }

  /** Applies the deferred entries now (also on shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.deferred;
    this.deferred = [];
    if (batch.length === 0) return;
    try {
      await this.exclusive(() => this.apply(batch));
    } catch (err) {
      this.options.logger.error({ err, entries: batch.length }, 'deferred indexing failed; the entries stay queued');
    }
  }

  /** Applies stored entries enqueued more than `graceMs` ago: those a crash or a failure left behind. */
  async repair(graceMs: number): Promise<number> {
    let applied = 0;
    for (;;) {
      const entries = await this.options.storage.indexQueue.oldest(this.options.batchSize, this.now() - graceMs);
      if (entries.length === 0) return applied;
      await this.exclusive(() => this.apply(entries));
      applied += entries.length;
    }
  }

  /** Runs `work` when no other application runs in this process. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** While a rebuild fills, every application is written to it too (see `Reindexer`). */
  mirrorTo(indexer: ContentIndexer | undefined): void {
    this.mirror = indexer;
  }

  /** Stops deferring (later entries apply at once), applies what waits, and closes the writer. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.chain;
    await this.options.writer.close();
  }

  /** Must run inside `exclusive`. */
  private async apply(entries: readonly IndexQueueEntry[]): Promise<void> {
    const { storage } = this.options;
    const items = new Map<string, ItemLanguage>();
    for (const entry of entries) {
      if (entry.scope === 'item') {
        items.set(`${entry.target}\0${entry.languageId}`, { identifier: entry.target, languageId: entry.languageId });
        continue;
      }
      const filter =
        entry.scope === 'type' ? { contentTypeId: entry.target } : entry.scope === 'site' ? { host: entry.target } : {};
      for (let after: ItemLanguage | undefined; ;) {
        const page = await storage.content.scanItemLanguages({ ...filter, after, limit: this.options.batchSize });
        if (page.length === 0) break;
        await this.write(page);
        after = page[page.length - 1];
      }
    }
    const list = [...items.values()];
    for (let start = 0; start < list.length; start += this.options.batchSize)
      await this.write(list.slice(start, start + this.options.batchSize));
    await storage.indexQueue.remove(entries.map((entry) => entry.key));
  }

  private async write(items: ItemLanguage[]): Promise<void> {
    await this.options.writer.write(items);
    await this.mirror?.apply(this.options.storage, { refresh: items, remove: [] });
  }
}
