import type { AccessChanges } from './access-changes.js';
import { createHmac, hash, randomBytes } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import { ADMIN_ROLE_KEY } from '../model/role.js';
import type { User } from '../model/user.js';
import type { AuthServices, AutoLoginContext, SignInContext } from '../plugin/auth-scheme.js';
import type { Repositories } from '../plugin/storage/index.js';
import { ExpiringCache } from './expiring-cache.js';
import { addressKey } from './address-key.js';
import type { HashPriority, HashQueue } from './hash-queue.js';
import { LoginThrottle, TooManyAttemptsError, type Admission, type LoginThrottleOptions } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import type { Principal } from './principal.js';
import type { TokenService } from './token-service.js';

/** What `AuthService` is built with beyond storage, settings and the hash queue. */
export interface AuthServiceOptions {
  /** Signed tokens (API keys, `access_token` cookies); without it they are refused as invalid. */
  tokens?: TokenService;
  now?: () => number;
  /** Told when a session ends or a user's cached standing is dropped. */
  accessChanges?: AccessChanges;
}

/** Token failures after which an `access_token` cookie simply signs nobody in (a stale cookie locks no browser out). */
const STALE_TOKEN_CODES: ReadonlySet<string> = new Set([
  Errors.TOKEN_EXPIRED.code,
  Errors.TOKEN_REVOKED.code,
  Errors.TOKEN_NOT_YET_VALID.code,
]);

export interface AuthSettings {
  /** Idle time after which a session ends. */
  sessionTimeoutMs: number;
  /** How long a verified e-mail/password pair is trusted without hashing again. */
  credentialCacheMs: number;
  /** How long a resolved session is trusted without reading storage (bounds logout propagation between processes). */
  sessionCacheMs: number;
  /** Live sessions one user may hold; a new sign-in past it ends the oldest. */
  maxSessionsPerUser: number;
  /** `json.web.token.allowhttp`: whether the `access_token` cookie signs in over plain HTTP. */
  autoLoginOverHttp?: boolean;
  throttle: LoginThrottleOptions;
}

/**
 * Whose hash goes first when they queue: addresses that signed in recently, then unknown ones, then
 * those that have failed. Decided by the address alone, never by the account, so that the wait tells
 * nobody whether an account exists.
 */
const PRIORITY_OF: Readonly<Record<Admission['standing'], HashPriority>> = {
  'signed-in': 'high',
  unknown: 'normal',
  failed: 'low',
};

/** Longer ids and e-mails are not looked up: no stored user has one. */
const MAX_LOOKUP_LENGTH = 320;

/** How often a session's last-seen time is written back: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Proves identities: passwords, sessions. Verified results are cached briefly under keys that are
 * HMACs with a per-process secret, so the cache never holds a password or a usable token.
 */
export class AuthService implements AuthServices {
  private readonly cacheKey = randomBytes(32);
  /** Verifications under way, by cache key. */
  private readonly verifying = new Map<string, Promise<Principal>>();
  private readonly credentials: ExpiringCache<Principal>;
  private readonly sessionCache: ExpiringCache<{ principal: Principal; expiresAt: number }>;
  /** Users found by id or e-mail for schemes that proved the credential themselves (API keys, tokens). */
  private readonly lookups: ExpiringCache<Principal>;
  private readonly throttle: LoginThrottle;
  /** Verified against when the account does not exist, so that both paths cost the same. */
  private readonly decoyHash: Promise<string>;
  private adminRoleId: string | undefined;
  private readonly now: () => number;
  private readonly tokens: TokenService | undefined;
  private readonly accessChanges: AccessChanges | undefined;

  private readonly storage: Repositories;
  private readonly settings: AuthSettings;
  /** Every password check waits its turn here, with the other hashing of the process. */
  private readonly hashes: HashQueue;

