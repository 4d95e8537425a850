import type Database from 'better-sqlite3';

/** More transactions than this in one commit would make the first of them wait too long. */
const MAX_BATCH = 64;
/** Nor may the first wait longer than this for others to join. */
const MAX_WAIT_MS = 4;
/** The longest pause between two tries for another connection's write lock. */
const MAX_LOCK_PAUSE_MS = 20;

interface Batch {
  /** Transactions that finished their work and wait for the commit that makes them durable. */
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
}

/** What runs once a batch has committed, and how long a batch waits for another connection's write lock. */
export interface CommitHooks {
  /**
   * With a value, the connection's own busy timeout is meant to be 0 and a batch's BEGIN IMMEDIATE
   * is tried again, between turns of the event loop, for up to this long: SQLite's busy handler
   * sleeps in the calling thread, where nothing else is answered meanwhile (and where the holder of
   * the lock, when it is another connection of this process, could never commit).
   */
  lockWaitMs?: number;
  /** Makes the commit durable; its callers are answered once it resolves. */
  durable?: () => Promise<void>;
  /** Learns of every commit (the checkpoint thread counts them). */
  committed?: () => void;
}

export interface SerialWriter {
  /** Runs `work` alone on the writer connection, after everything queued before it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` as one transaction; answers once it is committed and durable. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Commits what is pending (call it inside `exclusive`, before closing or migrating); resolves
   * once that commit is durable.
   */
  commitPending(): Promise<void>;
}

/**
 * Serialised transactions on SQLite's single writer, with group commit.
 *
 * With `synchronous=FULL` every COMMIT waits for the disk, and better-sqlite3 waits on the main
 * thread. So transactions that queue up while one runs share one COMMIT: each runs in its own
 * SAVEPOINT inside a batch (a failing one rolls back to its savepoint and fails alone), and the
 * batch commits when the queue is empty, at the latest after the event loop's next turn or
 * `MAX_BATCH` transactions. Nobody is answered before the commit that holds their changes, so
 * every answered write is durable, and one whose commit fails gets the error.
 *
 * `after.durable`, when given, is what makes a commit durable (see `wal-sync.ts`: the connection then
 * runs with `synchronous = NORMAL`): a batch's callers are answered once it resolves, while the
 * next batch already runs. A commit is visible to readers from the COMMIT on, a moment before it
 * is durable: a power cut in that moment loses a change someone may have read, never one that
 * was answered as stored.
 */
export function serialWriter(
  writer: Database.Database,
  driverCall: <T>(call: () => T) => T,
  after: CommitHooks = {},
): SerialWriter {
  const durable = after.durable ?? (() => Promise.resolve());
  let tail: Promise<unknown> = Promise.resolve();
  let batch: Batch | undefined;

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  /** Ends the open batch: everyone in it learns the outcome. */
  const settle = (ended: Batch | undefined, error?: unknown) => {
    for (const waiter of ended?.waiters ?? []) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  };

  const commitPending = async (): Promise<void> => {
    const ended = batch;
    if (!ended) return;
    batch = undefined;
    try {
      driverCall(() => writer.exec('COMMIT'));
      after.committed?.();
    } catch (error) {
      try {
        if (writer.inTransaction) writer.exec('ROLLBACK');
      } finally {
        settle(ended, error);
      }
      return;
    }
    try {
      await durable();
      settle(ended);
    } catch (error) {
      // Committed, but whether it reached the disk is unknown: nobody is told it is stored.
      settle(ended, error);
    }
  };

  /**
   * Commits once a turn of the event loop adds no transaction to the batch: setImmediate runs after
   * the requests that arrived in that turn queued theirs, so under load the batch grows to about the
   * number of requests in flight, and an idle service commits after a single turn.
   */
  const scheduleCommit = (scheduled: Batch, openedAt: number, seen: number) => {
    setImmediate(() => {
      if (batch !== scheduled) return;
      const grew = scheduled.waiters.length > seen;
      if (grew && scheduled.waiters.length < MAX_BATCH && performance.now() - openedAt < MAX_WAIT_MS)
        scheduleCommit(scheduled, openedAt, scheduled.waiters.length);
      // The next batch may start while this one's commit becomes durable: only the COMMIT is exclusive.
      else void exclusive(async () => void (batch === scheduled && commitPending()));
    });
  };

  /** BEGIN IMMEDIATE, waiting for another connection's write lock without holding the thread. */
  const beginImmediate = async (): Promise<void> => {
    const deadline = performance.now() + (after.lockWaitMs ?? 0);
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_LOCK_PAUSE_MS)) {
      try {
        writer.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY');
        if (!busy || after.lockWaitMs === undefined || performance.now() >= deadline)
          return driverCall(() => {
            throw error;
          });
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };

  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    let committed: Promise<void> | undefined;
    const result = await exclusive(async () => {
      if (!batch) {
        await beginImmediate();
        const opened: Batch = { waiters: [] };
        batch = opened;
        scheduleCommit(opened, performance.now(), -1);
      }
      const current = batch;
      driverCall(() => writer.exec('SAVEPOINT cms_tx'));
      let value: T;
      try {
        value = await work();
        driverCall(() => writer.exec('RELEASE cms_tx'));
      } catch (error) {
        if (writer.inTransaction) {
          driverCall(() => writer.exec('ROLLBACK TO cms_tx; RELEASE cms_tx'));
        } else {
          // SQLite rolled back the whole batch (disk full, I/O error): the work of its other members is gone too.
          const ended = batch;
          batch = undefined;
          settle(ended, error);
        }
        // The caller's error is rethrown as it is: repository errors were translated already.
        throw error;
      }
      committed = new Promise<void>((resolve, reject) => current.waiters.push({ resolve, reject }));
      // Awaited below; this only keeps a failure settled before that from counting as unhandled.
      committed.catch(() => undefined);
      if (current.waiters.length >= MAX_BATCH) void commitPending();
      return value;
    });
    await committed;
    return result;
  };

  return { exclusive, transaction, commitPending };
}
