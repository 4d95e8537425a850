import {
  DEFAULT_PASSWORD_HASH_COST,
  isValidPasswordHashCost,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from '../../../core/auth/password-hasher.js';
import { PASSWORD_MAX_LENGTH } from '../../../core/auth/password-policy.js';
import { defineProperties } from '../../../core/config/properties.js';

/**
 * The signing key used when `json.web.token.hash.signing.key` is not set: public (it is in the
 * source), so that a first start works; start-up warns, naming the property, while it is in use.
 */
export const PUBLIC_SIGNING_KEY = 'cms-public-default-signing-key-set-json.web.token.hash.signing.key';

/** Passwords, auth schemes, tokens, sessions, sign-in throttling and password hashing. */
export const AUTH_PROPERTIES = defineProperties({
  INITIAL_ADMIN_PASSWORD: {
    group: 'Authentication',
    secret: true,
    defaultText: '(random)',
    description:
      'Password of `admin@cms.com`, used only on the very first start. When unset or empty a random password is generated and written once to the log. Later starts never change it.',
  },
  'auth.password.min.length': {
    type: 'int',
    default: 12,
    min: 8,
    max: PASSWORD_MAX_LENGTH,
    group: 'Authentication',
    description:
      'Fewest characters a password set through the interface may have. Passwords are also refused when they are longer than 256 characters or on the bundled list of the most common passwords. `INITIAL_ADMIN_PASSWORD` is taken as given, with a warning at start when it breaks these rules.',
  },
  'auth.schemes': {
    type: 'list',
    default: ['bearer', 'session', 'access-token', 'basic', 'legacy-header'],
    group: 'Authentication',
    description:
      'Auth schemes to accept, in the order they are tried: `bearer` (`Authorization: Bearer <API key>`, see `/api/v1/apitoken`), `session` (the `JSESSIONID` cookie from `POST /api/v1/authentication`; without it that sign-in answers 403), `basic` (`Authorization: Basic`), `legacy-header` (`CMSAUTH: base64(user:password)`), `access-token` (the auto-login cookie of a sign-in with `rememberMe`; without it none is set), or a scheme a plugin contributes.',
  },
  'auth.token.clock.skew.seconds': {
    type: 'int',
    default: 30,
    min: 0,
    max: 300,
    group: 'Authentication',
    description:
      'Difference between clocks tolerated when checking the `exp`, `nbf` and `iat` of API keys and `access_token` cookies.',
  },
  'auth.token.max.expiration.days': {
    type: 'int',
    default: 3650,
    min: 1,
    group: 'Authentication',
    description: 'Longest lifetime an API key may be created with (`expirationSeconds`, `expirationDays`).',
  },
  'json.web.token.allowhttp': {
    type: 'bool',
    default: false,
    group: 'Authentication',
    description:
      'When `true`, the `access_token` auto-login cookie is set and accepted over plain HTTP. When `false`, only over HTTPS (or behind a proxy saying so, with `http.trust.proxy`). `true` is for testing behind a firewall only.',
  },
  ENABLE_PROXY_TOKEN_REQUESTS: {
    type: 'bool',
    default: true,
    group: 'Authentication',
    description:
      'When `true`, administrators may ask another installation for an API key with `PUT /api/v1/apitoken/remote` (credentials of the remote account in the body), as when setting up a push endpoint. The call keeps the outbound rules: `outbound.http.timeout.ms`, no redirect followed, and private-network addresses only when `push.allowed.addresses` lists them. `false`: the route answers 403.',
  },
  'json.web.token.days.max.age': {
    type: 'int',
    default: 14,
    group: 'Authentication',
    description:
      'Days the `access_token` auto-login cookie is kept by the browser after a sign-in with `rememberMe`. 0 or negative: no auto-login cookie is set.',
  },
  'json.web.token.max.allowed.expiration.days': {
    type: 'int',
    default: 30,
    min: 1,
    group: 'Authentication',
    description:
      "Days after which the token in the `access_token` cookie expires, whatever the cookie's own age; the cookie never outlives it.",
  },
  'json.web.token.hash.signing.key': {
    default: PUBLIC_SIGNING_KEY,
    group: 'Authentication',
    secret: true,
    defaultText: 'a public default key (start-up warns while it is in use)',
    description:
      'Key every API key and `access_token` cookie is signed with (HS256). Set a unique random value of at least 32 characters per installation: anyone who knows it can sign tokens. It is never stored in the database. Changing it ends every token issued.',
  },
  'json.web.token.signing.key.factory': {
    default: 'com.dotcms.auth.providers.jwt.factories.impl.SecretKeySpecFactoryImpl',
    group: 'Authentication',
    description:
      'Name of the signing-key factory plugin that turns `json.web.token.hash.signing.key` into the HMAC key. A name no loaded plugin contributes stops start-up.',
  },
  'auth.session.timeout.minutes': {
    type: 'int',
    default: 30,
    min: 1,
    group: 'Authentication',
    description: 'Idle time after which a session ends.',
  },
  'auth.session.cache.seconds': {
    type: 'int',
    default: 5,
    min: 0,
    group: 'Authentication',
    description:
      'How long a process trusts a session it has checked without reading storage again. A sign-out in another process takes effect within this time.',
  },
  'auth.session.max.per.user': {
    type: 'int',
    default: 20,
    min: 1,
    group: 'Authentication',
    description: "Live sessions one user may hold; a sign-in past it ends that user's oldest session.",
  },
  'auth.basic.session': {
    type: 'bool',
    default: false,
    group: 'Authentication',
    description:
      "When `true`, a request signed in with Basic credentials that held no live session cookie is answered with the cookie of a new session (`JSESSIONID`, needs `session` in `auth.schemes`), as the original's Basic sign-in leaves a session later requests may use. `false` (the default): Basic stays stateless, because a script that does not keep cookies would otherwise open a session per call, ending the user's own browser sessions past `auth.session.max.per.user`.",
  },
  'auth.unauthorized.body': {
    type: 'oneOf',
    values: ['envelope', 'text'],
    default: 'envelope',
    group: 'Authentication',
    description:
      "How a 401 is answered. `envelope` (the default): JSON, the usual error envelope, whose `message` starts with `Invalid User` and whose `errors[0].errorCode` names the reason (`AUTH_INVALID_USER`, `TOKEN_EXPIRED`, `TOKEN_REVOKED`…). `text`: the message alone as `text/plain`, as the original's security refusal answers it (`Invalid User…`); the reason code is then not in the answer.",
  },
  'auth.session.sweep.seconds': {
    type: 'int',
    default: 600,
    min: 1,
    group: 'Authentication',
    description:
      'How often expired sessions, and the token rows of expired auto-login cookies, are removed from storage.',
  },
  'auth.credential.cache.seconds': {
    type: 'int',
    default: 60,
    min: 0,
    group: 'Authentication',
    description:
      'How long a verified e-mail/password pair (Basic, CMSAUTH) is trusted without hashing again. The cache key is an HMAC with a per-process secret; no password is kept.',
  },
  'auth.login.max.failures': {
    type: 'int',
    default: 5,
    min: 1,
    group: 'Authentication',
    description:
      'Failed sign-ins for one account from one client address, within the window, before that address is held back for that account (429 with `Retry-After`). Counted per process, as are the two below.',
  },
  'auth.login.address.max.failures': {
    type: 'int',
    default: 20,
    min: 1,
    group: 'Authentication',
    description:
      'Failed sign-ins from one client address (IPv6: one /64), whatever accounts it tried, before the address is held back. Raise it when many users share one address (a company network behind one gateway).',
  },
  'auth.login.account.max.failures': {
    type: 'int',
    default: 20,
    min: 1,
    group: 'Authentication',
    description:
      'Failed sign-ins for one account from all addresses together before the account is held back for every address that has failed. An address with no failures in the window, or one that signed in within the last day, still signs in with the correct password.',
  },
  'auth.login.window.seconds': {
    type: 'int',
    default: 900,
    min: 1,
    group: 'Authentication',
    description: 'Window in which failures are counted.',
  },
  'auth.login.lock.seconds': {
    type: 'int',
    default: 30,
    min: 1,
    group: 'Authentication',
    description: 'First hold-back; it doubles with each further failure.',
  },
  'auth.login.lock.max.seconds': {
    type: 'int',
    default: 900,
    min: 1,
    group: 'Authentication',
    description: 'Longest hold-back.',
  },
  'auth.hash.concurrency': {
    type: 'int',
    default: 2,
    min: 1,
    group: 'Authentication',
    description:
      'Password hashes (sign-ins, new passwords) computed at once. Each takes about 50 ms of one core and 16 MiB. With two or more, one is kept for sign-ins from addresses that signed in within the last day, so that a flood of made-up names never makes them wait.',
  },
  'auth.hash.queue.size': {
    type: 'int',
    default: 8,
    min: 0,
    group: 'Authentication',
    description:
      'Password hashes waiting for a turn at most; more are refused at once with 503 and `Retry-After` (`AUTH_BUSY`). It bounds how long an admitted sign-in waits. Waiting sign-ins go by the standing of their address: signed in within the last day first, then unknown, then failed; when the queue is full, one of a better standing takes the place of the last of a worse one.',
  },
  'auth.password.hash.cost': {
    type: 'int',
    default: DEFAULT_PASSWORD_HASH_COST,
    min: MIN_PASSWORD_HASH_COST,
    max: MAX_PASSWORD_HASH_COST,
    group: 'Authentication',
    validate: (value) =>
      isValidPasswordHashCost(Number(value)) ? undefined : 'must be a power of two (1024, 2048, 4096, … 65536)',
    description:
      'scrypt cost (N) of the hashes made for new passwords (and of the decoy hash an unknown account is checked against): the time and memory of each hash grow with it, about 50 ms of one core and 16 MiB at the default. Stored hashes keep the cost they were made with and go on verifying; a password gets the new cost when it is next set.',
  },
});
