import t from 'tap';
import { LoginThrottle, TooManyAttemptsError } from '../../../core/auth/login-throttle.js';
import { ExpiringCache } from '../../../core/auth/expiring-cache.js';

function retryAfter(check: () => void): number | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return error instanceof TooManyAttemptsError ? error.retryAfterSeconds : undefined;
  }
}

t.test('an account is held back after the allowed failures, longer with each further failure', async (t) => {
  let now = 0;
  const throttle = new LoginThrottle({ maxFailures: 2, windowMs: 60_000, lockMs: 1000, maxLockMs: 3000 }, () => now);
  throttle.recordFailure('a');
  throttle.check('a');
  throttle.recordFailure('a');
  t.throws(() => throttle.check('a'), TooManyAttemptsError);
  t.equal(
    retryAfter(() => throttle.check('a')),
    1,
  );
  throttle.check('b');
  now = 1000;
  throttle.check('a');
  throttle.recordFailure('a');
  t.equal(
    retryAfter(() => throttle.check('a')),
    2,
    'doubled',
  );
  now = 3000;
  throttle.recordFailure('a');
  t.equal(
    retryAfter(() => throttle.check('a')),
    3,
    'capped at the maximum',
  );
  now = 6000;
  throttle.recordSuccess('a');
  throttle.check('a');
  t.pass('a success clears the count');
});

t.test('failures outside the window are forgotten', async (t) => {
  let now = 0;
  const throttle = new LoginThrottle({ maxFailures: 2, windowMs: 1000, lockMs: 1000, maxLockMs: 1000 }, () => now);
  throttle.recordFailure('a');
  now = 5000;
  throttle.recordFailure('a');
  throttle.check('a');
  t.pass('not held back: the first failure had expired');
});

t.test('the expiring cache expires entries and stays bounded', async (t) => {
  let now = 0;
  const cache = new ExpiringCache<number>(100, 2, () => now);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  t.equal(cache.get('a'), undefined, 'oldest evicted when full');
  t.equal(cache.get('c'), 3);
  now = 100;
  t.equal(cache.get('c'), undefined, 'expired');
  cache.set('d', 4);
  cache.deleteWhere((v) => v === 4);
  t.equal(cache.get('d'), undefined);
});
