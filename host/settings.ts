import type { Config } from '../core/config/config.js';
import type { AuthSettings } from '../core/auth/auth-service.js';
import type { LogLevel } from './logger.js';

/** Host-level settings, read and checked once at start (each property is listed in docs/configuration.md). */
export interface HostSettings {
  host: string;
  port: number;
  maxBodyBytes: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  logLevel: LogLevel;
  storageDriver: string;
  authSchemes: string[];
  auth: AuthSettings;
  initialAdminPassword: string | undefined;
  anonymousContentAccess: 'NONE' | 'READ' | 'WRITE';
  mailTransport: string;
  assetsDriver: string;
  mailFrom: string;
}

export function readSettings(config: Config): HostSettings {
  return {
    host: config.string('http.host', '0.0.0.0'),
    port: config.int('http.port', 8080, { min: 0, max: 65535 }),
    maxBodyBytes: config.int('http.max.body.bytes', 10 * 1024 * 1024, { min: 1 }),
    trustProxy: config.bool('http.trust.proxy', false),
    shutdownTimeoutMs: config.int('shutdown.timeout.seconds', 10, { min: 0 }) * 1000,
    logLevel: config.oneOf('log.level', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    storageDriver: config.string('storage.driver', 'sqlite'),
    authSchemes: config.list('auth.schemes', ['session', 'basic', 'legacy-header']),
    auth: {
      sessionTimeoutMs: config.int('auth.session.timeout.minutes', 30, { min: 1 }) * 60_000,
      credentialCacheMs: config.int('auth.credential.cache.seconds', 60, { min: 0 }) * 1000,
      sessionCacheMs: config.int('auth.session.cache.seconds', 5, { min: 0 }) * 1000,
      throttle: {
        maxFailures: config.int('auth.login.max.failures', 5, { min: 1 }),
        windowMs: config.int('auth.login.window.seconds', 900, { min: 1 }) * 1000,
        lockMs: config.int('auth.login.lock.seconds', 30, { min: 1 }) * 1000,
        maxLockMs: config.int('auth.login.lock.max.seconds', 900, { min: 1 }) * 1000,
      },
    },
    initialAdminPassword: config.string('INITIAL_ADMIN_PASSWORD'),
    mailTransport: config.string('mail.transport', 'outbox'),
    assetsDriver: config.string('assets.driver', 'local'),
    mailFrom: config.string('mail.from', 'cms@localhost'),
    anonymousContentAccess: config.oneOf('CONTENT_APIS_ALLOW_ANONYMOUS', ['NONE', 'READ', 'WRITE'] as const, 'NONE'),
  };
}
