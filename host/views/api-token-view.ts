import { Type, type Static } from '@sinclair/typebox';
import type { IssuedToken } from '../../core/model/issued-token.js';
import { EpochMillis, Nullable } from './schema-parts.js';

const NullableMillis = Nullable(EpochMillis);

/** `apiTokenView`'s shape, for the OpenAPI document. */
export const ApiTokenSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  requestingUserId: Type.String(),
  requestingIp: Type.String(),
  issueDate: EpochMillis,
  modificationDate: EpochMillis,
  expiresDate: EpochMillis,
  notBeforeDate: NullableMillis,
  revokedDate: NullableMillis,
  allowNetwork: Nullable(Type.String()),
  claims: Type.Object({ label: Type.Optional(Type.String()) }),
  tokenType: Type.Literal('API_TOKEN'),
  revoked: Type.Boolean(),
  expired: Type.Boolean(),
  valid: Type.Boolean(),
});

/**
 * An API key's metadata as the original's `ApiToken` answers it. Never the key: it is shown once,
 * in the answer to its creation (`jwt`), and is not stored.
 */
export function apiTokenView(token: IssuedToken, now: number = Date.now()): Static<typeof ApiTokenSchema> {
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
