import { SESSION_COOKIE_NAME, type AuthScheme } from '../../core/plugin/kit.js';

/**
 * The session cookie set by `POST /api/v1/authentication`. An unknown or expired session is not an
 * error: the caller is simply not signed in by this scheme (a stale cookie must not lock a browser out).
 */
export const sessionAuthScheme: AuthScheme = {
  name: 'session',
  async authenticate(request, auth) {
    const token = request.cookies[SESSION_COOKIE_NAME];
    if (!token) return null;
    return (await auth.resolveSession(token)) ?? null;
  },
};
