import { mkdirSync } from 'node:fs';
import type { DependencyContainer } from 'tsyringe';
import { AuthService } from '../core/auth/auth-service.js';
import { Authenticator } from '../core/auth/authenticator.js';
import { UserService } from '../core/auth/user-service.js';
import type { Config, Environment } from '../core/config/config.js';
import { loadConfig } from '../core/config/load-config.js';
import { LanguageService } from '../core/language/language-service.js';
import type { Logger } from '../core/logger.js';
import { resolveNamed } from '../core/plugin/registry.js';
import type { Storage } from '../core/plugin/storage-driver.js';
import { seedInstallation } from '../core/setup/seed-installation.js';
import { SiteService } from '../core/site/site-service.js';
import { buildContainer, resolve } from './container.js';
import { parseCookies } from './http/cookies.js';
import { HttpPipeline, type HttpResponse } from './http/pipeline.js';
import type { HttpRequest } from './http/route.js';
import { UwsServer } from './http/uws-server.js';
import { BufferedSink, JsonLogger, type LogSink } from './logger.js';
import { loadPlugins } from './plugins/load-plugins.js';
import { authenticationRoutes } from './routes/authentication.js';
import { contentTypeRoutes } from './routes/content-types.js';
import { categoryRoutes } from './routes/categories.js';
import { contentRoutes } from './routes/content.js';
import { workflowDefinitionRoutes } from './routes/workflow-definitions.js';
import { workflowFireRoutes } from './routes/workflow-fire.js';
import { workflowSystemActionRoutes } from './routes/workflow-system-actions.js';
import { SystemActionService } from '../core/workflow/system-actions.js';
import { FireEngine } from '../core/workflow/fire-engine.js';
import type { MailSender } from '../core/plugin/mail-transport.js';
import { WorkflowDefinitionService } from '../core/workflow/workflow-definition-service.js';
import { CategoryService } from '../core/content/category-service.js';
import { ContentReader } from '../core/content/content-reader.js';
import { ContentTypeService } from '../core/content/content-type-service.js';
import { FieldService } from '../core/content/field-service.js';
import { languageRoutes } from './routes/languages.js';
import { probeRoutes } from './routes/probes.js';
import { siteRoutes } from './routes/sites.js';
import { userRoutes } from './routes/users.js';
import { readSettings, type HostSettings } from './settings.js';

export interface AppOptions {
  env?: Environment;
  cwd?: string;
  /** Where log lines go (default: standard output). */
  logSink?: LogSink;
}

export interface InjectRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer | object;
}

export interface App {
  readonly config: Config;
  readonly settings: HostSettings;
  readonly dataDir: string;
  readonly container: DependencyContainer;
  readonly logger: Logger;
  /** Set only on the first start, when the administrator's password was generated. */
  readonly generatedAdminPassword: string | undefined;
  /** Starts serving; port 0 picks a free port. Answers the port and the address. */
  listen(port?: number, host?: string): Promise<{ port: number; url: string }>;
  /** Answers a request in-process, without a socket (for tests and tools). */
  inject(request: InjectRequest): Promise<HttpResponse>;
  routes(): Array<{ method: string; path: string; access: string }>;
  /** Graceful stop: no new connections, in-flight requests finish, plugins and storage close. */
  close(): Promise<void>;
}

/**
 * Builds the whole service: configuration, plugins, storage (migrated and seeded), services and
 * routes. Nothing listens until `listen`.
 */
