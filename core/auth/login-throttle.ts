import { createHash } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import { ExpiringCache } from './expiring-cache.js';
import { FailureCounter } from './failure-counter.js';

export interface LoginThrottleOptions {
  /** Failures for one account from one address, within the window, before that pair is held back. */
  maxFailures: number;
  /** Failures from one address, whatever accounts it tried, before the address is held back. */
  maxAddressFailures: number;
  /** Failures for one account from all addresses together before it is held back for addresses that have failed. */
  maxAccountFailures: number;
  windowMs: number;
  /** First hold-back; doubles with each further failure, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** Addresses, accounts and pairs remembered at most, each (default 50,000). */
  maxEntries?: number;
}

/** What an attempt that was not refused outright may do. */
export interface Admission {
  /**
   * What is known of the address: it signed in recently (`signed-in`), it has failed in the window
   * (`failed`), or neither. Sign-ins from addresses known to be genuine go first when hashes queue.
   */
  standing: 'signed-in' | 'failed' | 'unknown';
  /**
   * Seconds the account is held back for by failures from other addresses (0: it is not). The
   * attempt comes from an address that has not failed or signed in lately: a correct password gets
   * through; a wrong one is refused as held back.
   */
  accountLockedFor: number;
}

export class TooManyAttemptsError extends CmsError<typeof Errors.AUTH_TOO_MANY_ATTEMPTS> {
  constructor(retryAfterSeconds: number) {
    super(Errors.AUTH_TOO_MANY_ATTEMPTS, undefined, { retryAfterSeconds });
    this.name = 'TooManyAttemptsError';
  }
}

/** Account names longer than this are remembered by their digest, so long names cost no more memory. */
const LONGEST_KEPT_NAME = 128;

/** How long an address that signed in counts as genuine (a working day, and the night after it). */
const SIGNED_IN_MS = 24 * 60 * 60_000;

/**
 * Holds back sign-in attempts after repeated failures, counted three ways: per client address (one
 * password sprayed over many accounts), per address and account (guessing one account's password),
 * and per account from everywhere (many addresses guessing one account, with a higher threshold).
 * Keyed by the name that was tried, whether or not such a user exists, so the throttle reveals
 * nothing about which accounts exist.
 *
 * The account-wide count never locks out the account's owner: an address that has not failed, or
 * that signed in within the last day, may still sign in with the correct password (a wrong one is
 * counted and refused as held back); other addresses are refused before any hashing.
 * NOTE: the counts live in this process; behind a load balancer each process counts on its own.
 */
export class LoginThrottle {
  private readonly addresses: FailureCounter;
  private readonly pairs: FailureCounter;
  private readonly accounts: FailureCounter;
  /** Addresses that signed in recently. Only a correct password adds one, so sprays cannot fill it. */
  private readonly signedIn: ExpiringCache<true>;

  constructor(options: LoginThrottleOptions, now: () => number = Date.now) {
    const maxEntries = options.maxEntries ?? 50_000;
    const policy = (maxFailures: number) => ({ ...options, maxFailures, maxEntries });
    this.signedIn = new ExpiringCache(SIGNED_IN_MS, maxEntries, now);
    this.addresses = new FailureCounter(policy(options.maxAddressFailures), now);
    this.pairs = new FailureCounter(policy(options.maxFailures), now);
    this.accounts = new FailureCounter(policy(options.maxAccountFailures), now);
  }

  /** Throws `TooManyAttemptsError` when the attempt is refused without checking the password. */
  admit(address: string, account: string): Admission {
    const name = nameKey(account);
    const held = Math.max(this.addresses.lockedFor(address), this.pairs.lockedFor(pairKey(address, name)));
    if (held > 0) throw new TooManyAttemptsError(held);
    const failed = this.addresses.hasFailed(address);
    const signedIn = this.signedIn.get(address) === true;
    const accountLockedFor = this.accounts.lockedFor(name);
    // A hold-back caused by others: an address that signed in lately is let through despite a typing error.
    if (accountLockedFor > 0 && failed && !signedIn) throw new TooManyAttemptsError(accountLockedFor);
    return { standing: signedIn ? 'signed-in' : failed ? 'failed' : 'unknown', accountLockedFor };
  }

  recordFailure(address: string, account: string): void {
    const name = nameKey(account);
    this.addresses.recordFailure(address);
    this.pairs.recordFailure(pairKey(address, name));
    this.accounts.recordFailure(name);
  }

  /**
   * Clears the pair's count only. The address keeps its count (a sprayer who knows one password must
   * not wipe its record by using it), and so does the account (its failures came from elsewhere).
   */
  recordSuccess(address: string, account: string): void {
    this.pairs.forget(pairKey(address, nameKey(account)));
    this.signedIn.set(address, true);
  }

  /** Keys remembered, per kind (for tests of the bound). */
  get sizes(): { addresses: number; pairs: number; accounts: number } {
    return { addresses: this.addresses.size, pairs: this.pairs.size, accounts: this.accounts.size };
  }
}

function nameKey(account: string): string {
  // The NUL prefix keeps a digest apart from any name that was typed.
  return account.length <= LONGEST_KEPT_NAME
    ? account
    : `\0${createHash('sha256').update(account).digest('base64url')}`;
}

function pairKey(address: string, name: string): string {
  return `${address}\0${name}`;
}
