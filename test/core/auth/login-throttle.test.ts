import t from 'tap';
import { LoginThrottle, TooManyAttemptsError } from '../../../core/auth/login-throttle.js';

const options = {
  maxFailures: 3,
  maxAddressFailures: 6,
  maxAccountFailures: 10,
  windowMs: 60_000,
  lockMs: 1000,
  maxLockMs: 8000,
};

/** Seconds the attempt is refused for, or 'admitted' with the account-wide hold-back it must pass. */
function attempt(throttle: LoginThrottle, address: string, account: string): number | string {
  try {
    const { accountLockedFor } = throttle.admit(address, account);
    return accountLockedFor > 0 ? `admitted, account held back ${accountLockedFor} s` : 'admitted';
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error.retryAfterSeconds!;
    throw error;
  }
}

t.test('one address guessing one account is held back for that account only', async (t) => {
  const throttle = new LoginThrottle(options, () => 0);
  for (let i = 0; i < 3; i++) throttle.recordFailure('A', 'admin');
  t.equal(attempt(throttle, 'A', 'admin'), 1, 'A is refused for admin');
  t.equal(attempt(throttle, 'A', 'editor'), 'admitted', 'A may still sign in to other accounts');
  t.equal(attempt(throttle, 'B', 'admin'), 'admitted', 'other addresses may still sign in to admin');
});

t.test('one address spraying one password over many accounts is held back for all of them', async (t) => {
  const throttle = new LoginThrottle(options, () => 0);
  for (let i = 0; i < 6; i++) {
    t.equal(attempt(throttle, 'A', `user${i}`), 'admitted');
    throttle.recordFailure('A', `user${i}`);
  }
  t.equal(attempt(throttle, 'A', 'never-tried'), 1, 'held back, whatever account it names');
  t.equal(attempt(throttle, 'B', 'user0'), 'admitted', 'other addresses are not affected');
});

t.test('many addresses failing on one account: only addresses that have not failed get through', async (t) => {
  let now = 0;
  const throttle = new LoginThrottle(options, () => now);
  throttle.recordSuccess('desk', 'admin'); // the owner signed in this morning...
  throttle.recordFailure('desk', 'admin'); // ...and has mistyped once since
  for (let i = 0; i < 9; i++) throttle.recordFailure(`attacker-${i}`, 'admin');
  t.equal(attempt(throttle, 'attacker-0', 'admin'), 1, 'an address that failed is refused before any hashing');
  throttle.recordFailure('typo', 'someone-else');
  t.equal(attempt(throttle, 'typo', 'admin'), 1, 'so is one that failed on another account');
  t.equal(attempt(throttle, 'clean', 'admin'), 'admitted, account held back 1 s', 'a clean address may prove itself');
  t.equal(
    attempt(throttle, 'desk', 'admin'),
    'admitted, account held back 1 s',
    "so may the owner's address, which signed in lately, despite its typing error",
  );
  t.equal(attempt(throttle, 'attacker-0', 'editor'), 'admitted', 'other accounts are not held back');
  throttle.recordFailure('clean', 'admin');
  t.equal(
    attempt(throttle, 'clean', 'admin'),
    2,
    'a wrong password from it counts: no longer clean, hold-back doubled',
  );
  now = 2000;
  t.equal(attempt(throttle, 'attacker-0', 'admin'), 'admitted', 'the hold-back ends');
});

t.test('a success clears the count of its pair, never of its address or account', async (t) => {
  const throttle = new LoginThrottle(options, () => 0);
  throttle.recordFailure('A', 'me');
  throttle.recordFailure('A', 'me');
  throttle.recordSuccess('A', 'me');
  throttle.recordFailure('A', 'me');
  throttle.recordFailure('A', 'me');
  t.equal(attempt(throttle, 'A', 'me'), 'admitted', 'the pair counts from zero after the success');
  throttle.recordFailure('A', 'other');
  throttle.recordFailure('A', 'other');
  t.equal(attempt(throttle, 'A', 'me'), 1, 'the address kept all six failures: a known password wipes nothing');
});

t.test('sprays of random names and addresses stay bounded; long names cost no more memory', async (t) => {
  const throttle = new LoginThrottle({ ...options, maxEntries: 50 }, () => 0);
  for (let i = 0; i < 1000; i++) throttle.recordFailure(`10.0.${i >> 8}.${i & 255}`, `${i}-${'x'.repeat(10_000)}`);
  t.same(
    throttle.sizes,
    { addresses: 50, pairs: 50, accounts: 50 },
    'a spray of random names and addresses stays bounded',
  );
  const long = 'y'.repeat(10_000);
  for (let i = 0; i < 3; i++) throttle.recordFailure('A', long);
  t.equal(attempt(throttle, 'A', long), 1, 'a long name is still counted (by its digest)');
});

t.test('an address is known as signed-in after a success, as failed after a failure, unknown otherwise', async (t) => {
  let now = 0;
  const throttle = new LoginThrottle(options, () => now);
  t.equal(throttle.admit('A', 'me').standing, 'unknown');
  throttle.recordFailure('A', 'me');
  t.equal(throttle.admit('A', 'me').standing, 'failed');
  throttle.recordSuccess('A', 'me');
  t.equal(throttle.admit('A', 'other').standing, 'signed-in', 'a success outweighs earlier typing errors');
  t.equal(throttle.admit('B', 'me').standing, 'unknown', 'per address, whatever the account');
  now = 25 * 60 * 60_000;
  t.equal(throttle.admit('A', 'me').standing, 'unknown', 'forgotten after a day');
});
