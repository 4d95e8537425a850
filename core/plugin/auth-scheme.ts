import type { Principal } from '../auth/principal.js';

/** What an auth scheme may look at: already parsed, lower-case header names. */
export interface AuthRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly cookies: Readonly<Record<string, string>>;
  readonly ip: string;
  /** True when the request came over HTTPS (directly or via a trusted proxy header). */
  readonly secure: boolean;
}

/** The services an auth scheme uses to prove an identity. */
export interface AuthServices {
  /**
   * Checks an e-mail and password. Throws `CmsError(Errors.AUTH_INVALID_USER)` (or `AUTH_TOO_MANY_ATTEMPTS`) when they
   * do not match; repeated calls with the same correct pair are answered from a short cache.
   */
  verifyPassword(email: string, password: string): Promise<Principal>;
  /** The principal of a live session token, or undefined when there is none. */
  resolveSession(token: string): Promise<Principal | undefined>;
}

/**
 * One way of proving who is calling. Schemes run in the order of `auth.schemes`; the first that
 * answers a principal wins.
 *
 * - Answer `null` when the request carries no credential of this scheme (the next scheme runs).
 * - Throw `new CmsError(Errors.AUTH_INVALID_USER)` when it carries one that is wrong: the request is refused with
 *   401, whatever later schemes would say.
 *
 * @example
 * const header: AuthScheme = {
 *   name: 'x-api-user',
 *   async authenticate(req, auth) {
 *     const value = req.headers['x-api-user'];
 *     if (!value) return null;
 *     const [email, password] = value.split(':');
 *     return auth.verifyPassword(email ?? '', password ?? '');
 *   },
 * };
 */
export interface AuthScheme {
  name: string;
  authenticate(request: AuthRequest, services: AuthServices): Promise<Principal | null>;
}
