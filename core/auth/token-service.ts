import type { AccessChanges } from './access-changes.js';
import { hash, randomBytes, randomUUID } from 'node:crypto';
import { errors as jose, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { CmsError, Errors } from '../errors/index.js';
import type { IssuedToken, IssuedTokenKind } from '../model/issued-token.js';
import type { Repositories } from '../plugin/storage/index.js';
import { ExpiringCache } from './expiring-cache.js';
import { NetworkRange } from './network-range.js';

export interface TokenSettings {
  /** The HMAC key every token is signed with (from the signing-key factory). Never stored nor logged. */
  signingKey: Uint8Array;
  /** How long a checked token is trusted without reading storage: bounds revocation between processes. */
  cacheMs: number;
  /** Tolerated difference between clocks for `exp`, `nbf` and `iat`. */
  clockSkewSeconds: number;
  /** Told of every revocation and deletion: long-lived connections made with the token end. */
  accessChanges?: AccessChanges;
}

export interface NewToken {
  userId: string;
  kind: IssuedTokenKind;
  expiresAt: number;
  notBefore?: number;
  /** A CIDR range; parsed (400 when it does not parse) and stored in canonical form. */
  network?: string;
  label?: string;
  requestingUserId: string;
  requestingIp: string;
}

/** The only algorithm accepted: `none`, RS/ES (key confusion) and other HMACs are refused. */
const ALGORITHM = 'HS256';
const ISSUER = 'cms';
/** Longer strings are not parsed: no token this service issues comes near it. */
const MAX_TOKEN_LENGTH = 4096;
const ID_PREFIX: Readonly<Record<IssuedTokenKind, string>> = { api: 'api', cookie: 'cookie' };

interface Checked {
  token: IssuedToken;
  range: NetworkRange | undefined;
}

/**
 * Issues and checks signed tokens (API access keys, `access_token` auto-login cookies). A token is
 * an HS256 JWT whose `jti` names a row of the issued-tokens table; the signature proves the claims,
 * the row says whether it is still live. A checked token is trusted for `cacheMs` (keyed by a SHA-256
 * digest of the token and a per-process secret, so the cache never holds a usable token), so that a
 * warm check costs one digest and no storage read; a revocation elsewhere takes effect within `cacheMs`.
 */
export class TokenService {
  private readonly cacheKey = randomBytes(32).toString('hex');
  private readonly checked: ExpiringCache<Checked>;

  private readonly storage: Repositories;
  private readonly settings: TokenSettings;
  private readonly now: () => number;

  constructor(options: { storage: Repositories; settings: TokenSettings; now?: () => number }) {
    this.storage = options.storage;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
    this.checked = new ExpiringCache(this.settings.cacheMs, 100_000, this.now);
  }

  /** Stores the token's row and answers it with the signed JWT: the only time the JWT exists. */
  async issue(input: NewToken): Promise<{ token: IssuedToken; jwt: string }> {
    const network = input.network === undefined ? null : NetworkRange.parse(input.network).cidr;
    const issuedAt = this.now();
    const token: IssuedToken = {
      id: `${ID_PREFIX[input.kind]}${randomUUID().replaceAll('-', '')}`,
      userId: input.userId,
      kind: input.kind,
      issuedAt,
      expiresAt: input.expiresAt,
      notBefore: input.notBefore ?? null,
      revokedAt: null,
      network,
      label: input.label ?? null,
      requestingUserId: input.requestingUserId,
      requestingIp: input.requestingIp,
    };
    await this.storage.issuedTokens.insert(token);
    return { token, jwt: await this.jwtOf(token) };
  }

  /**
   * The signed JWT of a stored token: the claims are all in the row, and HS256 signs them the same
   * way each time, so this is the JWT its issue answered (under the same signing key).
   */
  jwtOf(token: IssuedToken): Promise<string> {
    const claims: JWTPayload = { uid: token.userId, knd: token.kind };
    if (token.network !== null) claims.network = token.network;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setJti(token.id)
      .setSubject(token.id)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(token.issuedAt / 1000))
      .setNotBefore(Math.floor((token.notBefore ?? token.issuedAt) / 1000))
      .setExpirationTime(Math.floor(token.expiresAt / 1000))
      .sign(this.settings.signingKey);
  }

  /**
   * The live row of a token of `kind` used from `from.ip` (read only for a key bound to a network:
   * reading the address costs the HTTP layer a call). Throws 401s with a reason: `TOKEN_INVALID`
   * (malformed, another key or algorithm, altered claims, another kind), `TOKEN_EXPIRED`,
   * `TOKEN_NOT_YET_VALID`, `TOKEN_REVOKED` (revoked, deleted, or unknown) and `TOKEN_NETWORK_REFUSED`.
   */
  async verify(jwt: string, kind: IssuedTokenKind, from: { readonly ip: string }): Promise<IssuedToken> {
    if (jwt.length > MAX_TOKEN_LENGTH) throw invalid('too long');
    // Keyed by a digest, so the cache never holds a usable token; one call, as it runs on every request.
    const key = hash('sha256', `${this.cacheKey}\0${kind}\0${jwt}`, 'base64url');
    let checked = this.checked.get(key);
    if (!checked) {
      checked = await this.check(jwt, kind);
      const ttl = Math.min(this.settings.cacheMs, checked.token.expiresAt - this.now());
      if (ttl > 0) this.checked.set(key, checked, ttl);
    }
    const { token, range } = checked;
    if (token.expiresAt <= this.now()) throw new CmsError(Errors.TOKEN_EXPIRED);
    if (range && !range.contains(from.ip)) throw new CmsError(Errors.TOKEN_NETWORK_REFUSED);
    return token;
  }

  private async check(jwt: string, kind: IssuedTokenKind): Promise<Checked> {
    const payload = await this.verifySignature(jwt);
    if (payload.knd !== kind) throw invalid(kind === 'api' ? 'not an API key' : 'not an auto-login token');
    const id = payload.jti;
    if (typeof id !== 'string' || id.length > 64 || payload.sub !== id) throw invalid('claims do not match');
    const token = await this.storage.issuedTokens.find(id);
    if (!token || token.revokedAt !== null) throw new CmsError(Errors.TOKEN_REVOKED);
    // The signature proves the claims; the row must agree with them all the same.
    const network = typeof payload.network === 'string' ? payload.network : null;
    if (token.kind !== kind || token.userId !== payload.uid || token.network !== network)
      throw invalid('claims do not match');
    if (token.expiresAt <= this.now()) throw new CmsError(Errors.TOKEN_EXPIRED);
    if (token.notBefore !== null && token.notBefore > this.now() + this.settings.clockSkewSeconds * 1000)
      throw new CmsError(Errors.TOKEN_NOT_YET_VALID);
    return { token, range: token.network === null ? undefined : NetworkRange.parse(token.network) };
  }

  private async verifySignature(jwt: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(jwt, this.settings.signingKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        clockTolerance: this.settings.clockSkewSeconds,
        requiredClaims: ['jti', 'sub', 'exp', 'iat', 'nbf'],
        currentDate: new Date(this.now()),
        // `iat` in the future beyond the skew is refused too.
        maxTokenAge: '3650d',
      });
      return payload;
    } catch (error) {
      if (error instanceof jose.JWTExpired) throw new CmsError(Errors.TOKEN_EXPIRED);
      if (error instanceof jose.JWTClaimValidationFailed && error.claim === 'nbf')
        throw new CmsError(Errors.TOKEN_NOT_YET_VALID);
      if (error instanceof jose.JOSEAlgNotAllowed) throw invalid('algorithm not allowed');
      if (error instanceof jose.JWSSignatureVerificationFailed) throw invalid('signature does not match');
      if (error instanceof jose.JWTClaimValidationFailed) throw invalid(`claim ${error.claim} not accepted`);
      if (error instanceof jose.JOSEError) throw invalid('malformed');
      throw error;
    }
  }

  /**
   * Revokes the token a client presents (the `access_token` cookie at sign-out) when it is one this
   * installation issued; anything else (forged, already expired or revoked) is left alone.
   */
  async revokePresented(jwt: string, kind: IssuedTokenKind): Promise<void> {
    if (jwt.length > MAX_TOKEN_LENGTH) return;
    let payload: JWTPayload;
    try {
      payload = await this.verifySignature(jwt);
    } catch {
      return;
    }
    if (payload.knd === kind && typeof payload.jti === 'string' && payload.jti.length <= 64)
      await this.revoke(payload.jti);
  }

  find(id: string): Promise<IssuedToken | undefined> {
    return this.storage.issuedTokens.find(id);
  }

  listByUser(userId: string, kind: IssuedTokenKind): Promise<IssuedToken[]> {
    return this.storage.issuedTokens.listByUser(userId, kind);
  }

  /** Live API keys expiring within `withinMs`. */
  listExpiring(withinMs: number): Promise<IssuedToken[]> {
    const now = this.now();
    return this.storage.issuedTokens.listExpiring('api', now, now + withinMs);
  }

  /** Answers whether a live token was revoked. Other processes see it within `cacheMs`. */
  async revoke(id: string): Promise<boolean> {
    this.forget((token) => token.id === id);
    return this.announced(this.storage.issuedTokens.revoke(id, this.now()));
  }

  /** Revokes every live token of a user (all kinds unless one is named); answers the ids. */
  async revokeUser(userId: string, kind?: IssuedTokenKind): Promise<string[]> {
    this.forget((token) => token.userId === userId && (kind === undefined || token.kind === kind));
    return this.announced(this.storage.issuedTokens.revokeByUser(userId, this.now(), kind));
  }

  async delete(id: string): Promise<boolean> {
    this.forget((token) => token.id === id);
    return this.announced(this.storage.issuedTokens.delete(id));
  }

  /**
   * Forgets this process's checks of a user's tokens, so that the next use reads storage again:
   * after a change to the user (a deactivation revokes their tokens in its own transaction).
   */
  forgetUser(userId: string): void {
    this.forget((token) => token.userId === userId);
  }

  private forget(predicate: (token: IssuedToken) => boolean): void {
    this.checked.deleteWhere((c) => predicate(c.token));
  }

  /** After the storage write: a listener checking again must find the token gone. */
  private async announced<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    this.settings.accessChanges?.changed();
    return result;
  }
}

function invalid(reason: string): CmsError {
  return new CmsError(Errors.TOKEN_INVALID, { reason });
}
