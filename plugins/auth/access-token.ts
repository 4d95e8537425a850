import { ACCESS_TOKEN_COOKIE_NAME, type AuthScheme } from '../../core/plugin/kit.js';

/**
 * The `access_token` auto-login cookie set by a sign-in with `rememberMe`: signs the user in when
 * the session is gone. An expired or revoked cookie signs nobody in (the next scheme runs); a forged
 * or altered one is a 401.
 */
export const accessTokenAuthScheme: AuthScheme = {
  name: 'access-token',
  async authenticate(request, auth) {
    const token = request.cookies[ACCESS_TOKEN_COOKIE_NAME];
    if (!token) return null;
    return (await auth.resolveAutoLogin(token, { ip: request.ip, secure: request.secure })) ?? null;
  },
};
