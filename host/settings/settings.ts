import type { AuthSettings } from '../../core/auth/auth-service.js';
import type { HashQueueOptions } from '../../core/auth/hash-queue.js';
import type { Config } from '../../core/config/config.js';
import { readProperties } from '../../core/config/properties.js';
import type { SearchLimits } from '../../core/plugin/search-limits.js';
import type { IndexPolicy } from '../../core/search/index-policy.js';
import type { HttpLimits } from '../http/http-limits.js';
import type { MultipartLimits } from '../http/multipart-form.js';
import type { LegacyBodyLimits } from '../legacy-content/legacy-body-reader.js';
import type { LogLevel } from '../logger.js';
import { AddressAllowList } from '../outbound/address-allow-list.js';
import { HOST_PROPERTIES } from './settings-properties.js';
import { readWebSocketSettings, type WebSocketSettings } from '../websocket/websocket-settings.js';

/** Host-level settings, read and checked once at start from their declarations (`HOST_PROPERTIES`). */
/** Durable jobs (see `core/jobs/`). */
export interface JobSettings {
  dispatch: boolean;
  pollMs: number;
  concurrency: number;
  maxAttempts: number;
  backOff: { baseMs: number; maxMs: number };
  leaseMs: number;
  timeoutMs: number;
  retentionDays: number;
}

/** Push publishing (see `core/publishing/`). */
export interface PushSettings {
  receiverKeyHash: string;
  maxBundleBytes: number;
  timeoutMs: number;
  /** The private-network addresses pushes may reach (`push.allowed.addresses`). */
  allowedAddresses: AddressAllowList;
}

export interface HostSettings {
  host: string;
  port: number;
  limits: HttpLimits;
  /** What one multipart body streamed to disk may hold (`http.max.upload.*`). */
  uploadLimits: MultipartLimits;
  trustProxy: boolean;
  reusePort: boolean;
  hsts: boolean;
  /** `http.openapi.public`: the OpenAPI document and its page need no credentials. */
  openApiPublic: boolean;
  corsOrigins: string[];
  corsCredentials: boolean;
  corsMaxAge: number;
  /** The built back office (`admin.dir`); empty: the package's own `dist/admin`. */
  backOfficeDir: string;
  sessionSweepMs: number;
  shutdownTimeoutMs: number;
  logLevel: LogLevel;
  plugins: string[];
  storageDriver: string;
  searchDriver: string;
  /** What one search may cost: `search.max.result.window`, `search.timeout.ms`. */
  searchLimits: SearchLimits;
  searchIndex: { policy: IndexPolicy; deferMs: number; batchSize: number; repairMs: number; workers: number };
  analytics: {
    workers: number;
    /** How many nice levels the ingest workers run below the answering thread. */
    workerNice: number;
    queueSize: number;
    maxBatchEvents: number;
    /** 0: events are kept forever. */
    retentionDays: number;
    retentionSweepMs: number;
  };
  authSchemes: string[];
  auth: AuthSettings;
  /** `auth.basic.session`: a Basic sign-in leaves a session, as the original's does. */
  basicSession: boolean;
  /** `auth.unauthorized.body=text`: a 401 is plain text, as the original answers it. */
  unauthorizedAsText: boolean;
  tokens: {
    /** Never logged. */
    signingKey: string;
    signingKeyFactory: string;
    /** The names of the marshal, its JSON configurator and the encryptor: plugin contributions. */
    marshalImplementation: string;
    gsonConfigurator: string;
    encryptorImplementation: string;
    clockSkewSeconds: number;
    maxExpirationDays: number;
    /** 0 or less: no auto-login cookie. */
    cookieMaxAgeDays: number;
    cookieExpirationDays: number;
    allowHttp: boolean;
    /** `ENABLE_PROXY_TOKEN_REQUESTS`: administrators may ask another installation for an API key. */
    remoteRequests: boolean;
    /** Timeout of each outbound call (`outbound.http.timeout.ms`), for the remote request. */
    outboundTimeoutMs: number;
  };
  passwordHashing: HashQueueOptions;
  initialAdminPassword: string | undefined;
  passwordMinLength: number;
  anonymousContentAccess: 'NONE' | 'READ' | 'WRITE';
  rejectWithNoUser: boolean;
  /** What one legacy content save body may hold, and which are read on a worker (`legacy.content.*`). */
  legacyBodies: LegacyBodyLimits;
  navPermissionCheck: boolean;
  /** `content.answers.cache.*`: the bounds of each process's kept content answers. */
  contentAnswerCache: { maxEntries: number; maxBytes: number };
  /** `DEFAULT_FILE_TO_DEFAULT_LANGUAGE`: files served by path fall through to the default language. */
  defaultFileToDefaultLanguage: boolean;
  /** `DEFAULT_PAGE_TO_DEFAULT_LANGUAGE`: navigation lists a page missing in the language asked for in the default one. */
  defaultPageToDefaultLanguage: boolean;
  mailTransport: string;
  /** The translation provider's name (`translation.provider`). */
  translationProvider: string;
  mailFrom: string;
  /** The most bytes of attachments one message carries. */
  mailAttachmentsMaxBytes: number;
  jobs: JobSettings;
  push: PushSettings;
  assetsDriver: string;
  /** 0: no sweep. */
  assetSweepMs: number;
  assetSweepGraceMs: number;
  websocket: WebSocketSettings;
}

