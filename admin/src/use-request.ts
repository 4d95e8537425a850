import { useCallback, useEffect, useState } from 'preact/hooks';

export type Requested<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'done'; value: T };

/**
 * Runs a request when its inputs change and on `reload`; an answer that comes back after the
 * inputs changed again is dropped (its request is aborted), so a slow answer never replaces a newer one.
 */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  inputs: readonly unknown[],
): [Requested<T>, () => void] {
  const [result, setResult] = useState<Requested<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    load(controller.signal).then(
      (value) => controller.signal.aborted || setResult({ state: 'done', value }),
      (error: unknown) => controller.signal.aborted || setResult({ state: 'failed', error }),
    );
    return () => controller.abort();
    // The caller names the inputs, as with useEffect itself.
  }, [...inputs, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return [result, reload];
}
