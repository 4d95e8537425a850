import t from 'tap';
import { retryDelay } from '../../../core/jobs/retry-delay.js';

const backOff = { baseMs: 1000, maxMs: 60_000 };

t.test('the wait doubles with each failed run, half of it random, up to the cap', async (t) => {
  const lowest = (attempt: number) => retryDelay(attempt, backOff, () => 0);
  const highest = (attempt: number) => retryDelay(attempt, backOff, () => 1);
  t.same([1, 2, 3, 4].map(highest), [1000, 2000, 4000, 8000], 'exponential from the base');
  t.same([1, 2, 3, 4].map(lowest), [500, 1000, 2000, 4000], 'never less than half');
  t.equal(highest(7), 60_000, 'capped');
  t.equal(highest(1000), 60_000, 'no overflow for a job retried without end');
  t.equal(
    retryDelay(3, backOff, () => 0.5),
    3000,
    'the random half spreads jobs that failed together',
  );
});
