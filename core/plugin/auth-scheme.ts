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

/** Where an `access_token` cookie is presented from. */
export interface AutoLoginContext {
  readonly ip: string;
  /** `AuthRequest.secure`: over plain HTTP the cookie signs nobody in unless `json.web.token.allowhttp`. */
  readonly secure: boolean;
}

/**
 * The services an auth scheme uses to prove an identity. A scheme either hands a secret to the
 * service to check (`verifyPassword`, `resolveSession`), or proves the credential itself (an API
 * key it holds the hash of, a signed token, an SSO assertion) and then looks the user up by what
 * the credential names (`findUserById`, `findUserByEmail`).
 */
export interface AuthServices {
  /**
   * Checks an e-mail and password. Throws a 401 (`AUTH_INVALID_USER`) when they do not match, a 429
   * (`AUTH_TOO_MANY_ATTEMPTS`) when repeated failures hold the attempt back, and a 503 (`AUTH_BUSY`)
   * when too many passwords are being checked at once; repeated calls with the same correct pair
   * are answered from a short cache.
   *
   * Failures are counted per client address, so pass `{ ip: request.ip }`. The services a scheme
   * receives already know the request's address: a scheme that leaves `context` out (as schemes
   * written before it existed do) is counted under that address all the same. Anywhere else, an
   * attempt without `context` counts as coming from one unknown address shared by all such attempts.
   */
  verifyPassword(email: string, password: string, context?: SignInContext): Promise<Principal>;
  /** The principal of a live session token, or undefined when there is none. */
  resolveSession(token: string): Promise<Principal | undefined>;
  /**
   * The active user with this id, or undefined (no such user, or an inactive one: a deactivated
   * user is never answered). Checks no secret: call it only once the scheme has proven the
   * credential (a token's signature, a key's hash). Answers are cached for `auth.session.cache.seconds`,
   * so a deactivation reaches other processes within that time.
   */
  findUserById(userId: string): Promise<Principal | undefined>;
  /** Like `findUserById`, by e-mail (case-insensitive). */
  findUserByEmail(email: string): Promise<Principal | undefined>;
  /**
   * The owner of an API access key (the JWT of `POST /api/v1/apitoken`), as sent in
   * `Authorization: Bearer <key>`. Throws a 401 with the reason when the key is malformed, signed with
   * another key or algorithm, altered, expired, not yet valid, revoked, used from outside its network
   * (`context.ip` against the key's CIDR), or its user is inactive. Warm checks read no storage; a
   * revocation in another process takes effect within `auth.session.cache.seconds`.
   */
  verifyApiKey(key: string, context: SignInContext): Promise<Principal>;
  /**
   * The user an `access_token` auto-login cookie signs in, or undefined when it signs nobody in
   * (expired, revoked, signed out, the user changed since (a new password) or is inactive, or over
   * plain HTTP without `json.web.token.allowhttp`). Throws a
   * 401 when the cookie is not a token this installation issued (forged, altered, another algorithm).
   */
  resolveAutoLogin(token: string, context: AutoLoginContext): Promise<Principal | undefined>;
}

/**
 * One way of proving who is calling. Schemes run in the order of `auth.schemes`; the first that
 * answers a principal wins.
 *
 * - Answer `null` when the request carries no credential of this scheme (the next scheme runs).
 * - Throw `UnauthenticatedError` (from `cms/plugin`) when it carries one that is wrong: the request
 *   is refused with 401, whatever later schemes would say.
 * - Anything else thrown is a fault of the scheme: a 500, with the cause in the log.
 *
 * The request's address (`request.ip`) is the client's as the HTTP layer resolved it (trusted
 * proxies applied): the one to count failures against, or to allow a credential from.
 *
 * @example
 * // A header carrying an API key; the plugin's configuration maps key hashes to user e-mails.
 * const apiKey: AuthScheme = {
 *   name: 'x-api-key',
 *   async authenticate(request, auth) {
 *     const key = request.headers['x-api-key'];
 *     if (!key) return null;
 *     const email = ownerOf(createHash('sha256').update(key).digest()); // constant-time comparison
 *     const principal = email && (await auth.findUserByEmail(email));
 *     if (!principal) throw new UnauthenticatedError('Unknown API key');
 *     return principal;
 *   },
 * };
 */
export interface AuthScheme {
  name: string;
  authenticate(request: AuthRequest, services: AuthServices): Promise<Principal | null>;
}

/** Identity function that exists for type inference and editor help. */
export function defineAuthScheme(scheme: AuthScheme): AuthScheme {
  return scheme;
}
