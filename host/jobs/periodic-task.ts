export interface PeriodicTask {
  /** Cancels the next run; a run in progress sees its signal aborted, and is waited for. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  everyMs: number;
  /** When the first run comes; `everyMs` when not given. */
  firstAfterMs?: number;
  /** One run. It may take longer than `everyMs`: the next run is counted from its end. */
  work: (signal: AbortSignal) => Promise<unknown>;
  /** A run that failed; the schedule goes on. */
  onError: (error: unknown) => void;
}

/**
 * Work repeated on a schedule, for as long as the app runs. Runs never overlap, however long one
 * takes, and the timer keeps no process alive. Registered with the lifecycle, so that closing the
 * app stops it before what it uses (storage, the asset store) closes.
 */
export function runPeriodically({ everyMs, firstAfterMs, work, onError }: PeriodicTaskOptions): PeriodicTask {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (afterMs = everyMs) => {
    timer = setTimeout(() => {
      running = work(stopping.signal)
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        )
        .finally(() => {
          running = undefined;
          if (!stopping.signal.aborted) schedule();
        });
    }, afterMs);
    timer.unref();
  };
  schedule(firstAfterMs);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
