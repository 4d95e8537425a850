/** Answers once the service can take requests (storage reachable, not shutting down); throws otherwise. */
export type Readiness = () => Promise<void>;

/**
 * Longest the readiness probe waits for storage. An orchestrator's probe gives up after a few seconds
 * of its own; an answer it never gets tells it less than a prompt "not ready". Independent of the
 * storage driver's statement timeout, which is sized for the slowest real query.
 */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * The readiness check: storage answers a ping within `timeoutMs`, and the service is not stopping.
 * Probes that arrive while a ping is on its way wait for that one rather than each sending their own,
 * so a silent database does not collect a ping (and a pooled connection) per probe.
 */
export function readinessCheck(
  ping: () => Promise<void>,
  isStopping: () => boolean,
  timeoutMs = READINESS_TIMEOUT_MS,
): Readiness {
  let pending: Promise<void> | undefined;
  return () => {
    if (isStopping()) return Promise.reject(new Error('shutting down'));
    if (!pending) {
      const started = ping();
      pending = started;
      const clear = () => {
        if (pending === started) pending = undefined;
      };
      started.then(clear, clear);
    }
    const inFlight = pending;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`storage did not answer within ${timeoutMs} ms`)), timeoutMs);
      inFlight.then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error as Error);
        },
      );
    });
  };
}
