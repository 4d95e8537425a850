import { AccessChanges } from '../../core/auth/access-changes.js';
import { ApiKeyService } from '../../core/auth/api-key-service.js';
import { AssetPermissionService } from '../../core/auth/asset-permission-service.js';
import { AuthService } from '../../core/auth/auth-service.js';
import { Authenticator } from '../../core/auth/authenticator.js';
import { AutoLogin } from '../../core/auth/auto-login.js';
import { DefinitionReadRules } from '../../core/auth/definition-read-rules.js';
import { HashQueue } from '../../core/auth/hash-queue.js';
import { PasswordPolicy } from '../../core/auth/password-policy.js';
import { PermissionService } from '../../core/auth/permission-service.js';
import { RoleDirectory } from '../../core/auth/role-directory.js';
import { TokenService } from '../../core/auth/token-service.js';
import { UserService } from '../../core/auth/user-service.js';
import type { AuthScheme } from '../../core/plugin/auth-scheme.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { isCommonPassword } from '../common-passwords.js';
import {
  remoteApiTokenRequester,
  type RemoteTokenAnswer,
  type RemoteTokenRequest,
} from '../outbound/remote-api-token.js';
import { declare } from './declare.js';

/** Who is calling, with which credentials, and what they may do. */
export const authServices = {
  // One queue for all password hashing of the process: sign-ins and new passwords share the bound.
  hashes: declare({ needs: ['settings'], build: (d): HashQueue => new HashQueue(d.settings.passwordHashing) }),
  /** Told when sessions end or a user's standing changes: open sockets are checked again. */
  accessChanges: declare({ needs: [], build: (): AccessChanges => new AccessChanges() }),
  tokens: declare({
    needs: ['storage', 'settings', 'signingKey', 'accessChanges'],
    build: ({ storage, settings, signingKey, accessChanges }): TokenService =>
      new TokenService({
        storage,
        settings: {
          signingKey,
          cacheMs: settings.auth.sessionCacheMs,
          clockSkewSeconds: settings.tokens.clockSkewSeconds,
          accessChanges,
        },
      }),
  }),
  autoLogin: declare({
    needs: ['tokens', 'settings'],
    build: ({ tokens, settings }): AutoLogin =>
      new AutoLogin({
        tokens,
        settings: {
          enabled: settings.authSchemes.includes('access-token'),
          maxAgeDays: settings.tokens.cookieMaxAgeDays,
          expirationDays: settings.tokens.cookieExpirationDays,
          allowHttp: settings.tokens.allowHttp,
        },
      }),
  }),
  apiKeys: declare({
    needs: ['storage', 'tokens', 'settings'],
    build: ({ storage, tokens, settings }): ApiKeyService =>
      new ApiKeyService({ storage, tokens, settings: { maxExpirationDays: settings.tokens.maxExpirationDays } }),
  }),
  /** Asks another installation for an API key (`PUT /api/v1/apitoken/remote`), under the outbound rules. */
  remoteApiTokens: declare({
    needs: ['settings'],
    build: ({ settings }): ((request: RemoteTokenRequest) => Promise<RemoteTokenAnswer>) =>
      remoteApiTokenRequester({
        timeoutMs: settings.tokens.outboundTimeoutMs,
        allowedAddresses: settings.push.allowedAddresses,
      }),
  }),
  auth: declare({
    needs: ['storage', 'settings', 'hashes', 'tokens', 'accessChanges'],
    build: (d): AuthService => new AuthService({ ...d, settings: d.settings.auth }),
  }),
  /** The schemes `auth.schemes` names, in its order; a name no plugin contributes stops start-up. */
  authSchemes: declare({
    needs: ['settings', 'contributions'],
    build: ({ settings, contributions }): AuthScheme[] =>
      settings.authSchemes.map((name) => contributions.named('auth.schemes', name)),
  }),
  authenticator: declare({
    needs: ['authSchemes', 'auth'],
    build: (d): Authenticator => new Authenticator({ schemes: d.authSchemes, services: d.auth }),
  }),
  passwordPolicy: declare({
    needs: ['settings'],
    build: (d): PasswordPolicy =>
      new PasswordPolicy({ minLength: d.settings.passwordMinLength, isCommon: isCommonPassword }),
  }),
  users: declare({
    needs: ['storage', 'passwordPolicy', 'hashes', 'indexQueue'],
    build: (d): UserService => new UserService(d),
  }),
  /** Reading roles and who holds them; granting and removing one role for users. */
  roleDirectory: declare({ needs: ['storage'], build: (d): RoleDirectory => new RoleDirectory(d) }),
  permissions: declare({
    needs: [],
    build: (): PermissionService =>
      new PermissionService({ anonymous: SEED_IDS.anonymousRole, owner: SEED_IDS.ownerRole }),
  }),
  /** Who may see which sites, content types and workflow schemes. */
  readRules: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): DefinitionReadRules => new DefinitionReadRules(d),
  }),
  assetPermissions: declare({
    needs: ['storage', 'definitions', 'permissions', 'auth', 'indexQueue'],
    build: ({ auth, ...d }): AssetPermissionService =>
      new AssetPermissionService({ ...d, findPrincipal: (userId) => auth.findUserById(userId) }),
  }),
};
