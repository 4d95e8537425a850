import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { PasswordPolicy } from '../core/auth/password-policy.js';
import type { Config, Environment } from '../core/config/config.js';
import { loadConfig } from '../core/config/load-config.js';
import type { Logger } from '../core/logger.js';
import type { PluginRegistry } from '../core/plugin/registry.js';
import { seedInstallation } from '../core/setup/seed-installation.js';
import { seedBaseContentTypes } from '../core/setup/seed-base-types.js';
import { withUnitOfWork } from '../core/transactions/unit-of-work.js';
import { parseCookies } from './http/cookies.js';
import { originOf, requestIdOf } from './http/request-origin.js';
import { HttpPipeline, type HttpResponse, type RegisteredRoute } from './http/pipeline.js';
import type { IncomingRequest } from './http/route.js';
import { UwsServer } from './http/uws-server.js';
import { readAll } from './http/streamed-body.js';
import { prepareUploadTempDir } from './http/upload-spool.js';
import { withFileWrites } from './asset-file-writes.js';
import { boundAddress } from './http/bound-address.js';
import { explainingStorageFailure } from './startup/storage-failure-reason.js';
import { logStartupSummary } from './startup/startup-summary.js';
import { serviceVersion } from './startup/version.js';
import { Lifecycle } from './startup/lifecycle.js';
import { scheduleSweeps } from './jobs/scheduled-sweeps.js';
import { BufferedSink, JsonLogger, type LogSink } from './logger.js';
import { loadPlugins } from './plugins/load-plugins.js';
import * as areas from './routes/index.js';
import { ApiDocs } from './routes/api-docs.js';
import type { RouteModule } from './routes/route-module.js';
import { readSettings, type HostSettings } from './settings/settings.js';
import { startSearchUpkeep } from './search/search-upkeep.js';
import { SYSTEM_EVENTS_PATH, SystemEventsHub } from './websocket/system-events-hub.js';
import { startEventRelay } from './websocket/event-relay.js';
import { readinessCheck } from './startup/readiness-check.js';
import { basicSessionCookie } from './http/basic-session.js';
import { ServiceContainer, type Services } from './services/index.js';

