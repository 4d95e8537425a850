/** A host header as a browser sends it: a name or address and a port; anything else is left out of the policy. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** A host header that is also a CSP host-source (a name or IPv4 address, a port): IPv6 literals are not. */
const SOURCE_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** Where the back office's own files are served from. */
const BACK_OFFICE_PATH = '/admin/';

/**
 * Where the page may take scripts and styles from: the back office's own folder on this host, never
 * the whole origin, which also serves uploaded files (`/dA/…`, a site's files by path): a script
 * someone uploaded must not run in the back office, even if a page of it came to name one. Without
 * a scheme, the source takes the page's own (and its upgrade to HTTPS), so no proxy setting is
 * needed. A host that cannot be written as a source (an IPv6 literal) gets none.
 *
 * NOTE: browsers ignore a source's path after a redirect, so no path under `/admin/` may redirect
 * elsewhere on the origin.
 */
function ownFiles(host: string | undefined): string {
  return host && SOURCE_HOST.test(host) ? `${host}${BACK_OFFICE_PATH}` : "'none'";
}

/**
 * The Content-Security-Policy of the back office's pages: scripts and styles only from the back
 * office's own files (no inline script or style, no eval), requests only to the service itself,
 * including its websocket, never framed. Everything else is refused (`default-src 'none'`).
 *
 * NOTE: `connect-src 'self'` covers `ws:`/`wss:` of the same host in CSP Level 3, but older
 * browsers (Safari before 15.4) read it as HTTP(S) only, so the websocket origins are named too.
 */
export function backOfficeCsp(host: string | undefined): string {
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  const own = ownFiles(host);
  return [
    "default-src 'none'",
    `script-src ${own}`,
    `style-src ${own}`,
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
