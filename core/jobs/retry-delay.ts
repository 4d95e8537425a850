/** How long failed runs wait: exponential from `baseMs`, capped at `maxMs`. */
export interface BackOff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before the next run of a job whose run number `attempt` (1-based) failed: base × 2^(attempt−1),
 * capped, with "equal jitter" (half fixed, half random) so jobs that failed together (a peer that
 * was down) do not all come back at the same instant.
 */
export function retryDelay(attempt: number, { baseMs, maxMs }: BackOff, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}
