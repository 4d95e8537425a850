import type { DriverRepositories } from './repositories.js';

// Stored data as core sees it: the driver's repositories wrapped in a unit of work. A driver never
// implements these; core wraps what the driver opens.

/** What an after-commit effect is about, for the log line when it fails. */
export interface AfterCommitAbout {
  /** The content item concerned, when there is one. */
  identifier?: string | null;
  /** What the effect does (`mail`, `index`, an actionlet's class). */
  what: string;
}

/**
 * Stored data as core sees it: the driver's repositories, and transactions that carry a unit of
 * work (see `core/transactions/unit-of-work.ts`).
 */
export interface Repositories extends Omit<DriverRepositories, 'transaction'> {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Registers work that must happen once the data is durable (mail, index updates, events, cache
   * invalidation). Inside a transaction it runs after the commit, in registration order, and never
   * after a rollback; outside one it runs at once. A failure is logged with `about`; it never undoes
   * the committed change.
   */
  afterCommit(effect: () => Promise<void> | void, about: AfterCommitAbout): void;
  /**
   * Registers the undoing of something done outside the database during this transaction (a file
   * written for a value that is then not saved). It runs once the transaction has rolled back, or
   * when the driver runs it again; never after a commit. Outside a transaction it never runs.
   */
  afterRollback(effect: () => Promise<void> | void, about: AfterCommitAbout): void;
}

/** Storage as core sees it. */
export interface Storage extends Repositories {
  readonly driverName: string;
  /** See `DriverStorage.singleWriter`. */
  readonly singleWriter?: boolean;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
