/** A host header as a browser sends it: a name or address and a port; anything else is left out of the policy. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy of the back office's pages: scripts and styles only from the
 * service's own files (no inline script or style, no eval), requests only to the service itself,
 * including its websocket, never framed. Everything else is refused (`default-src 'none'`).
 *
 * NOTE: `connect-src 'self'` covers `ws:`/`wss:` of the same host in CSP Level 3, but older
 * browsers (Safari before 15.4) read it as HTTP(S) only, so the websocket origins are named too.
 */
export function backOfficeCsp(host: string | undefined): string {
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
