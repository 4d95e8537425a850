import t from 'tap';
import { FailureCounter } from '../../../core/auth/failure-counter.js';

const policy = { maxFailures: 2, windowMs: 60_000, lockMs: 1000, maxLockMs: 3000, maxEntries: 100 };

t.test('a key is held back after the allowed failures, longer with each further failure', async (t) => {
  let now = 0;
  const counter = new FailureCounter(policy, () => now);
  counter.recordFailure('a');
  t.equal(counter.lockedFor('a'), 0, 'one failure: not yet');
  t.ok(counter.hasFailed('a'));
  counter.recordFailure('a');
  t.equal(counter.lockedFor('a'), 1, 'held back for lockMs');
  t.equal(counter.lockedFor('b'), 0, 'other keys are not affected');
  t.notOk(counter.hasFailed('b'));
  now = 1000;
  t.equal(counter.lockedFor('a'), 0, 'the hold-back ended');
  counter.recordFailure('a');
  t.equal(counter.lockedFor('a'), 2, 'doubled');
  now = 3000;
  counter.recordFailure('a');
  t.equal(counter.lockedFor('a'), 3, 'capped at maxLockMs');
  counter.forget('a');
  t.equal(counter.lockedFor('a'), 0);
  t.notOk(counter.hasFailed('a'), 'forgotten');
});

t.test('failures outside the window are forgotten', async (t) => {
  let now = 0;
  const counter = new FailureCounter({ ...policy, windowMs: 1000 }, () => now);
  counter.recordFailure('a');
  now = 5000;
  t.notOk(counter.hasFailed('a'), 'the window has passed');
  counter.recordFailure('a');
  t.equal(counter.lockedFor('a'), 0, 'counted from one again');
  t.equal(counter.size, 1);
});

t.test('a hold-back outlives the window it started in', async (t) => {
  let now = 0;
  const counter = new FailureCounter({ ...policy, windowMs: 1000, lockMs: 5000, maxLockMs: 5000 }, () => now);
  counter.recordFailure('a');
  counter.recordFailure('a');
  now = 4000;
  t.equal(counter.lockedFor('a'), 1);
  t.ok(counter.hasFailed('a'));
});

t.test('at most maxEntries keys are remembered, the oldest forgotten first', async (t) => {
  const counter = new FailureCounter({ ...policy, maxEntries: 3 }, () => 0);
  for (const key of ['a', 'b', 'c', 'd']) counter.recordFailure(key);
  t.equal(counter.size, 3);
  t.notOk(counter.hasFailed('a'), 'the oldest went');
  t.ok(counter.hasFailed('d'));
  for (let i = 0; i < 1000; i++) counter.recordFailure(`spray-${i}`);
  t.equal(counter.size, 3, 'a spray of new keys stays within the bound');
});
