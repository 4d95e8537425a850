/**
 * Waiting in tests: on an event (a promise), or, where nothing announces the state, by looking at it
 * every few milliseconds. Either way with one generous bound that only a hang reaches, so that no
 * outcome depends on how fast the machine is, and a hang fails with a message naming what never came.
 */

/** The bound of every wait: far beyond a slow, shared machine, well within the per-file limit. */
export const WAIT_LIMIT_MS = 60_000;

export interface WaitOptions {
  /** What is waited for, for the failure's message (a function for a message made at the time). */
  what: string | (() => string);
  timeoutMs?: number;
}

const described = (what: WaitOptions['what']) => (typeof what === 'function' ? what() : what);

/**
 * Checks `condition` every few milliseconds until it answers a truthy value, and answers that
 * value; rejects naming `what` once `timeoutMs` passed. For states no event announces (a row, a
 * file, a log line written by code the test cannot hook).
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  { what, timeoutMs = WAIT_LIMIT_MS }: WaitOptions,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Still waiting, after ${timeoutMs / 1000} s, for ${described(what)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `promise`, or a rejection naming `what` when it has not settled within `timeoutMs`. */
export function within<T>(promise: Promise<T>, { what, timeoutMs = WAIT_LIMIT_MS }: WaitOptions): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Still waiting, after ${timeoutMs / 1000} s, for ${described(what)}`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** A promise and the function that settles it: an event a test raises itself. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Resolves once `Date.now()` has passed `after` (now by default): what is stamped from here on is
 * stamped later than what was stamped before, for orders by millisecond timestamps.
 */
export async function laterMillisecond(after = Date.now()): Promise<void> {
  while (Date.now() <= after) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * `Atomics.waitAsync` (Node 16 on), which the TypeScript library of this target does not declare:
 * resolves once `numbers[index]` is no longer `value` (at once when it already is not).
 */
export async function waitWhileEqual(numbers: Int32Array, index: number, value: number): Promise<void> {
  const atomics = Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
  };
  await atomics.waitAsync(numbers, index, value).value;
}