  constructor(
    options: {
      storage: Repositories;
      settings: AuthSettings;
      /** Every password check waits its turn here, with the other hashing of the process. */
      hashes: HashQueue;
    } & AuthServiceOptions,
  ) {
    this.storage = options.storage;
    this.settings = options.settings;
    this.hashes = options.hashes;
    this.now = options.now ?? Date.now;
    this.tokens = options.tokens;
    this.accessChanges = options.accessChanges;
    // At the cost new passwords get, as the accounts it stands in for.
    this.decoyHash = hashPassword(randomBytes(16).toString('hex'), this.hashes.cost);
    this.credentials = new ExpiringCache(this.settings.credentialCacheMs, 10_000, this.now);
    this.sessionCache = new ExpiringCache(this.settings.sessionCacheMs, 100_000, this.now);
    this.lookups = new ExpiringCache(this.settings.sessionCacheMs, 10_000, this.now);
    this.throttle = new LoginThrottle(this.settings.throttle, this.now);
  }

  async verifyPassword(email: string, password: string, context?: SignInContext): Promise<Principal> {
    const account = email.trim().toLowerCase();
    const address = addressKey(context?.ip ?? '');
    // Before the cache too: a held-back sprayer must not test its guesses against recently used passwords.
    const { standing, accountLockedFor } = this.throttle.admit(address, account);
    const key = createHmac('sha256', this.cacheKey).update(account).update('\0').update(password).digest('base64url');
    const cached = this.credentials.get(key);
    if (cached) return cached;
    // One hash for a burst of the same credential (a client's parallel requests as its cache entry
    // expires): the others wait for its outcome instead of each taking a place in the hash queue.
    const pending = this.verifying.get(key);
    if (pending) return pending;
    const attempt = this.verifyUncached({ account, password, address, key }, { standing, accountLockedFor }).finally(
      () => this.verifying.delete(key),
    );
    this.verifying.set(key, attempt);
    return attempt;
  }

  private async verifyUncached(
    { account, password, address, key }: { account: string; password: string; address: string; key: string },
    { standing, accountLockedFor }: Admission,
  ): Promise<Principal> {
    // The account is looked up in the hash's turn too: a sign-in refused for busyness costs no storage read.
    const user = await this.hashes.run(() => this.userWithPassword(account, password), PRIORITY_OF[standing]);
    if (!user) {
      this.throttle.recordFailure(address, account);
      if (accountLockedFor > 0) throw new TooManyAttemptsError(accountLockedFor);
      throw new CmsError(Errors.AUTH_INVALID_USER);
    }
    this.throttle.recordSuccess(address, account);
    const principal = await this.principalOf(user);
    this.credentials.set(key, principal);
    return principal;
  }

