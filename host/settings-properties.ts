import {
  DEFAULT_PASSWORD_HASH_COST,
  isValidPasswordHashCost,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from '../core/auth/password-hasher.js';
import { PASSWORD_MAX_LENGTH } from '../core/auth/password-policy.js';
import { defineProperties } from '../core/config/properties.js';
import { AddressAllowList } from './outbound/address-allow-list.js';
import { WEBSOCKET_PROPERTIES } from './websocket/websocket-properties.js';

/**
 * The signing key used when `json.web.token.hash.signing.key` is not set: public (it is in the
 * source), so that a first start works; start-up warns, naming the property, while it is in use.
 */
export const PUBLIC_SIGNING_KEY = 'cms-public-default-signing-key-set-json.web.token.hash.signing.key';

/** The host's own configuration properties: what it listens on, logs, and which plugins it resolves. */
export const HOST_PROPERTIES = defineProperties({
  'config.strict': {
    type: 'bool',
    default: true,
    group: 'Configuration',
    description:
      'An unknown property under a prefix the service or a loaded plugin uses (`storage.drivr`), an unknown `CMS_` variable under one (`CMS_STORAGE_DRIVR`), or a near miss of a declared name whatever its prefix (`plugin`), stops start-up, naming where it was set and the name it probably meant. `false` logs a warning instead.',
  },
  'http.port': {
    type: 'int',
    default: 8080,
    min: 0,
    max: 65535,
    group: 'HTTP',
    description: 'Port to listen on; `0` picks a free one.',
  },
  'http.host': { default: '0.0.0.0', group: 'HTTP', description: 'Address to listen on.' },
  'http.max.body.bytes': {
    type: 'int',
    default: 10 * 1024 * 1024,
    min: 1,
    group: 'HTTP',
    defaultText: '`10485760` (10 MiB)',
    description: 'Largest request body accepted. Larger bodies get 413 and the connection is closed.',
  },
  'http.max.inflight.body.bytes': {
    type: 'int',
    default: 128 * 1024 * 1024,
    min: 1,
    group: 'HTTP',
    defaultText: '`134217728` (128 MiB)',
    description:
      'Request bodies held in memory at once, all requests together. A body is counted from its `Content-Length` when the service starts reading it (after the caller is known); one that does not fit gets 503 with `Retry-After`.',
  },
  'http.max.upload.bytes': {
    type: 'int',
    default: 1024 * 1024 * 1024,
    min: 1,
    group: 'HTTP',
    defaultText: '`1073741824` (1 GiB)',
    description:
      'Largest request body accepted by a route that streams its body to disk (multipart uploads: workflow fires, content saves), and so the largest file of such a body. Files are written to temporary files under `<data dir>/tmp/uploads` (a directory per process) as they arrive, not held in memory, so they do not count against `http.max.inflight.body.bytes`; a larger body gets 413 and the connection is closed.',
  },
  'http.max.upload.parts': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'HTTP',
    description: 'Most parts (fields and files) of one multipart body; more gets 400 and nothing of the body is kept.',
  },
  'http.max.upload.files': {
    type: 'int',
    default: 100,
    min: 1,
    group: 'HTTP',
    description: 'Most file parts of one multipart body; more gets 400 and nothing of the body is kept.',
  },
  'http.max.upload.field.bytes': {
    type: 'int',
    default: 1024 * 1024,
    min: 1,
    group: 'HTTP',
    defaultText: '`1048576` (1 MiB)',
    description:
      'Largest text part (not a file) of one multipart body, such as the `json` part of a workflow fire; these are held in memory, all of them together at most `http.max.body.bytes`. A larger one gets 413 and nothing of the body is kept.',
  },
  'http.max.connections': {
    type: 'int',
    default: 1024,
    min: 1,
    group: 'HTTP',
    description:
      'Requests in progress at once, each holding its connection (idle keep-alive connections hold no request and close after 10 s). Past it, new requests get 503 with `Retry-After` and their connection is closed.',
  },
  'http.max.url.bytes': {
    type: 'int',
    default: 8192,
    min: 256,
    group: 'HTTP',
    description: 'Longest path and query accepted; longer gets 414.',
  },
  'http.max.header.bytes': {
    type: 'int',
    default: 16384,
    min: 1024,
    group: 'HTTP',
    description: 'Largest total of header names and values accepted; larger gets 431.',
  },
  'http.trust.proxy': {
    type: 'bool',
    default: false,
    group: 'HTTP',
    description:
      'Trust `X-Forwarded-Proto` and `X-Forwarded-For` from a reverse proxy (for Secure cookies and client addresses). Enable only behind a proxy that sets them.',
  },
  'http.reuse.port': {
    type: 'bool',
    default: false,
    group: 'HTTP',
    description:
      'Let several processes listen on the same port (the kernel spreads connections between them). Off, a port already in use stops start-up with `address already in use`.',
  },
  'http.hsts': {
    type: 'bool',
    default: false,
    group: 'HTTP',
    description:
      'Send `Strict-Transport-Security` (one year, subdomains included): browsers then use only HTTPS for this host. Turn it on only when the service is reached over HTTPS.',
  },
  'http.openapi.public': {
    type: 'bool',
    default: true,
    group: 'HTTP',
    description:
      'Anyone may read the OpenAPI document (`GET /api/openapi.json`) and its browsable page (`/api/docs`): it describes the interface, never data. `false` asks for a signed-in user (any auth scheme) for both.',
  },
  'http.cors.origins': {
    type: 'list',
    default: [],
    group: 'HTTP',
    description:
      'Origins of other sites (`https://app.example.com`) whose pages may send state-changing requests. Any other site is refused with 403 before anything runs; clients that are not browsers are not affected.',
  },
  'http.cors.credentials': {
    type: 'bool',
    default: false,
    group: 'HTTP',
    description:
      "Let the pages of `http.cors.origins` send the browser's credentials (cookies, Basic) and read the answers.",
  },
  'http.cors.max.age': {
    type: 'int',
    default: 600,
    min: 0,
    max: 86400,
    group: 'HTTP',
    description: 'Seconds a browser may remember a preflight answer.',
  },
  'admin.dir': {
    default: '',
    group: 'HTTP',
    defaultText: '`dist/admin` of the installed package',
    description:
      'Folder of the built back office, served under `/admin/` (`npm run build` writes it). Its files are read once, at the first request for them, and kept in memory with their compressed forms: restart the service after replacing them.',
  },
  'shutdown.timeout.seconds': {
    type: 'int',
    default: 10,
    min: 0,
    group: 'HTTP',
    description: 'On SIGTERM/SIGINT, how long in-flight requests may take to finish.',
  },
  'log.level': {
    type: 'oneOf',
    values: ['debug', 'info', 'warn', 'error', 'silent'],
    default: 'info',
    group: 'HTTP',
    description:
      '`debug`, `info`, `warn`, `error` or `silent`. Logs are JSON lines on standard output; one line per request.',
  },
  plugins: {
    type: 'list',
    default: [],
    group: 'Plugins',
    description:
      'Extra plugin modules, comma-separated: a path (absolute, or relative to the working directory, starting with `.`) or a package name. See `docs/plugins.md`.',
  },
  'storage.driver': {
    default: 'sqlite',
    group: 'Storage',
    description:
      '`sqlite` (embedded, nothing to install) or `mysql` (MySQL or MariaDB), or the name of a storage driver a plugin contributes.',
  },
  'search.driver': {
    default: 'embedded',
    group: 'Search',
    description:
      '`embedded` (an SQLite FTS5 index under the data directory, nothing to install), `elasticsearch` (Elasticsearch 8/9 or OpenSearch 2, `search.elasticsearch.*`; see `docs/search.md`), or the name of a search driver a plugin contributes. A name no loaded plugin provides stops start-up, listing those available.',
  },
  'search.max.result.window': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 1_000_000,
    group: 'Search',
    description:
      "The largest `from + size` (the content search's `offset + limit`) a search answers, as Elasticsearch's `index.max_result_window`; beyond it a search is refused (400, `SEARCH_RESULT_WINDOW_TOO_LARGE`). The `elasticsearch` driver creates its indices with this setting.",
  },
  'search.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 3_600_000,
    group: 'Search',
    description:
      "How long one search may take (the `embedded` driver counts from when a search thread takes it); past it the search is abandoned and refused (503, `SEARCH_TIMED_OUT`). The `elasticsearch` driver sends it as the request's `timeout` and closes the request at that time.",
  },
  'search.index.policy': {
    type: 'oneOf',
    default: 'DEFER',
    values: ['DEFER', 'WAIT_FOR', 'FORCE'],
    group: 'Search',
    description:
      "How long a change waits for the search index when the request does not say (`indexPolicy`): `DEFER` indexes it in a batch just after the answer (the original's default), `WAIT_FOR` answers once it is searchable, `FORCE` the same with an immediate refresh.",
  },
  'search.index.defer.ms': {
    type: 'int',
    default: 50,
    min: 0,
    max: 60_000,
    group: 'Search',
    description: 'How long deferred changes wait for others to be indexed with them in one batch.',
  },
  'search.index.batch.size': {
    type: 'int',
    default: 500,
    min: 1,
    max: 10_000,
    group: 'Search',
    description: 'Items read from storage and written to the index per batch (indexing and reindexing).',
  },
  'search.index.workers': {
    type: 'int',
    default: 1,
    min: 0,
    max: 16,
    group: 'Search',
    description:
      'Worker threads that build and write search documents, each with its own connections to storage and the index, so that indexing takes no time from requests. `0`: in the thread that answers requests. Plugins are loaded in each worker too.',
  },
  'analytics.workers': {
    type: 'int',
    default: 0,
    min: 0,
    max: 64,
    group: 'Analytics',
    defaultText: '`0` (one per CPU; one on SQLite)',
    description:
      'Worker threads that parse, check and store analytics ingest batches, each with its own storage connection; the thread answering requests never parses a batch. `0`: one per CPU, except on SQLite, whose file takes one writer at a time: there more workers only wait for each other.',
  },
  'analytics.workers.nice': {
    type: 'int',
    default: 10,
    min: 0,
    max: 19,
    group: 'Analytics',
    description:
      'Nice levels the ingest workers run below the thread that answers requests (Linux, where each thread has its own priority; elsewhere ignored). When the CPU is short, requests go first and batches wait (or get 503); `0`: the same priority, as fast as the CPU allows.',
  },
  'analytics.queue.size': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'Analytics',
    description:
      'Ingest batches that may wait for a worker, beyond the 16 each worker takes at a time. When that many wait, a batch is answered 503 with `Retry-After` instead of growing the queue without limit.',
  },
  'analytics.max.batch.events': {
    type: 'int',
    default: 500,
    min: 1,
    max: 10_000,
    group: 'Analytics',
    description: 'Events one ingest batch may hold; a larger batch is refused whole (413).',
  },
  'analytics.retention.days': {
    type: 'int',
    default: 0,
    min: 0,
    max: 36_500,
    group: 'Analytics',
    description:
      'Events received more than this many days ago are deleted by the retention sweep, of every site, a thousand at a time so that ingest goes on meanwhile. `0`: events are kept forever.',
  },
  'analytics.retention.sweep.seconds': {
    type: 'int',
    default: 86_400,
    min: 1,
    group: 'Analytics',
    description:
      'How often the retention sweep runs (daily by default); the first sweep comes a minute after start, or sooner when this is shorter. Only with `analytics.retention.days` above 0.',
  },
  'search.index.repair.seconds': {
    type: 'int',
    default: 30,
    min: 0,
    group: 'Search',
    description:
      'How often queued changes that were not indexed (a crash, an index that was unavailable) are indexed again; also done at start. `0`: only at start.',
  },
  'assets.driver': {
    default: 'local',
    group: 'Uploads',
    description:
      'Where uploaded files (Binary field values) are stored: `local` (files under the data directory), or the name of an asset store a plugin contributes.',
  },
  'assets.sweep.seconds': {
    type: 'int',
    default: 3600,
    min: 0,
    group: 'Uploads',
    description:
      'How often files that no content references any more (their items, languages or content types deleted, or their save cut short by a crash) are deleted from the asset store; `0` turns the sweep off. Each process sweeps on its own; deleting a file twice is harmless. A store that cannot list its files is never swept.',
  },
  'assets.sweep.grace.seconds': {
    type: 'int',
    default: 3600,
    min: 60,
    group: 'Uploads',
    description:
      'Files written more recently than this are never swept, referenced or not, so that a file whose save is still in flight is never taken. Keep it well above the longest save and any clock difference between the processes and the asset store.',
  },
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
  'marshal.implementation': {
    default: 'com.dotcms.util.marshal.MarshalFactory.GsonMarshalUtils',
    group: 'Authentication',
    description:
      "Name of the marshal plugin that writes tokens' JSON. The default is the built-in JSON writer. A name no loaded plugin contributes stops start-up.",
  },
  'gson.configurator': {
    default: 'com.dotcms.util.marshal.DefaultGsonConfigurator',
    group: 'Authentication',
    description:
      'Name of the JSON-configurator plugin of the marshal implementation. The default is the built-in configuration. A name no loaded plugin contributes stops start-up.',
  },
  'encryptor.implementation': {
    default: 'com.dotcms.util.security.EncryptorFactory.EncryptorImpl',
    group: 'Authentication',
    description:
      'Name of the encryptor plugin (digests of secrets). The default is the built-in SHA-256 one. A name no loaded plugin contributes stops start-up.',
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
  CONTENT_APIS_ALLOW_ANONYMOUS: {
    type: 'oneOf',
    values: ['NONE', 'READ', 'WRITE'],
    default: 'NONE',
    group: 'Content access',
    description:
      '`NONE`, `READ` or `WRITE`: what anonymous callers may do through the content interfaces. With `NONE` they get 401; with `READ` (or `WRITE`) they read live versions only.',
  },
  REST_API_REJECT_WITH_NO_USER: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `false` (and the previous setting allows it) the legacy content interface accepts anonymous writes.',
  },
  'legacy.content.max.values': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'Content access',
    description:
      'Most values one legacy content save (`/api/content/save/1` and the like) may send: each member counts, each value of a key sent more than once, each element of an XML body, each member and item of a JSON body at any depth, each text part of a multipart body. A content type has at most a few hundred fields. More gets 413 (`LEGACY_BODY_TOO_MANY_VALUES`), found in one scan before anything is built from the body.',
  },
  'legacy.content.worker.bytes': {
    type: 'int',
    default: 64 * 1024,
    min: 0,
    group: 'Content access',
    defaultText: '`65536` (64 KiB)',
    description:
      'Legacy content save bodies (and `json`, `xml` or `urlencoded` parts) larger than this are read on a worker thread, one for the process, started by the first such body and ended after a minute without one, so that reading them keeps no other request waiting (a body of 10 MiB of XML takes about a second and a half). Smaller ones are read where they arrive.',
  },
  ENABLE_NAV_PERMISSION_CHECK: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true` (also read as `ENABLE_NAV_PERMISSION`) the navigation interface returns only items the caller may view (READ on each folder, page, file and menu link), as every other read does. `false` gives every caller who may read the site the whole tree, as the original does by default: titles and paths of pages the caller may not read included.',
  },
  DEFAULT_FILE_TO_DEFAULT_LANGUAGE: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true`, a file served by its path or its `/dA/` URL that has no live version in the language asked for (`language_id`) is served in the default language instead of answering 404; navigation trees list such a file in the default language.',
  },
  DEFAULT_PAGE_TO_DEFAULT_LANGUAGE: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true`, a navigation tree lists a page that has no live version in the language asked for in the default language instead of leaving it out.',
  },
  'mail.transport': {
    default: 'outbox',
    group: 'Mail',
    description:
      '`outbox` writes each message as an `.eml` file in the data directory (nothing leaves the machine); `smtp` sends through a server; or a transport a plugin contributes.',
  },
  'jobs.dispatch': {
    type: 'bool',
    default: true,
    group: 'Jobs',
    description:
      'Whether this process runs durable jobs (mail and other side effects written by workflow actions). `false` leaves them to the other processes sharing the database; they are still written.',
  },
  'jobs.poll.ms': {
    type: 'int',
    default: 1000,
    min: 10,
    max: 3_600_000,
    group: 'Jobs',
    description:
      'How often the database is asked for due jobs. Jobs written by this process run at once after their commit; this bounds the wait for retries and for jobs written by other processes.',
  },
  'jobs.concurrency': {
    type: 'int',
    default: 4,
    min: 1,
    max: 256,
    group: 'Jobs',
    description: 'Jobs one process runs at once.',
  },
  'jobs.max.attempts': {
    type: 'int',
    default: 8,
    min: 1,
    max: 100,
    group: 'Jobs',
    description:
      'Runs of a job before it is dead (kept for an administrator to retry or drop). Applies to jobs written from then on.',
  },
  'jobs.backoff.base.ms': {
    type: 'int',
    default: 2000,
    min: 1,
    max: 3_600_000,
    group: 'Jobs',
    description:
      'The wait after a first failed run; it doubles with each further failure (half of it random, so jobs failing together spread out).',
  },
  'jobs.backoff.max.ms': {
    type: 'int',
    default: 3_600_000,
    min: 1,
    max: 86_400_000,
    group: 'Jobs',
    description: 'The longest wait between two runs of a failing job.',
  },
  'jobs.lease.seconds': {
    type: 'int',
    default: 60,
    min: 2,
    max: 3600,
    group: 'Jobs',
    description:
      'How long a process holds a job it claimed; renewed while the job runs. A process that dies holding jobs leaves them to be run again by another process (or itself, restarted) after this long.',
  },
  'jobs.timeout.seconds': {
    type: 'int',
    default: 30,
    min: 1,
    max: 3600,
    group: 'Jobs',
    description: 'How long one run of a job may take before it is aborted and counted as a failed attempt.',
  },
  'jobs.retention.days': {
    type: 'int',
    default: 7,
    min: 0,
    max: 3650,
    group: 'Jobs',
    description: 'How long done jobs are kept (listed over REST) before they are purged; `0` keeps them.',
  },
  'push.receiver.key.hash': {
    default: '',
    secret: true,
    group: 'Push publishing',
    description:
      'Hex SHA-256 of the key other instances present (`Authorization: Bearer <key>`) to push bundles to `/api/bundlePublisher/publish`. Empty: this instance accepts no bundles. Store the hash, never the key.',
  },
  'push.max.bundle.bytes': {
    type: 'int',
    default: 10 * 1024 * 1024,
    min: 1024,
    group: 'Push publishing',
    defaultText: '`10485760` (10 MiB)',
    description:
      "Largest bundle this instance sends (an item's versions with their binaries, as JSON). The receiver must accept bodies this large (`http.max.body.bytes`).",
  },
  'push.timeout.seconds': {
    type: 'int',
    default: 30,
    min: 1,
    max: 600,
    group: 'Push publishing',
    description: "How long sending a bundle may take: connecting, the answer's headers, and its body each.",
  },
  'push.allowed.addresses': {
    type: 'list',
    default: [],
    group: 'Push publishing',
    validate: (value) => allowListProblem(value),
    description:
      'Private-network addresses pushes may reach: IP addresses and ranges (`10.0.0.5, 10.20.0.0/16, fd00::/8`), for receivers on an internal network. Empty: an endpoint must be a public address, as for Link Checker; loopback, RFC 1918, link-local (`169.254.169.254`), unique-local and IPv6 forms embedding an IPv4 address are refused, on the address connected to, and an endpoint saved with such an address is a 400. A name must resolve only to public or listed addresses (`localhost` needs both `127.0.0.1` and `::1`).',
  },
  'outbound.http.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 600_000,
    group: 'Workflow',
    description:
      'Timeout of each outbound call a plugin makes (actionlets, translation providers): connecting, waiting for the headers, each pause in the body.',
  },
  'outbound.http.max.response.bytes': {
    type: 'int',
    default: 1_048_576,
    min: 1,
    max: 104_857_600,
    group: 'Workflow',
    description: 'Largest answer body a plugin reads from another server; a larger one fails the call.',
  },
  'translation.provider': {
    default: 'google',
    group: 'Workflow',
    description:
      'The translation provider Translate Content calls: the name of one a loaded plugin contributes (`google`, built in).',
  },
  'mail.from': {
    default: 'cms@localhost',
    group: 'Mail',
    description: 'Sender of workflow mail when an actionlet names none.',
  },
  'mail.attachments.max.bytes': {
    type: 'int',
    default: 10_485_760,
    min: 0,
    group: 'Mail',
    description:
      'Most bytes of attachments one message carries; an attachment that would exceed it is left out, with a warning in the log, and the message is sent without it.',
  },
  ...WEBSOCKET_PROPERTIES,
});

/** Why a list of addresses is not acceptable, if it is not. */
function allowListProblem(value: string): string | undefined {
  try {
    AddressAllowList.parse(
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
