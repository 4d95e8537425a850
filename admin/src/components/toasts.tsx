import { useEffect, useState } from 'preact/hooks';
import { describe } from '../event-words.js';
import { listenToSystemEvents } from '../system-events.js';

interface Toast {
  id: number;
  what: string;
  title: string;
}

/** Long enough to read two lines; a toast can also be dismissed at once. */
const SHOW_MS = 8_000;
const MAX_SHOWN = 4;

/**
 * Live system events as notifications. The region is polite (`aria-live`): a screen reader reads
 * each toast when it has finished what it was saying, without moving focus.
 */
export function Toasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = listenToSystemEvents((event) => {
      const id = ++next;
      setToasts((shown) => [...shown.slice(-(MAX_SHOWN - 1)), { id, ...describe(event) }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((shown) => shown.filter((t) => t.id !== id));
      }, SHOW_MS);
      timers.add(timer);
    });
    return () => {
      stop();
      timers.forEach(clearTimeout);
    };
  }, []);
  return (
    <section class="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div class="toast" key={toast.id} data-testid="toast">
          <p>
            <strong>{toast.what}</strong> {toast.title}
          </p>
          <button
            type="button"
            class="close"
            aria-label={`Dismiss: ${toast.what} ${toast.title}`}
            onClick={() => setToasts((shown) => shown.filter((t) => t.id !== toast.id))}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
