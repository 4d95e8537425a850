/** When failures under one key hold that key back. */
export interface FailurePolicy {
  /** Failures inside the window that hold the key back. */
  maxFailures: number;
  windowMs: number;
  /** First hold-back; doubles with each further failure, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** Keys remembered at most; past it the oldest is forgotten. */
  maxEntries: number;
}

interface Failures {
  count: number;
  firstAt: number;
  lockedUntil: number;
}

/**
 * Failed attempts counted under keys (an address, an account, both), each key held back for a while
 * once it has failed `maxFailures` times inside the window. Memory stays bounded: at most
 * `maxEntries` keys, the oldest forgotten first.
 * NOTE: forgetting the oldest could lift a hold-back early, but only failures add keys, and every
 * failure costs its sender a password hash, which the hash queue rations: filling the map takes an
 * attacker far longer than the window at default settings.
 */
export class FailureCounter {
  /** In order of each entry's first failure (an entry starting again moves to the end). */
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly policy: FailurePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds `key` is still held back for; 0 when it is not. */
  lockedFor(key: string): number {
    const entry = this.live(key);
    return entry ? Math.max(0, entry.lockedUntil - this.now()) / 1000 : 0;
  }

  /** Whether `key` has failed inside the window (or is still held back). */
  hasFailed(key: string): boolean {
    return this.live(key) !== undefined;
  }

  recordFailure(key: string): void {
    const now = this.now();
    let entry = this.live(key);
    if (!entry) {
      entry = { count: 0, firstAt: now, lockedUntil: 0 };
      this.failures.delete(key);
      if (this.failures.size >= this.policy.maxEntries) this.forgetOldest();
      this.failures.set(key, entry);
    }
    entry.count++;
    const over = entry.count - this.policy.maxFailures;
    if (over >= 0) entry.lockedUntil = now + Math.min(this.policy.lockMs * 2 ** over, this.policy.maxLockMs);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  /** Keys remembered (for tests of the bound). */
  get size(): number {
    return this.failures.size;
  }

  /** The entry of `key` while it still counts; an expired one is dropped on the way. */
  private live(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.lockedUntil > now || now - entry.firstAt <= this.policy.windowMs) return entry;
    this.failures.delete(key);
    return undefined;
  }

  private forgetOldest(): void {
    const oldest = this.failures.keys().next().value;
    if (oldest !== undefined) this.failures.delete(oldest);
  }
}