  /** Starts a session; answers the token for the cookie (only its hash is stored). */
  async createSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    // Oldest first: past the limit, the sessions signed in longest ago end (a sign-in never fails for it).
    const held = await this.storage.sessions.listByUser(userId);
    for (const old of held.slice(0, Math.max(0, held.length - this.settings.maxSessionsPerUser + 1))) {
      this.sessionCache.delete(old.tokenHash);
      await this.storage.sessions.delete(old.tokenHash);
    }
    await this.storage.sessions.insert({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.settings.sessionTimeoutMs,
    });
    return token;
  }

  async resolveSession(token: string): Promise<Principal | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const now = this.now();
    const cached = this.sessionCache.get(tokenHash);
    if (cached && cached.expiresAt > now) return cached.principal;
    const session = await this.storage.sessions.find(tokenHash);
    if (!session) return undefined;
    if (session.expiresAt <= now) {
      await this.storage.sessions.delete(tokenHash);
      return undefined;
    }
    const user = await this.storage.users.findById(session.userId);
    if (!user?.active) return undefined;
    let expiresAt = session.expiresAt;
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
      expiresAt = now + this.settings.sessionTimeoutMs;
      await this.storage.sessions.touch(tokenHash, now, expiresAt);
    }
    const principal = await this.principalOf(user);
    this.sessionCache.set(tokenHash, { principal, expiresAt });
    return principal;
  }

  findUserById(userId: string): Promise<Principal | undefined> {
    if (userId === '' || userId.length > MAX_LOOKUP_LENGTH) return Promise.resolve(undefined);
    return this.lookUp(`id\0${userId}`, () => this.storage.users.findById(userId));
  }

  findUserByEmail(email: string): Promise<Principal | undefined> {
    const account = email.trim().toLowerCase();
    if (account === '' || account.length > MAX_LOOKUP_LENGTH) return Promise.resolve(undefined);
    return this.lookUp(`email\0${account}`, () => this.storage.users.findByEmail(account));
  }

  async verifyApiKey(key: string, context: SignInContext): Promise<Principal> {
    if (!this.tokens) throw new CmsError(Errors.TOKEN_INVALID, { reason: 'tokens are not enabled' });
    const token = await this.tokens.verify(key, 'api', context);
    const principal = await this.findUserById(token.userId);
    if (!principal) throw new CmsError(Errors.AUTH_INVALID_USER);
    return principal;
  }

  async resolveAutoLogin(token: string, context: AutoLoginContext): Promise<Principal | undefined> {
    if (!this.tokens || (!context.secure && !this.settings.autoLoginOverHttp)) return undefined;
    try {
      const issued = await this.tokens.verify(token, 'cookie', context);
      const principal = await this.findUserById(issued.userId);
      // As the original's user tokens: a user changed since the sign-in (a new password, say) ends them.
      return principal && principal.user.modDate <= issued.issuedAt ? principal : undefined;
    } catch (error) {
      if (error instanceof CmsError && STALE_TOKEN_CODES.has(error.code)) return undefined;
      throw error;
    }
  }

  /** Only hits are cached: a miss costs one read, and an inactive user is never answered. */
  private async lookUp(key: string, find: () => Promise<User | undefined>): Promise<Principal | undefined> {
    const cached = this.lookups.get(key);
    if (cached) return cached;
    const user = await find();
    if (!user?.active) return undefined;
    const principal = await this.principalOf(user);
    this.lookups.set(key, principal);
    return principal;
  }

  async endSession(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.sessionCache.delete(tokenHash);
    await this.storage.sessions.delete(tokenHash);
    this.accessChanges?.changed();
  }

  /** Forgets what this process cached about a user: after a password, role or activity change. */
  forgetUser(userId: string): void {
    this.credentials.deleteWhere((p) => p.user.userId === userId);
    this.sessionCache.deleteWhere((s) => s.principal.user.userId === userId);
    this.lookups.deleteWhere((p) => p.user.userId === userId);
    this.tokens?.forgetUser(userId);
    this.accessChanges?.changed();
  }

  /**
   * The active user with this e-mail and password, or undefined. Exactly one hash whatever the
   * account: an unknown or inactive one is checked against the decoy, so that its answer takes as
   * long as a wrong password's and tells nobody which accounts exist.
   */
  private async userWithPassword(account: string, password: string): Promise<User | undefined> {
    const found = account === '' ? undefined : await this.storage.users.findByEmail(account);
    const user = found?.active ? found : undefined;
    const matches = await verifyPassword(password, user?.passwordHash ?? (await this.decoyHash));
    return matches ? user : undefined;
  }

  async principalOf(user: User): Promise<Principal> {
    const granted = await this.storage.users.roleIdsOf(user.userId);
    const roleIds = [user.roleId, ...granted.filter((id) => id !== user.roleId)];
    this.adminRoleId ??= (await this.storage.roles.findByKey(ADMIN_ROLE_KEY))?.id;
    return { user, roleIds, admin: this.adminRoleId !== undefined && roleIds.includes(this.adminRoleId) };
  }
}

/** On every request with a session: the one-shot `hash` makes no Hash object to throw away. */
function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}
