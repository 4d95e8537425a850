import type { AuthRequest, AuthScheme, AuthServices } from '../plugin/auth-scheme.js';
import type { Principal } from './principal.js';

/** Runs the configured auth schemes in order; the first that proves an identity wins. */
export class Authenticator {
  constructor(
    private readonly schemes: readonly AuthScheme[],
    private readonly services: AuthServices,
  ) {}

  /** The caller, or null for an anonymous request. Wrong credentials throw (401). */
  async authenticate(request: AuthRequest): Promise<Principal | null> {
    // Bound to this request's address, so that a scheme which does not pass it still has its
    // failures counted per address. The address is read only when a password is checked.
    const services: AuthServices = {
      verifyPassword: (email, password, context) =>
        this.services.verifyPassword(email, password, context ?? { ip: request.ip }),
      resolveSession: (token) => this.services.resolveSession(token),
    };
    for (const scheme of this.schemes) {
      const principal = await scheme.authenticate(request, services);
      if (principal) return principal;
    }
    return null;
  }
}