export function readSettings(config: Config): HostSettings {
  const p = readProperties(config, HOST_PROPERTIES);
  return {
    host: p['http.host'],
    port: p['http.port'],
    limits: {
      maxBodyBytes: p['http.max.body.bytes'],
      maxUploadBytes: p['http.max.upload.bytes'],
      maxInflightBodyBytes: p['http.max.inflight.body.bytes'],
      maxConnections: p['http.max.connections'],
      maxUrlBytes: p['http.max.url.bytes'],
      maxHeaderBytes: p['http.max.header.bytes'],
    },
    uploadLimits: {
      maxParts: p['http.max.upload.parts'],
      maxFiles: p['http.max.upload.files'],
      maxFieldBytes: p['http.max.upload.field.bytes'],
      maxFileBytes: p['http.max.upload.bytes'],
      // Text parts are held in memory, as a body read whole is.
      maxFieldsTotalBytes: p['http.max.body.bytes'],
    },
    trustProxy: p['http.trust.proxy'],
    reusePort: p['http.reuse.port'],
    hsts: p['http.hsts'],
    openApiPublic: p['http.openapi.public'],
    corsOrigins: p['http.cors.origins'],
    corsCredentials: p['http.cors.credentials'],
    corsMaxAge: p['http.cors.max.age'],
    backOfficeDir: p['admin.dir'],
    sessionSweepMs: p['auth.session.sweep.seconds'] * 1000,
    shutdownTimeoutMs: p['shutdown.timeout.seconds'] * 1000,
    logLevel: p['log.level'],
    plugins: p.plugins,
    storageDriver: p['storage.driver'],
    searchDriver: p['search.driver'],
    searchLimits: { maxResultWindow: p['search.max.result.window'], timeoutMs: p['search.timeout.ms'] },
    searchIndex: {
      policy: p['search.index.policy'],
      deferMs: p['search.index.defer.ms'],
      batchSize: p['search.index.batch.size'],
      repairMs: p['search.index.repair.seconds'] * 1000,
      workers: p['search.index.workers'],
    },
    analytics: {
      workers: p['analytics.workers'],
      workerNice: p['analytics.workers.nice'],
      queueSize: p['analytics.queue.size'],
      maxBatchEvents: p['analytics.max.batch.events'],
      retentionDays: p['analytics.retention.days'],
      retentionSweepMs: p['analytics.retention.sweep.seconds'] * 1000,
    },
    authSchemes: p['auth.schemes'],
    basicSession: p['auth.basic.session'],
    unauthorizedAsText: p['auth.unauthorized.body'] === 'text',
    auth: {
      sessionTimeoutMs: p['auth.session.timeout.minutes'] * 60_000,
      credentialCacheMs: p['auth.credential.cache.seconds'] * 1000,
      sessionCacheMs: p['auth.session.cache.seconds'] * 1000,
      maxSessionsPerUser: p['auth.session.max.per.user'],
      autoLoginOverHttp: p['json.web.token.allowhttp'],
      throttle: {
        maxFailures: p['auth.login.max.failures'],
        maxAddressFailures: p['auth.login.address.max.failures'],
        maxAccountFailures: p['auth.login.account.max.failures'],
        windowMs: p['auth.login.window.seconds'] * 1000,
        lockMs: p['auth.login.lock.seconds'] * 1000,
        maxLockMs: p['auth.login.lock.max.seconds'] * 1000,
      },
    },
    tokens: {
      signingKey: p['json.web.token.hash.signing.key'],
      signingKeyFactory: p['json.web.token.signing.key.factory'],
      marshalImplementation: p['marshal.implementation'],
      gsonConfigurator: p['gson.configurator'],
      encryptorImplementation: p['encryptor.implementation'],
      clockSkewSeconds: p['auth.token.clock.skew.seconds'],
      maxExpirationDays: p['auth.token.max.expiration.days'],
      cookieMaxAgeDays: p['json.web.token.days.max.age'],
      cookieExpirationDays: p['json.web.token.max.allowed.expiration.days'],
      allowHttp: p['json.web.token.allowhttp'],
      remoteRequests: p.ENABLE_PROXY_TOKEN_REQUESTS,
      outboundTimeoutMs: p['outbound.http.timeout.ms'],
    },
    passwordHashing: {
      concurrency: p['auth.hash.concurrency'],
      maxWaiting: p['auth.hash.queue.size'],
      cost: p['auth.password.hash.cost'],
    },
    initialAdminPassword: p.INITIAL_ADMIN_PASSWORD,
    passwordMinLength: p['auth.password.min.length'],
    anonymousContentAccess: p.CONTENT_APIS_ALLOW_ANONYMOUS,
    rejectWithNoUser: p.REST_API_REJECT_WITH_NO_USER,
    legacyBodies: { maxValues: p['legacy.content.max.values'], workerBytes: p['legacy.content.worker.bytes'] },
    navPermissionCheck: p.ENABLE_NAV_PERMISSION_CHECK,
    contentAnswerCache: {
      maxEntries: p['content.answers.cache.entries'],
      maxBytes: p['content.answers.cache.bytes'],
    },
    defaultFileToDefaultLanguage: p.DEFAULT_FILE_TO_DEFAULT_LANGUAGE,
    defaultPageToDefaultLanguage: p.DEFAULT_PAGE_TO_DEFAULT_LANGUAGE,
    mailTransport: p['mail.transport'],
    translationProvider: p['translation.provider'],
    mailFrom: p['mail.from'],
    mailAttachmentsMaxBytes: p['mail.attachments.max.bytes'],
    jobs: {
      dispatch: p['jobs.dispatch'],
      pollMs: p['jobs.poll.ms'],
      concurrency: p['jobs.concurrency'],
      maxAttempts: p['jobs.max.attempts'],
      backOff: { baseMs: p['jobs.backoff.base.ms'], maxMs: p['jobs.backoff.max.ms'] },
      leaseMs: p['jobs.lease.seconds'] * 1000,
      timeoutMs: p['jobs.timeout.seconds'] * 1000,
      retentionDays: p['jobs.retention.days'],
    },
    push: {
      receiverKeyHash: p['push.receiver.key.hash'],
      maxBundleBytes: p['push.max.bundle.bytes'],
      timeoutMs: p['push.timeout.seconds'] * 1000,
      allowedAddresses: AddressAllowList.parse(p['push.allowed.addresses']),
    },
    assetsDriver: p['assets.driver'],
    assetSweepMs: p['assets.sweep.seconds'] * 1000,
    assetSweepGraceMs: p['assets.sweep.grace.seconds'] * 1000,
    websocket: readWebSocketSettings(config),
  };
}
