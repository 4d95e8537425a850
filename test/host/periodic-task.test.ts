import t from 'tap';
import { runPeriodically } from '../../host/jobs/periodic-task.js';
import { deferred } from '../helpers/wait-async.js';

// The task's timers keep no process alive (on purpose): this one keeps the test's alive meanwhile.
const keepAlive = setInterval(() => {}, 60_000);
t.teardown(() => clearInterval(keepAlive));

/**
 * Resolves after every timer due within `ms` from now has run: Node runs timers in the order they
 * are due, so this orders events, it does not wait for a speed.
 */
const afterTimersDueWithin = (ms: number) => new Promise((done) => setTimeout(done, ms));

t.test('runs again and again, never two runs at once, until stopped', async (t) => {
  let runs = 0;
  let starts = 0;
  let inProgress = 0;
  let most = 0;
  const third = deferred();
  const task = runPeriodically({
    everyMs: 1,
    work: async () => {
      starts++;
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
  const stoppedAt = starts;
  // A run scheduled despite the stop would be due 1 ms after the last one ended, before stop resolved.
  await afterTimersDueWithin(20);
  t.equal(starts, stoppedAt, 'no run after stop');
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
  // Due when the interval has passed, set after the task's first timer: Node runs it after a first
  // run that did not wait for the interval, however busy the machine.
  let intervalPassed = false;
  const intervalMark = setTimeout(() => (intervalPassed = true), 1500);
  let firstBeforeInterval: boolean | undefined;
  const task = runPeriodically({
    // An interval long beside a busy machine's delays, so the two kinds of wait cannot be confused.
    everyMs: 1500,
    firstAfterMs: 1,
    work: async () => {
      firstBeforeInterval ??= !intervalPassed;
      runs.push(Date.now() - start);
      if (runs.length === 2) second.resolve();
    },
    onError: (error) => t.fail(String(error)),
  });
  await second.promise;
  await task.stop();
  clearTimeout(intervalMark);
  t.equal(firstBeforeInterval, true, 'the first run did not wait for the interval');
  t.ok(runs[1]! - runs[0]! >= 1490, 'the second waited the interval after the first');
});