export async function buildApp(options: AppOptions = {}): Promise<App> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const { config, dataDir } = loadConfig(env, cwd);
  const settings = readSettings(config);
  const sink = options.logSink ?? new BufferedSink(process.stdout);
  const logger = new JsonLogger(sink, settings.logLevel);
  mkdirSync(dataDir, { recursive: true });

  const registry = await loadPlugins(config, dataDir, cwd, logger);
  const driver = resolveNamed(registry.storageDrivers, 'storage.driver', settings.storageDriver);
  const storage = await driver.open({ config, dataDir, logger: logger.child({ storage: driver.name }) });
  let generatedAdminPassword: string | undefined;
  let mail: MailSender;
  try {
    const mailTransport = resolveNamed(registry.mailTransports, 'mail.transport', settings.mailTransport);
    mail = await mailTransport.create({ config, dataDir, logger: logger.child({ mail: mailTransport.name }) });
    await storage.migrate();
    generatedAdminPassword = (await seedInstallation(storage, settings.initialAdminPassword, logger))
      .generatedAdminPassword;
  } catch (error) {
    await storage.close();
    throw error;
  }

  const container = buildContainer({ config, logger, dataDir, registry, storage, settings, mail });
  const auth = resolve(container, AuthService);
  let closing = false;
  const pipeline = new HttpPipeline(resolve(container, Authenticator), logger);
  pipeline.add([
    ...probeRoutes(() => (closing ? Promise.reject(new Error('shutting down')) : storage.ping())),
    ...authenticationRoutes(auth, settings.auth.sessionTimeoutMs),
    ...userRoutes(resolve(container, UserService)),
    ...siteRoutes(resolve(container, SiteService)),
    ...languageRoutes(resolve(container, LanguageService)),
    ...contentTypeRoutes(resolve(container, ContentTypeService), resolve(container, FieldService)),
    ...categoryRoutes(resolve(container, CategoryService)),
    ...contentRoutes(resolve(container, ContentReader), (field) => resolve(container, FieldService).typeOf(field)),
    ...workflowDefinitionRoutes(
      resolve(container, WorkflowDefinitionService),
      () => registry.actionlets.values(),
      (actionClass) => registry.actionlets.get(actionClass),
      resolve(container, ContentTypeService),
      (tx, stepId) => tx.tasks.anyInStep(stepId),
    ),
    ...workflowSystemActionRoutes(resolve(container, SystemActionService)),
    ...workflowFireRoutes(resolve(container, FireEngine), storage, resolve(container, SystemActionService), (field) =>
      resolve(container, FieldService).typeOf(field),
    ),
  ]);

  const server = new UwsServer({
    maxBodyBytes: settings.maxBodyBytes,
    trustProxy: settings.trustProxy,
    handle: (request) => pipeline.handle(request),
    onAdapterReply: (request, status) =>
      logger.info({ reqId: request.id, method: request.method, path: request.path, status, ms: 0 }, 'request'),
  });

  return {
    config,
    settings,
    dataDir,
    container,
    logger,
    generatedAdminPassword,
    async listen(port = settings.port, host = settings.host) {
      const bound = await server.listen(host, port);
      return { port: bound, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}` };
    },
    inject: (request) => pipeline.handle(toHttpRequest(request)),
    routes: () => pipeline.routes(),
    async close() {
      if (closing) return;
      closing = true;
      await server.close(settings.shutdownTimeoutMs);
      await mail.close?.().catch((err: unknown) => logger.error({ err }, 'mail transport failed to close'));
      for (const { plugin, error } of await registry.close())
        logger.error({ plugin, err: error }, 'plugin failed to close');
      await closeStorage(storage, logger);
      container.clearInstances();
      if (sink instanceof BufferedSink) sink.flush();
    },
  };
}

async function closeStorage(storage: Storage, logger: Logger): Promise<void> {
  try {
    await storage.close();
  } catch (err) {
    logger.error({ err }, 'storage failed to close');
  }
}

let injectCounter = 0;

function toHttpRequest(request: InjectRequest): HttpRequest {
  const [path, queryString = ''] = request.path.split('?', 2) as [string, string?];
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const body = request.body;
  const rawBody =
    body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(body)
        ? body
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return {
    id: `inject-${++injectCounter}`,
    method: request.method.toUpperCase(),
    path,
    query: new URLSearchParams(queryString),
    headers,
    cookies: parseCookies(headers.cookie),
    ip: '127.0.0.1',
    secure: false,
    rawBody,
  };
}