/** The REST areas the app serves. Adding an area is a route module and one line here. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  areas.probes,
  areas.authentication,
  areas.apiTokens,
  areas.users,
  areas.userAdmin,
  areas.roles,
  areas.sites,
  areas.siteChanges,
  areas.siteVariables,
  areas.folders,
  areas.menuLinks,
  areas.languages,
  areas.contentTypes,
  areas.contentTypeCatalogue,
  areas.fieldVariables,
  areas.fieldLayout,
  areas.categories,
  areas.categoryChanges,
  areas.content,
  areas.contentLocks,
  areas.contentSearch,
  areas.workflowDefinitions,
  areas.workflowSystemActions,
  areas.workflowSchemes,
  areas.workflowFire,
  areas.workflowFireExtras,
  areas.workflowTasks,
  areas.userMessages,
  // After content's own reads and before the legacy save: routes of one path shape are matched in
  // the order their shape was first declared, and this area's catch-all read has the save's shape.
  areas.legacyContentRead,
  areas.legacyContent,
  areas.permissions,
  areas.navigation,
  areas.search,
  areas.searchIndex,
  areas.analytics,
  areas.apps,
  areas.jobs,
  areas.publishing,
  areas.backOffice,
  // Last: it serves files at paths no other route has.
  areas.siteFiles,
];

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
  /** The app's services, each built when first read. */
  readonly services: Services;
  readonly logger: Logger;
  /** Set only on the first start, when the administrator's password was generated. */
  readonly generatedAdminPassword: string | undefined;
  /**
   * Starts serving and logs the start-up line; port 0 picks a free port. Answers the port, the
   * address as bound (`0.0.0.0:8080`) and a URL that reaches it from this machine.
   */
  listen(port?: number, host?: string): Promise<{ port: number; url: string; address: string }>;
  /** Answers a request in-process, without a socket (for tests and tools). */
  inject(request: InjectRequest): Promise<HttpResponse>;
  /** Every registered route with its declaration, as the OpenAPI document describes it. */
  routes(): RegisteredRoute[];
  /** The route a request goes to (`path` without its query); undefined when none does. */
  routeOf(method: string, path: string): RegisteredRoute | undefined;
  /**
   * Compiles the request checks of every route now; each compiles for its first request otherwise.
   * Throws for a schema that cannot compile (a test runs it over every route).
   */
  compileRequestChecks(): void;
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
  // Everything started from here on says how it stops; a failed start stops what had started.
  const lifecycle = new Lifecycle(logger);
  if (sink instanceof BufferedSink) lifecycle.onStop('log', () => sink.flush());

  let generatedAdminPassword: string | undefined;
  let pipeline: HttpPipeline;
  let server: UwsServer;
  let registry: PluginRegistry;
  let storageTarget: string | undefined;
  const container = new ServiceContainer();
  const services = container.record();
  try {
    registry = await loadPlugins(config, dataDir, cwd, logger);
    container.supply('config', config);
    container.supply('settings', settings);
    container.supply('logger', logger);
    container.supply('dataDir', dataDir);
    container.supply('registry', registry);
    container.supply('startedWith', { env: { ...env }, cwd });
    // What properties name (drivers, schemes, the class-path properties) is resolved through the container.
    const contributions = container.registerContributions(registry, (property) => config.origin(property));
    const driver = contributions.named('storage.driver', settings.storageDriver);
    const searchDriver = contributions.named('search.driver', settings.searchDriver);
    const driverNamed = (name: string) => registry.storageDrivers.get(name);
    const driverStorage = await explainingStorageFailure({ driver: driver.name }, () =>
      driver.open({ config, dataDir, logger: logger.child({ storage: driver.name }), driverNamed }),
    );
    storageTarget = driverStorage.target;
    const storage = withUnitOfWork(driverStorage, logger.child({ area: 'after-commit' }));
    container.supply('storage', storage);
    lifecycle.onStop('storage', () => storage.close());
    lifecycle.onStop('plugins', async () => {
      for (const { plugin, error } of await registry.close())
        logger.error({ plugin, err: error }, 'plugin failed to close');
    });
    await explainingStorageFailure({ driver: driver.name, target: storageTarget }, () => storage.migrate());
    const mailTransport = contributions.named('mail.transport', settings.mailTransport);
    const mail = await mailTransport.create({ config, dataDir, logger: logger.child({ mail: mailTransport.name }) });
    container.supply('mail', mail);
    lifecycle.onStop('mail', () => mail.close?.());
    const assetDriver = contributions.named('assets.driver', settings.assetsDriver);
    const assets = withFileWrites(
      await assetDriver.open({ config, dataDir, logger: logger.child({ assets: assetDriver.name }) }),
    );
    container.supply('assets', assets);
    lifecycle.onStop('assets', () => assets.close?.());
    const search = await searchDriver.open({
      config,
      dataDir,
      logger: logger.child({ search: searchDriver.name }),
      limits: settings.searchLimits,
    });
    container.supply('search', search);
    lifecycle.onStop('search', () => search.close());
    const seeded = await seedInstallation(storage, settings.initialAdminPassword, logger, {
      passwordHashCost: settings.passwordHashing.cost,
    });
    generatedAdminPassword = seeded.generatedAdminPassword;
    lifecycle.onStop('container', () => container.clear());
    // Built now, in this order: a property naming nothing stops start-up, the first such first.
    container.pick(['signingKeyFactory', 'marshal', 'jsonConfigurator', 'encryptor', 'signingKey']);
    container.pick(['authSchemes', 'translationProvider']);
    // Stopped after the HTTP server (no fire writes jobs any more) and before mail and storage close.
    const jobs = services.jobDispatcher;
    lifecycle.onStop('jobs', () => jobs.stop());
    if (settings.jobs.dispatch) jobs.start();
    // After the plugins: the default types' fields need the field types they brought.
    const fieldService = services.fields;
    await seedBaseContentTypes(storage, (tx, type, inputs) => fieldService.createIn(tx, type, inputs));
    // After the HTTP server stops taking batches and before storage closes: every batch taken is stored.
    lifecycle.onStop('analytics-ingest', () => closeIfBuilt(container, 'analyticsIngest'));
    // After the HTTP server: no body is still being read.
    lifecycle.onStop('legacy-bodies', () => closeIfBuilt(container, 'legacyBodies'));
    if (seeded.adminCreated && settings.initialAdminPassword)
      warnIfWeak(services.passwordPolicy, settings.initialAdminPassword, logger);
    container.supply('uploads', { tempDir: prepareUploadTempDir(dataDir), limits: settings.uploadLimits });
    container.supply(
      'readiness',
      readinessCheck(
        () => storage.ping(),
        () => lifecycle.isStopping,
      ),
    );
    pipeline = new HttpPipeline(services.authenticator, logger, {
      accessLog: (entry) => logger.request(entry),
      unauthorizedAsText: settings.unauthorizedAsText,
      ...(settings.basicSession && settings.authSchemes.includes('session')
        ? { basicSessionCookie: basicSessionCookie(services.auth) }
        : {}),
      hsts: settings.hsts,
      cors: {
        origins: settings.corsOrigins,
        credentials: settings.corsCredentials,
        maxAgeSeconds: settings.corsMaxAge,
      },
    });
    for (const module of ROUTE_MODULES) pipeline.add(module.routes(container.pick(module.needs)), module.area);
    // Last: the document describes every registered route, its own included.
    const apiDocs = new ApiDocs(settings.openApiPublic);
    pipeline.add(apiDocs.routes(), 'api docs');
    apiDocs.publish(pipeline.routes(), { version: serviceVersion(), authSchemes: settings.authSchemes });

    server = new UwsServer({
      limits: settings.limits,
      trustProxy: settings.trustProxy,
      handle: (request) => pipeline.handle(request),
      streams: (method, path) => pipeline.streams(method, path),
      refusal: (error) => pipeline.errorResponse(error),
      onAdapterReply: (request, status) =>
        logger.request({ reqId: request.id, method: request.method, path: request.path, status, ms: 0 }),
    });
    server.webSocket(SYSTEM_EVENTS_PATH, startSystemEvents(services, lifecycle), WEBSOCKET_LIMITS);
    await startEventRelay({
      storage,
      bus: services.events,
      pollMs: settings.websocket.journalPollMs,
      lifecycle,
      logger: logger.child({ area: 'system-events' }),
    });
    lifecycle.onStop('http', () => server.close(settings.shutdownTimeoutMs));
    scheduleSweeps({ storage, assets: services.assetSweeper, settings, lifecycle, logger });
    await startSearchUpkeep({
      storage,
      search,
      dispatcher: services.indexDispatcher,
      reindexer: services.reindexer,
      settings,
      lifecycle,
      logger: logger.child({ area: 'search-index' }),
    });
  } catch (error) {
    // The message reaches the installer on one line (main); the whole error only at debug level.
    logger.debug({ err: error }, 'start-up failed');
    await lifecycle.stop();
    throw error;
  }

  return {
    config,
    settings,
    dataDir,
    services,
    logger,
    generatedAdminPassword,
    async listen(port = settings.port, host = settings.host) {
      const bound = await server.listen(host, port, settings.reusePort);
      const { address, url } = boundAddress(host, bound);
      logStartupSummary(logger, {
        version: serviceVersion(),
        address,
        url,
        port: bound,
        storage: { driver: settings.storageDriver, target: storageTarget },
        plugins: registry.loaded(),
        authSchemes: settings.authSchemes,
        dataDir,
        configFile: config.source,
      });
      return { port: bound, url, address };
    },
    async inject(request) {
      const response = await pipeline.handle(toHttpRequest(request, settings.trustProxy));
      if (!response.stream) return response;
      // In-process callers get the bytes whole, as a socket's client would read them.
      const { stream, ...rest } = response;
      return { ...rest, body: request.method.toUpperCase() === 'HEAD' ? '' : await readAll(stream) };
    },
    routes: () => pipeline.routes(),
    routeOf: (method, path) => pipeline.routeOf(method, path),
    compileRequestChecks: () => pipeline.compileRequestChecks(),
    close: () => lifecycle.stop(),
  };
}

