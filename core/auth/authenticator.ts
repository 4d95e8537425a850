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
    for (const scheme of this.schemes) {
      const principal = await scheme.authenticate(request, this.services);
      if (principal) return principal;
    }
    return null;
  }
}
