import type { HttpRequest } from './route.js';

/** Methods that change nothing: a cross-site page may send them without harm. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from a page of another site: its `Origin` is neither the service's own
 * nor one of `allowed` (`http.cors.origins`), or the browser says `Sec-Fetch-Site: cross-site`.
 * Clients that are not browsers send neither header and are never cross-site.
 */
export function isCrossSite(request: Pick<HttpRequest, 'headers' | 'secure'>, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    if (allowed.has(origin)) return false;
    const own = request.headers.host && `${request.secure ? 'https' : 'http'}://${request.headers.host}`;
    return origin !== own;
  }
  return request.headers['sec-fetch-site'] === 'cross-site' || origin === 'null';
}

/** A state-changing request from another site: refused before anything runs (cross-site request forgery). */
export function isForgeable(request: HttpRequest, allowed: ReadonlySet<string>): boolean {
  return !SAFE_METHODS.has(request.method) && isCrossSite(request, allowed);
}
