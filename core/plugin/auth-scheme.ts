import type { Principal } from '../auth/principal.js';

/** What an auth scheme may look at: already parsed, lower-case header names. */
export interface AuthRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly cookies: Readonly<Record<string, string>>;
  readonly ip: string;
  /** True when the request came over HTTPS (directly or via a trusted proxy header). */
  readonly secure: boolean;
}

/** Where a sign-in attempt comes from. */
export interface SignInContext {
  /** The client's address, as the HTTP layer resolved it (`AuthRequest.ip`). */
  readonly ip: string;
}

/** The services an auth scheme uses to prove an identity. */
export interface AuthServices {
  /**
   * Checks an e-mail and password. Throws `CmsError(Errors.AUTH_INVALID_USER)` when they do not
   * match, `AUTH_TOO_MANY_ATTEMPTS` when repeated failures hold the attempt back, and `AUTH_BUSY`
   * when too many passwords are being checked at once; repeated calls with the same correct pair are
   * answered from a short cache.
   *
   * Failures are counted per client address, so pass `{ ip: request.ip }`. The services a scheme
   * receives already know the request's address: a scheme that leaves `context` out (as schemes
   * written before it existed do) is counted under that address all the same. Anywhere else, an
   * attempt without `context` counts as coming from one unknown address shared by all such attempts.
   */
  verifyPassword(email: string, password: string, context?: SignInContext): Promise<Principal>;
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
 *     return auth.verifyPassword(email ?? '', password ?? '', { ip: req.ip });
 *   },
 * };
 */
export interface AuthScheme {
  name: string;
  authenticate(request: AuthRequest, services: AuthServices): Promise<Principal | null>;
}
