import type { IssuedToken } from '../../core/model/issued-token.js';

/**
 * An API key's metadata as the original's `ApiToken` answers it. Never the key: it is shown once,
 * in the answer to its creation (`jwt`), and is not stored.
 */
export function apiTokenView(token: IssuedToken, now: number = Date.now()) {
  const revoked = token.revokedAt !== null;
  const expired = token.expiresAt <= now;
  return {
    id: token.id,
    userId: token.userId,
    requestingUserId: token.requestingUserId,
    requestingIp: token.requestingIp,
    issueDate: token.issuedAt,
    modificationDate: token.revokedAt ?? token.issuedAt,
    expiresDate: token.expiresAt,
    notBeforeDate: token.notBefore,
    revokedDate: token.revokedAt,
    allowNetwork: token.network,
    claims: token.label === null ? {} : { label: token.label },
    tokenType: 'API_TOKEN',
    revoked,
    expired,
    valid: !revoked && !expired,
  };
}
