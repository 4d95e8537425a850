import { type AuthScheme } from '../../core/plugin/kit.js';

/**
 * `Authorization: Bearer <API key>`: the call has exactly the permissions of the key's user. A key
 * that does not hold (malformed, forged, expired, revoked, outside its network) is a 401, never a
 * fall-through to another scheme.
 */
export const bearerAuthScheme: AuthScheme = {
  name: 'bearer',
  async authenticate(request, auth) {
    const header = request.headers.authorization;
    if (!header || !/^bearer /i.test(header)) return null;
    // The address is read only if the key is bound to a network: reading it costs the HTTP layer a call.
    return auth.verifyApiKey(header.slice(7).trim(), {
      get ip() {
        return request.ip;
      },
    });
  },
};
