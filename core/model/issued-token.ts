/** What an issued token is for: an API access key, or the `access_token` auto-login cookie. */
export type IssuedTokenKind = 'api' | 'cookie';

/**
 * One issued token (an API access key or an auto-login cookie). Only its id and metadata are
 * stored: the token itself is a JWT signed with the installation's key (never stored in the
 * database), whose `jti` names this row. A database reader cannot make a usable token from it.
 */
export interface IssuedToken {
  id: string;
  userId: string;
  kind: IssuedTokenKind;
  issuedAt: number;
  expiresAt: number;
  /** Not usable before this time; null: from issue. */
  notBefore: number | null;
  /** Set when revoked; a revoked token is refused. */
  revokedAt: number | null;
  /** CIDR the token may be used from; null: anywhere. */
  network: string | null;
  label: string | null;
  /** Who asked for the token (an administrator may issue keys for others). */
  requestingUserId: string;
  requestingIp: string;
}
