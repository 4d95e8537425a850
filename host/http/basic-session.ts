import type { AuthService } from '../../core/auth/auth-service.js';
import type { Principal } from '../../core/auth/principal.js';
import { SESSION_COOKIE_NAME } from '../../core/auth/session-cookie.js';
import { serializeCookie } from './cookies.js';
import type { IncomingRequest } from './route.js';

/**
 * `auth.basic.session`: the session a Basic sign-in leaves, as the original's does, so that later
 * requests may send the cookie instead of the password. A request whose session cookie is still
 * live (the same user's) gets none: a client that keeps cookies opens one session, not one per call.
 * The cookie is the one `POST /api/v1/authentication` sets, with the same attributes.
 */
export function basicSessionCookie(
  auth: Pick<AuthService, 'createSession' | 'resolveSession'>,
): (principal: Principal, request: IncomingRequest) => Promise<string | undefined> {
  return async (principal, request) => {
    const held = request.cookies[SESSION_COOKIE_NAME];
    if (held && (await auth.resolveSession(held))?.user.userId === principal.user.userId) return undefined;
    const token = await auth.createSession(principal.user.userId);
    return serializeCookie(SESSION_COOKIE_NAME, token, { httpOnly: true, secure: request.secure, sameSite: 'Lax' });
  };
}
