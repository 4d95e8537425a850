import { CmsError, Errors } from '../errors/index.js';
import type { IssuedToken } from '../model/issued-token.js';
import { ADMIN_ROLE_KEY } from '../model/role.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { Principal } from './principal.js';
import type { TokenService } from './token-service.js';

const DAY_MS = 86_400_000;
/** `GET /api/v1/apitoken/expiring` lists keys expiring within this time. */
const EXPIRING_WITHIN_MS = 7 * DAY_MS;

export interface NewApiKey {
  userId: string;
  expirationSeconds: number;
  network?: string;
  label?: string;
  /** Refuse (403) unless the key's user is an administrator: the original's `shouldBeAdmin`. */
  shouldBeAdmin?: boolean;
}

/**
 * API access keys as the REST interface manages them: who may do what. Administrators manage
 * every user's keys; a user only their own (another user's key is "not found" to them, so that ids
 * are not confirmed). The key itself exists only in the answer to its creation.
 */
export class ApiKeyService {
  private readonly storage: Repositories;
  private readonly tokens: TokenService;
  private readonly settings: { maxExpirationDays: number };
  private readonly now: () => number;

  constructor(options: {
    storage: Repositories;
    tokens: TokenService;
    settings: { maxExpirationDays: number };
    now?: () => number;
  }) {
    this.storage = options.storage;
    this.tokens = options.tokens;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
  }

  async create(caller: Principal, input: NewApiKey, ip: string): Promise<{ token: IssuedToken; jwt: string }> {
    if (!caller.admin && input.userId !== caller.user.userId) throw new CmsError(Errors.TOKEN_FORBIDDEN);
    const { maxExpirationDays } = this.settings;
    if (!(input.expirationSeconds >= 1 && input.expirationSeconds <= maxExpirationDays * 86_400))
      throw new CmsError(
        Errors.TOKEN_EXPIRATION_INVALID,
        { maxDays: maxExpirationDays },
        { fieldName: 'expirationSeconds' },
      );
    const user = await this.storage.users.findById(input.userId);
    if (!user?.active) throw new CmsError(Errors.USER_NOT_FOUND, { user: input.userId });
    if (input.shouldBeAdmin === true && !(await this.isAdmin(user.userId)))
      throw new CmsError(Errors.TOKEN_SHOULD_BE_ADMIN);
    return this.tokens.issue({
      userId: input.userId,
      kind: 'api',
      expiresAt: this.now() + input.expirationSeconds * 1000,
      ...(input.network !== undefined && input.network.trim() !== '' ? { network: input.network } : {}),
      ...(input.label !== undefined ? { label: input.label } : {}),
      requestingUserId: caller.user.userId,
      requestingIp: ip,
    });
  }

  /** A user's API keys, newest first: metadata only. */
  async list(caller: Principal, userId: string): Promise<IssuedToken[]> {
    if (!caller.admin && userId !== caller.user.userId) throw new CmsError(Errors.TOKEN_FORBIDDEN);
    return this.tokens.listByUser(userId, 'api');
  }

  async revoke(caller: Principal, id: string): Promise<IssuedToken> {
    const token = await this.ownKey(caller, id);
    await this.tokens.revoke(id);
    return (await this.tokens.find(id)) ?? token;
  }

  async delete(caller: Principal, id: string): Promise<IssuedToken> {
    const token = await this.ownKey(caller, id);
    await this.tokens.delete(id);
    return token;
  }

  /** Revokes every live API key of a user; answers how many. */
  async revokeUser(caller: Principal, userId: string): Promise<number> {
    if (!caller.admin && userId !== caller.user.userId) throw new CmsError(Errors.TOKEN_FORBIDDEN);
    return (await this.tokens.revokeUser(userId, 'api')).length;
  }

  /** Live keys expiring within a week: every user's for an administrator, else the caller's own. */
  async expiring(caller: Principal): Promise<IssuedToken[]> {
    const soon = await this.tokens.listExpiring(EXPIRING_WITHIN_MS);
    return caller.admin ? soon : soon.filter((t) => t.userId === caller.user.userId);
  }

  /**
   * The key of a live API key again (the original's `GET /api/v1/apitoken/{id}/jwt`), for an
   * administrator: 404 for no such key, 400 for an expired or revoked one.
   */
  async jwt(caller: Principal, id: string): Promise<string> {
    if (!caller.admin) throw new CmsError(Errors.TOKEN_FORBIDDEN);
    const token = await this.ownKey(caller, id);
    if (token.revokedAt !== null || token.expiresAt <= this.now()) throw new CmsError(Errors.TOKEN_NOT_VALID);
    return this.tokens.jwtOf(token);
  }

  private async isAdmin(userId: string): Promise<boolean> {
    const admin = await this.storage.roles.findByKey(ADMIN_ROLE_KEY);
    return admin !== undefined && (await this.storage.users.roleIdsOf(userId)).includes(admin.id);
  }

  private async ownKey(caller: Principal, id: string): Promise<IssuedToken> {
    const token = id.length > 64 ? undefined : await this.tokens.find(id);
    if (!token || token.kind !== 'api' || (!caller.admin && token.userId !== caller.user.userId))
      throw new CmsError(Errors.TOKEN_NOT_FOUND, { id: id.slice(0, 64) });
    return token;
  }
}
