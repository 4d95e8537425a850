import type { AuthRequest, AuthScheme, AuthServices, AutoLoginContext, SignInContext } from '../plugin/auth-scheme.js';
import type { Principal } from './principal.js';

/** Runs the configured auth schemes in order; the first that proves an identity wins. */
export class Authenticator {
  private readonly schemes: readonly AuthScheme[];
  private readonly services: AuthServices;

  constructor(options: { schemes: readonly AuthScheme[]; services: AuthServices }) {
    this.schemes = options.schemes;
    this.services = options.services;
  }

  /** The caller, or null for an anonymous request. Wrong credentials throw (401). */
  async authenticate(request: AuthRequest): Promise<Principal | null> {
    const services = new RequestAuthServices(this.services, request);
    for (const scheme of this.schemes) {
      const principal = await scheme.authenticate(request, services);
      if (principal) return principal;
    }
    return null;
  }
}

/**
 * The services as one request's schemes see them: a password check without a context is counted
 * under the request's address, so that schemes written before the context existed are throttled per
 * address too. The address is read only when a password is checked.
 */
class RequestAuthServices implements AuthServices {
  constructor(
    private readonly services: AuthServices,
    private readonly request: AuthRequest,
  ) {}

  verifyPassword(email: string, password: string, context?: SignInContext): Promise<Principal> {
    return this.services.verifyPassword(email, password, context ?? { ip: this.request.ip });
  }

  resolveSession(token: string): Promise<Principal | undefined> {
    return this.services.resolveSession(token);
  }

  findUserById(userId: string): Promise<Principal | undefined> {
    return this.services.findUserById(userId);
  }

  findUserByEmail(email: string): Promise<Principal | undefined> {
    return this.services.findUserByEmail(email);
  }

  verifyApiKey(key: string, context: SignInContext): Promise<Principal> {
    return this.services.verifyApiKey(key, context);
  }

  resolveAutoLogin(token: string, context: AutoLoginContext): Promise<Principal | undefined> {
    return this.services.resolveAutoLogin(token, context);
  }
}
