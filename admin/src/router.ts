import { useEffect, useState } from 'preact/hooks';

/** Every screen lives under this path; the service answers the page for any of them. */
export const BASE = '/admin';

/** The screen's path without the base: `/users/42`. */
function current(): string {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '/';
  return path === '' ? '/' : path;
}

const listeners = new Set<() => void>();
addEventListener('popstate', () => listeners.forEach((l) => l()));

/** Goes to a screen without reloading the page; `replace` leaves no history entry (redirects). */
export function navigate(path: string, replace = false): void {
  const url = BASE + path;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((l) => l());
}

/** The current screen path and query, re-rendering on navigation. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [state, setState] = useState(() => ({ path: current(), query: new URLSearchParams(location.search) }));
  useEffect(() => {
    const update = () => setState({ path: current(), query: new URLSearchParams(location.search) });
    listeners.add(update);
    // A child's effect runs before this one: a redirect it made before the listener existed is read now.
    update();
    return () => void listeners.delete(update);
  }, []);
  return state;
}

/** `match('/users/:id', '/users/42')` → `{ id: '42' }`, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) return null;
  }
  return params;
}
