import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Copies the write-ahead log into the database file on a thread of its own. */
export interface Checkpointer {
  /** Tells it a batch committed: it checkpoints once enough has been written since the last time. */
  committed(): void;
  /** Ends the thread (after the checkpoint running, if any). */
  close(): Promise<void>;
}

/** Commits between two checkpoints: a few hundred kilobytes of log for the saves of a fire each. */
const COMMITS_PER_CHECKPOINT = 64;

/**
 * The writer connection leaves checkpoints to this thread beyond a backstop: with SQLite's own
 * automatic checkpoint (every 1,000 pages of log, in whichever COMMIT crosses it) one commit in
 * six under a stream of fires stood the answering thread still for several milliseconds (up to 38
 * ms seen), copying pages and flushing both files. PASSIVE never waits for the writer or readers:
 * it copies what it can, and the next one copies the rest.
 */
export const WRITER_CHECKPOINT_BACKSTOP_PAGES = 20_000;

/** The thread: CommonJS evaluated as given, with the driver's path (it runs from sources and from the build alike). */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

export interface CheckpointResult {
  /** Frames in the log, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

export interface CheckpointerOptions {
  file: string;
  busyTimeoutMs: number;
  /** Logged, never thrown: a failed checkpoint leaves the log longer, and the backstop bounds it. */
  onError: (message: string) => void;
  /** Tests: each checkpoint's outcome. */
  onCheckpoint?: (result: CheckpointResult) => void;
  commitsPerCheckpoint?: number;
}

export function checkpointer(options: CheckpointerOptions): Checkpointer {
  const every = options.commitsPerCheckpoint ?? COMMITS_PER_CHECKPOINT;
  let worker: Worker | undefined;
  let running = false;
  let since = 0;
  let closed = false;

  const start = (): Worker => {
    const started = new Worker(THREAD, {
      eval: true,
      // It needs none of the process's module hooks (tsx, preloads): only the driver, by its path.
      execArgv: [],
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: options.file,
        busyTimeoutMs: options.busyTimeoutMs,
      },
    });
    // An idle checkpoint thread must not keep the process alive (one at work holds it until done).
    started.on('message', (message: { result?: CheckpointResult; error?: string }) => {
      running = false;
      started.unref();
      if (message.error) options.onError(message.error);
      else if (message.result) options.onCheckpoint?.(message.result);
      if (since >= every && !closed) run();
    });
    started.on('error', (error) => {
      running = false;
      worker = undefined;
      options.onError(error.message);
    });
    return started;
  };

  const run = () => {
    since = 0;
    running = true;
    worker ??= start();
    worker.ref();
    worker.postMessage('checkpoint');
  };

  return {
    committed() {
      since++;
      if (!running && !closed && since >= every) run();
    },
    async close() {
      closed = true;
      const ending = worker;
      worker = undefined;
      if (!ending) return;
      const exited = new Promise<void>((resolve) => ending.once('exit', () => resolve()));
      ending.ref();
      ending.postMessage('close');
      await exited;
    },
  };
}
