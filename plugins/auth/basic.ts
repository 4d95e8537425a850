import type { AuthScheme } from '../../core/plugin/kit.js';
import { decodeUserPassword } from './decode-user-password.js';

/** `Authorization: Basic base64(email:password)`. Other Authorization schemes are left to their plugins. */
export const basicAuthScheme: AuthScheme = {
  name: 'basic',
  async authenticate(request, auth) {
    const header = request.headers.authorization;
    if (!header || !/^basic /i.test(header)) return null;
    const { user, password } = decodeUserPassword(header.slice(6));
    return auth.verifyPassword(user, password, { ip: request.ip });
  },
};
