// What the service keeps for itself: settings, the system-event journal and the search index queue.

/** Installation-wide values that must survive restarts and be shared by every host process. */
export interface SettingRepository {
  get(key: string): Promise<string | undefined>;
  /** Two values in one read (each undefined when the key is absent). */
  getTwo(first: string, second: string): Promise<[string | undefined, string | undefined]>;
  /** Stores the value unless the key exists; answers the value that is stored afterwards. */
  putIfAbsent(key: string, value: string): Promise<string>;
  /** Stores the value, replacing any. */
  put(key: string, value: string): Promise<void>;
}

/** A system event as the journal stores it, for the other processes sharing the database. */
export interface StoredSystemEvent {
  /** Assigned by the database, increasing in order of insertion (not of commit). */
  seq: number;
  /** The process that raised it (it has delivered it already). */
  origin: string;
  createdAt: number;
  /** The raised event, as JSON. */
  body: string;
}

/** The journal of system events: written in the transaction that raises them, read by every process. */
export interface SystemEventRepository {
  append(event: Omit<StoredSystemEvent, 'seq'>): Promise<void>;
  /** Events after `seq`, in order of `seq`, at most `limit`. */
  listAfter(seq: number, limit: number): Promise<StoredSystemEvent[]>;
  /** The events of these sequence numbers that exist (committed since they were missed). */
  listSeqs(seqs: readonly number[]): Promise<StoredSystemEvent[]>;
  /** The highest sequence number stored; 0 when there is none. */
  latestSeq(): Promise<number>;
  deleteBefore(createdAt: number): Promise<void>;
}

/**
 * What the search index still has to take in: written in the transaction of the change that calls
 * for it, removed once the index has it. Rows left by a crash are applied at the next start.
 */
export interface IndexQueueEntry {
  key: string;
  /** `item`: one item-language; `type` and `site`: every item of one; `all`: everything. */
  scope: 'item' | 'type' | 'site' | 'all';
  /** The identifier, type id or site id; empty for `all`. */
  target: string;
  /** The item's language (`item` only; 0 otherwise). */
  languageId: number;
  enqueuedAt: number;
}

export interface IndexQueueRepository {
  enqueue(entries: readonly IndexQueueEntry[]): Promise<void>;
  /** The oldest entries enqueued before `before` (epoch ms), at most `limit`. */
  oldest(limit: number, before: number): Promise<IndexQueueEntry[]>;
  remove(keys: readonly string[]): Promise<void>;
}
