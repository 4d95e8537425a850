import type { RepositorySet } from '../plugin/storage/index.js';
import type { StoredSystemEvent } from '../plugin/storage/index.js';
import type { SystemEventBus } from './system-event-bus.js';
import type { RaisedEvent } from './system-event.js';

export interface SystemEventRelayOptions {
  storage: RepositorySet;
  bus: SystemEventBus;
  /** Journal rows older than this are deleted (by every process: deleting twice is harmless). */
  retentionMs: number;
  /**
   * How long a missing sequence number is looked for again. Numbers are taken at insert and rows
   * appear at commit, so a later number can be read before an earlier one is committed; a number
   * still missing after this belongs to a transaction that rolled back.
   */
  gapWaitMs: number;
  /** Rows read at once. */
  batchSize?: number;
  now?: () => number;
}

/** Missing numbers remembered at most, however large a jump (another writer's increments). */
const MAX_MISSING = 1000;

/**
 * Brings the events other processes raised to this process's listeners: each `poll` reads the
 * journal past the last row seen, and publishes the rows this process did not write. Events that
 * commit late (a lower number than one already read) are delivered when they appear, out of order.
 */
export class SystemEventRelay {
  private cursor = 0;
  /** Sequence numbers skipped over, with when to stop looking for them. */
  private readonly missing = new Map<number, number>();
  private lastPrune = 0;
  private readonly now: () => number;

  constructor(private readonly options: SystemEventRelayOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Starts after what is stored already: events raised before this process started are not replayed. */
  async start(): Promise<void> {
    this.cursor = await this.options.storage.systemEvents.latestSeq();
    this.lastPrune = this.now();
  }

  async poll(): Promise<void> {
    const { storage } = this.options;
    const now = this.now();
    if (this.missing.size > 0) {
      for (const row of await storage.systemEvents.listSeqs([...this.missing.keys()])) {
        this.missing.delete(row.seq);
        this.deliver(row);
      }
      for (const [seq, until] of this.missing) if (until < now) this.missing.delete(seq);
    }
    const batchSize = this.options.batchSize ?? 500;
    for (;;) {
      const rows = await storage.systemEvents.listAfter(this.cursor, batchSize);
      for (const row of rows) {
        for (let seq = this.cursor + 1; seq < row.seq && this.missing.size < MAX_MISSING; seq++)
          this.missing.set(seq, now + this.options.gapWaitMs);
        this.cursor = row.seq;
        this.deliver(row);
      }
      if (rows.length < batchSize) break;
    }
    if (now - this.lastPrune >= this.options.retentionMs) {
      this.lastPrune = now;
      await storage.systemEvents.deleteBefore(now - this.options.retentionMs);
    }
  }

  private deliver(row: StoredSystemEvent): void {
    if (row.origin === this.options.bus.origin) return;
    this.options.bus.publish(this.options.bus.json.parse(row.body) as RaisedEvent);
  }
}
