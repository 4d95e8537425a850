import t from 'tap';
import { runPeriodically } from '../../host/periodic-task.js';

// The task's timers keep no process alive (on purpose): this one keeps the test's alive meanwhile.
const keepAlive = setInterval(() => {}, 60_000);
t.teardown(() => clearInterval(keepAlive));

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

t.test('runs again and again, never two runs at once, until stopped', async (t) => {
  let runs = 0;
  let inProgress = 0;
  let most = 0;
  const third = deferred();
  const task = runPeriodically({
    everyMs: 1,
    work: async () => {
      most = Math.max(most, ++inProgress);
      // A run longer than the interval: the next one must wait for it.
      await new Promise((done) => setTimeout(done, 5));
      inProgress--;
      if (++runs === 3) third.resolve();
    },
    onError: (error) => t.fail(String(error)),
  });
  await third.promise;
  await task.stop();
  const stoppedAt = runs;
  await new Promise((done) => setTimeout(done, 20));
  t.equal(runs, stoppedAt, 'no run after stop');
  t.equal(most, 1, 'runs never overlap');
});

t.test('stop aborts the run in progress and waits for it to end', async (t) => {
  const started = deferred();
  let ended = false;
  const task = runPeriodically({
    everyMs: 1,
    work: async (signal) => {
      started.resolve();
      await new Promise((done) => signal.addEventListener('abort', done, { once: true }));
      ended = true;
    },
    onError: (error) => t.fail(String(error)),
  });
  await started.promise;
  await task.stop();
  t.ok(ended, 'stop resolved only once the run had ended');
});

t.test('a failed run is reported and the schedule goes on', async (t) => {
  const errors: unknown[] = [];
  const second = deferred();
  let runs = 0;
  const task = runPeriodically({
    everyMs: 1,
    work: async () => {
      if (++runs === 1) throw new Error('first run fails');
      second.resolve();
    },
    onError: (error) => errors.push(error),
  });
  await second.promise;
  await task.stop();
  t.match(errors, [{ message: 'first run fails' }]);
});

t.test('the first run may come sooner than the interval; the next ones keep the interval', async (t) => {
  const runs: number[] = [];
  const second = deferred();
  const start = Date.now();
  const task = runPeriodically({
    // An interval long beside a busy machine's delays, so the two kinds of wait cannot be confused.
    everyMs: 1500,
    firstAfterMs: 1,
    work: async () => {
      runs.push(Date.now() - start);
      if (runs.length === 2) second.resolve();
    },
    onError: (error) => t.fail(String(error)),
  });
  await second.promise;
  await task.stop();
  t.ok(runs[0]! < 1500, 'the first run did not wait for the interval');
  t.ok(runs[1]! - runs[0]! >= 1490, 'the second waited the interval after the first');
});
