import type { IndexQueueEntry, Repositories } from '../plugin/storage/index.js';
import { stricterPolicy, type IndexPolicy } from './index-policy.js';
import { timeOrderedId } from '../time-ordered-id.js';

/** What to bring the index in line with: an item-language, or every item of a type, a site or all. */
export type IndexTarget =
  { scope: 'item'; identifier: string; languageId: number } | { scope: 'type' | 'site'; id: string } | { scope: 'all' };

/** Where committed entries go: the dispatcher, which applies them now or in the next batch. */
export interface IndexSink {
  take(entries: readonly IndexQueueEntry[], policy: IndexPolicy): Promise<void>;
}

interface Pending {
  seen: Set<string>;
  entries: IndexQueueEntry[];
  policy: IndexPolicy;
}

/**
 * The write half of indexing. Services call `add` inside the transaction of a change: the entries are
 * written to the stored queue in that transaction (so a crash after the commit cannot lose them,
 * and a rollback takes them away), and once it commits they go to the sink, with the strictest
 * index policy any part of the transaction asked for (`require`).
 */
export class IndexQueue {
  private readonly pending = new WeakMap<Repositories, Pending>();

  private readonly sink: IndexSink;
  private readonly defaultPolicy: IndexPolicy;
  private readonly now: () => number;

  constructor(options: { sink: IndexSink; defaultPolicy?: IndexPolicy; now?: () => number }) {
    this.sink = options.sink;
    this.defaultPolicy = options.defaultPolicy ?? 'DEFER';
    this.now = options.now ?? Date.now;
  }

  /** Called outside a transaction, the entries get one of their own (joined when inside one). */
  add(tx: Repositories, targets: readonly IndexTarget[]): Promise<void> {
    return tx.transaction((inner) => this.addIn(inner, targets));
  }

  private async addIn(tx: Repositories, targets: readonly IndexTarget[]): Promise<void> {
    const pending = this.pendingOf(tx);
    const fresh: IndexQueueEntry[] = [];
    for (const target of targets) {
      const entry = entryOf(target, this.now());
      const key = `${entry.scope}\0${entry.target}\0${entry.languageId}`;
      if (pending.seen.has(key)) continue;
      pending.seen.add(key);
      fresh.push(entry);
    }
    if (fresh.length === 0) return;
    await tx.indexQueue.enqueue(fresh);
    pending.entries.push(...fresh);
  }

  /** The answer of this transaction waits at least as `policy` says (a fire's `indexPolicy`, the Reindex actionlet). */
  require(tx: Repositories, policy: IndexPolicy): void {
    const pending = this.pendingOf(tx);
    pending.policy = stricterPolicy(pending.policy, policy);
  }

  private pendingOf(tx: Repositories): Pending {
    let pending = this.pending.get(tx);
    if (!pending) {
      const created: Pending = { seen: new Set(), entries: [], policy: this.defaultPolicy };
      this.pending.set(tx, (pending = created));
      tx.afterCommit(
        () =>
          created.entries.length > 0 || created.policy === 'FORCE'
            ? this.sink.take(created.entries, created.policy)
            : undefined,
        { what: 'index' },
      );
    }
    return pending;
  }
}

function entryOf(target: IndexTarget, now: number): IndexQueueEntry {
  const common = { key: timeOrderedId(), enqueuedAt: now };
  switch (target.scope) {
    case 'item':
      return { ...common, scope: 'item', target: target.identifier, languageId: target.languageId };
    case 'all':
      return { ...common, scope: 'all', target: '', languageId: 0 };
    default:
      return { ...common, scope: target.scope, target: target.id, languageId: 0 };
  }
}
