import type { TokenService } from './token-service.js';

const DAY_MS = 86_400_000;

export interface AutoLoginSettings {
  /** `access-token` is among the accepted schemes: otherwise no cookie is set that nothing would read. */
  enabled: boolean;
  /** `json.web.token.days.max.age`: the cookie's age; 0 or less sets none. */
  maxAgeDays: number;
  /** `json.web.token.max.allowed.expiration.days`: the token's lifetime. */
  expirationDays: number;
  /** `json.web.token.allowhttp`. */
  allowHttp: boolean;
}

/**
 * The `access_token` auto-login cookie of a sign-in with "remember me": a cookie-kind signed token
 * (`TokenService`), issued only over HTTPS unless `allowHttp`, and revoked at sign-out.
 */
export class AutoLogin {
  private readonly tokens: TokenService;
  private readonly settings: AutoLoginSettings;
  private readonly now: () => number;

  constructor(options: { tokens: TokenService; settings: AutoLoginSettings; now?: () => number }) {
    this.tokens = options.tokens;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
  }

  /** The token and the cookie's age in seconds, or undefined when no cookie is to be set. */
  async issue(
    userId: string,
    request: { ip: string; secure: boolean },
  ): Promise<{ jwt: string; maxAgeSeconds: number } | undefined> {
    const { enabled, maxAgeDays, expirationDays, allowHttp } = this.settings;
    // Over plain HTTP only when allowed: a token sent in clear could be replayed for weeks.
    if (!enabled || maxAgeDays <= 0 || (!request.secure && !allowHttp)) return undefined;
    const { jwt } = await this.tokens.issue({
      userId,
      kind: 'cookie',
      expiresAt: this.now() + expirationDays * DAY_MS,
      requestingUserId: userId,
      requestingIp: request.ip,
    });
    // The cookie never outlives its token.
    return { jwt, maxAgeSeconds: (Math.min(maxAgeDays, expirationDays) * DAY_MS) / 1000 };
  }

  /** Ends the token of a cookie presented at sign-out, if it is one this installation issued. */
  end(jwt: string): Promise<void> {
    return this.tokens.revokePresented(jwt, 'cookie');
  }
}
