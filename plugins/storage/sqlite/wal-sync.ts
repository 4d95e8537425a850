import { open, type FileHandle } from 'node:fs/promises';

/** Makes what SQLite has written to a database's write-ahead log durable, off the calling thread. */
export interface WalSync {
  /** Resolves once everything written to the log before the call is on disk. */
  sync(): Promise<void>;
  /** Waits for syncs in flight, then closes the log's file handle. */
  close(): Promise<void>;
}

/**
 * `synchronous = FULL` makes every COMMIT wait for the disk inside SQLite, and better-sqlite3 runs
 * SQLite on the calling thread: the thread that answers requests then stood still for a flush per
 * commit (a third of its time under a stream of workflow fires). With `synchronous = NORMAL`
 * SQLite writes the commit to the log without flushing it (and still flushes around checkpoints),
 * and this flushes the log on a thread of libuv's pool while the next transactions run. A flush
 * covers the whole file, so one started after a commit makes that commit, and every earlier one,
 * durable.
 *
 * Requests arriving while a flush is running share one follow-up flush, started when it ends: at
 * most two are outstanding, however many transactions wait.
 */
export function walSync(databaseFile: string): WalSync {
  let handle: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const flush = async (): Promise<void> => {
    // The log exists once the first transaction has committed, and it stays the same file (SQLite
    // rewinds or truncates it, never replaces it) until the last connection closes. Should opening
    // fail all the same, the next flush tries again.
    handle ??= open(`${databaseFile}-wal`, 'r').catch((error: unknown) => {
      handle = undefined;
      throw error;
    });
    await (await handle).datasync();
  };

  const sync = (): Promise<void> => {
    if (!running) {
      const started = flush().finally(() => {
        if (running === started) running = undefined;
      });
      running = started;
      return started;
    }
    // A flush is running, and may have started before this caller's commit: it needs the next one.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };

  return {
    sync,
    async close() {
      await Promise.allSettled([running, next]);
      const opened = handle;
      handle = undefined;
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}
