import { CmsError, Errors } from '../errors/index.js';

export interface LoginThrottleOptions {
  /** Failures allowed inside the window before the account is held back. */
  maxFailures: number;
  windowMs: number;
  /** First hold-back; doubles with each further failure, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
}

interface Failures {
  count: number;
  firstAt: number;
  lockedUntil: number;
}

export class TooManyAttemptsError extends CmsError<typeof Errors.AUTH_TOO_MANY_ATTEMPTS> {
  constructor(retryAfterSeconds: number) {
    super(Errors.AUTH_TOO_MANY_ATTEMPTS, undefined, { retryAfterSeconds });
    this.name = 'TooManyAttemptsError';
  }
}

/**
 * Holds back an account after repeated failed sign-ins. Keyed by the name that was tried, whether
 * or not such a user exists, so the throttle reveals nothing about which accounts exist.
 * NOTE: the counts live in this process; behind a load balancer each process counts on its own.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly options: LoginThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws `TooManyAttemptsError` while the account is held back. */
  check(account: string): void {
    const entry = this.failures.get(account);
    if (!entry) return;
    const now = this.now();
    if (entry.lockedUntil > now) throw new TooManyAttemptsError((entry.lockedUntil - now) / 1000);
    if (now - entry.firstAt > this.options.windowMs && entry.lockedUntil <= now) this.failures.delete(account);
  }

  recordFailure(account: string): void {
    const now = this.now();
    let entry = this.failures.get(account);
    if (!entry || (now - entry.firstAt > this.options.windowMs && entry.lockedUntil <= now)) {
      entry = { count: 0, firstAt: now, lockedUntil: 0 };
      this.failures.set(account, entry);
    }
    entry.count++;
    const over = entry.count - this.options.maxFailures;
    if (over >= 0) entry.lockedUntil = now + Math.min(this.options.lockMs * 2 ** over, this.options.maxLockMs);
    this.evictIfLarge(now);
  }

  recordSuccess(account: string): void {
    this.failures.delete(account);
  }

  /** Keeps memory bounded when someone sprays random account names. */
  private evictIfLarge(now: number): void {
    if (this.failures.size < 100_000) return;
    for (const [key, entry] of this.failures) {
      if (entry.lockedUntil <= now && now - entry.firstAt > this.options.windowMs) this.failures.delete(key);
    }
  }
}
