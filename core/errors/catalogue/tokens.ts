import { defineErrors } from '../error-entry.js';

/** API access keys and the `access_token` auto-login cookie. */
export const tokenErrors = defineErrors('tokens', {
  TOKEN_INVALID: {
    kind: 'unauthenticated',
    message: 'Invalid token: {reason}',
    meaning:
      'The bearer token or `access_token` cookie is not a token this installation issued: malformed, signed with another key or algorithm, or with altered claims.',
  },
  TOKEN_EXPIRED: {
    kind: 'unauthenticated',
    message: 'The token has expired',
    meaning: 'The token was valid once; its expiry has passed. Create a new one.',
  },
  TOKEN_NOT_YET_VALID: {
    kind: 'unauthenticated',
    message: 'The token is not valid yet',
    meaning: 'The token names a start of validity still in the future.',
  },
  TOKEN_REVOKED: {
    kind: 'unauthenticated',
    message: 'The token has been revoked',
    meaning:
      'The token was revoked or deleted, its user signed out, changed password or was deactivated; other processes see it within `auth.session.cache.seconds`.',
  },
  TOKEN_NETWORK_REFUSED: {
    kind: 'unauthenticated',
    message: 'The token may not be used from this address',
    meaning: "The caller's address (`http.trust.proxy` applied) is outside the network the key was created for.",
  },
  TOKEN_NETWORK_INVALID: {
    kind: 'invalid',
    message: '"{network}" is not a network in CIDR notation (e.g. 192.168.0.0/16, 2001:db8::/32)',
    meaning: 'The `network` of a new API key must be an IPv4 or IPv6 CIDR range.',
  },
  TOKEN_EXPIRATION_INVALID: {
    kind: 'invalid',
    message: 'The expiration must be between 1 second and {maxDays} days',
    meaning: 'A new API key needs a positive lifetime no longer than the limit.',
  },
  TOKEN_NOT_FOUND: {
    kind: 'not_found',
    message: 'Token {id} not found',
    meaning: 'No API key has this id, or it belongs to another user and the caller is not an administrator.',
  },
  TOKEN_FORBIDDEN: {
    kind: 'forbidden',
    message: 'Only administrators may manage the API keys of other users',
    meaning: 'A user may create, list and revoke keys for themselves only.',
  },
  TOKEN_NOT_VALID: {
    kind: 'invalid',
    message: 'token not valid',
    meaning: 'The key asked for again (`GET /api/v1/apitoken/{id}/jwt`) is expired or revoked.',
  },
  TOKEN_SHOULD_BE_ADMIN: {
    kind: 'forbidden',
    message: 'User should be Admin',
    meaning: 'A key asked for with `shouldBeAdmin` would belong to a user who is not an administrator.',
  },
  TOKEN_REMOTE_DISABLED: {
    kind: 'forbidden',
    message: 'ENABLE_PROXY_TOKEN_REQUESTS should be true',
    meaning: '`PUT /api/v1/apitoken/remote` is turned off by `ENABLE_PROXY_TOKEN_REQUESTS`.',
  },
  TOKEN_REMOTE_UNREACHABLE: {
    kind: 'not_found',
    message: 'Invalid server URL: {url}',
    meaning:
      'The remote installation could not be reached (no such host, refused, timed out), as the original answers it.',
  },
  TOKEN_REMOTE_ADDRESS_REFUSED: {
    // Not found, as the original answers a server it cannot call: the call is not made either way.
    kind: 'not_found',
    message:
      'The remote server {host} is on a private network: push.allowed.addresses lists the private addresses that may be called',
    meaning:
      'The remote installation resolves to a private-network address (loopback, RFC 1918, link-local…) that `push.allowed.addresses` does not list.',
  },
});
