import type { AuthScheme } from '../../core/plugin/kit.js';
import { decodeUserPassword } from './decode-user-password.js';

/** The original's own header, `CMSAUTH: base64(email:password)`, kept for old clients. */
export const legacyHeaderAuthScheme: AuthScheme = {
  name: 'legacy-header',
  async authenticate(request, auth) {
    const header = request.headers.cmsauth;
    if (!header) return null;
    const { user, password } = decodeUserPassword(header);
    return auth.verifyPassword(user, password, { ip: request.ip });
  },
};
