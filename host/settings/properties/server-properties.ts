import { defineProperties } from '../../../core/config/properties.js';

/**
 * How the service runs: how properties are checked, what it listens on, where the back office is,
 * how it stops and logs, which plugins it loads, and which contributions stand in for the parts the
 * original names by class.
 */
export const SERVER_PROPERTIES = defineProperties({
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
  'encryptor.implementation': {
    default: 'com.dotcms.util.security.EncryptorFactory.EncryptorImpl',
    group: 'Plugins',
    description:
      "Name of the encryptor that seals stored secrets (secret parameters of workflow sub-actions, push-publishing endpoint tokens, what plugins seal). The default is AES-256-GCM with the installation's key (`secrets.key` in the data directory). Values are stored in the chosen encryptor's format: set it before secrets are stored, or enter them again after a change. A name no loaded plugin contributes stops start-up.",
  },
  'marshal.implementation': {
    default: 'com.dotcms.util.marshal.MarshalFactory.GsonMarshalUtils',
    group: 'Plugins',
    description:
      'Name of the marshal that writes system events as JSON, both the frames of `/api/ws/v1/system/events` and the journal other processes read (and reads that journal back). The default is `JSON`. All processes sharing a database must name the same one. A name no loaded plugin contributes stops start-up.',
  },
  'gson.configurator': {
    default: 'com.dotcms.util.marshal.DefaultGsonConfigurator',
    group: 'Plugins',
    description:
      'Name of the configurator the marshal applies (a replacer when writing, a reviver when reading). The default changes nothing. A name no loaded plugin contributes stops start-up.',
  },
  'storage.driver': {
    default: 'sqlite',
    group: 'Storage',
    description:
      '`sqlite` (embedded, nothing to install) or `mysql` (MySQL or MariaDB), or the name of a storage driver a plugin contributes.',
  },
});