/** A client sends nothing but pings and pongs; a backlog past this is a client that cannot keep up. */
const WEBSOCKET_LIMITS = { maxPayloadBytes: 1024, maxBufferedBytes: 1024 * 1024 };

/**
 * The system events hub, listening from now on. Its stop is registered before the HTTP server's,
 * so it runs after: once no upgrade can arrive, every socket is closed as going away (1001).
 */
function startSystemEvents(services: Services, lifecycle: Lifecycle) {
  const { settings } = services;
  const hub = new SystemEventsHub({
    bus: services.events,
    audience: services.eventAudience,
    authenticator: services.authenticator,
    accessChanges: services.accessChanges,
    logger: services.logger.child({ area: 'websocket' }),
    allowedOrigins: new Set(settings.corsOrigins),
    pingIntervalMs: settings.websocket.pingIntervalMs,
    // Caches of sessions and tokens hold this long: a change elsewhere shows after it.
    recheckMs: Math.max(settings.auth.sessionCacheMs, MIN_RECHECK_MS),
  });
  hub.start();
  lifecycle.onStop('websockets', () => hub.stop());
  return hub;
}

/** Closes a service that holds threads, when it was built: one never built started none. */
async function closeIfBuilt(container: ServiceContainer, name: 'analyticsIngest' | 'legacyBodies'): Promise<void> {
  if (container.has(name)) await container.get(name).close();
}

/** Callers of open sockets are checked again at most this often. */
const MIN_RECHECK_MS = 1000;

/**
 * The installer's password is taken as given (it may come from a secret store or a deployment
 * script), but a weak one is said so at start. The line names the rule, never the password.
 */
function warnIfWeak(policy: PasswordPolicy, initialAdminPassword: string, logger: Logger): void {
  const weakness = policy.weakness(initialAdminPassword);
  if (weakness)
    logger.warn(
      { rule: weakness.code, reason: weakness.message },
      'INITIAL_ADMIN_PASSWORD is weaker than the password policy; it was taken as given for the administrator',
    );
}

/** An injected request, read as the adapter reads one from a socket on the loopback address. */
function toHttpRequest(request: InjectRequest, trustProxy: boolean): IncomingRequest {
  const [path, queryString = ''] = request.path.split('?', 2) as [string, string?];
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const body = request.body;
  // A copy even of a Buffer, as the socket adapter gives each request bytes of its own: a handler
  // may hand its body over (the analytics ingest moves it to a worker), and a caller reusing one
  // Buffer for several requests must still find it whole.
  const rawBody =
    body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : JSON.stringify(body));
  return {
    id: requestIdOf(headers),
    method: request.method.toUpperCase(),
    path,
    query: new URLSearchParams(queryString),
    headers,
    cookies: parseCookies(headers.cookie),
    ...originOf(headers, () => '127.0.0.1', trustProxy),
    rawBody,
    readBody: () => Promise.resolve(),
    bodyStream: () => Readable.from([rawBody]),
  };
}
