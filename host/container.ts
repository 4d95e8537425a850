import { randomUUID } from 'node:crypto';
import { DefinitionCache } from '../core/definitions/definition-cache.js';
import { PermissionService } from '../core/auth/permission-service.js';
import { DefinitionReadRules } from '../core/auth/definition-read-rules.js';
import { AssetPermissionService } from '../core/auth/asset-permission-service.js';
import { SEED_IDS } from '../core/setup/seed-installation.js';
import { SystemActionService } from '../core/workflow/system-actions.js';
import { TaskHistoryService } from '../core/workflow/task-history.js';
import { TaskSearchService } from '../core/workflow/task-search.js';
import { SchemeTransferService } from '../core/workflow/scheme-transfer.js';
import { WorkflowOrderingService } from '../core/workflow/workflow-ordering.js';
import { WorkflowAvailabilityService } from '../core/workflow/workflow-availability.js';
import { UserMessageService } from '../core/messages/user-message-service.js';
import { ActionletCatalogue } from '../core/workflow/actionlet-catalogue.js';
import 'reflect-metadata';
import { instanceCachingFactory, container as rootContainer, type DependencyContainer } from 'tsyringe';
import { AuthService } from '../core/auth/auth-service.js';
import { Authenticator } from '../core/auth/authenticator.js';
import { TokenService } from '../core/auth/token-service.js';
import { ApiKeyService } from '../core/auth/api-key-service.js';
import { AutoLogin } from '../core/auth/auto-login.js';
import { HashQueue } from '../core/auth/hash-queue.js';
import { UserService } from '../core/auth/user-service.js';
import { PasswordPolicy } from '../core/auth/password-policy.js';
import { isCommonPassword } from './common-passwords.js';
import type { Config } from '../core/config/config.js';
import { LanguageService } from '../core/language/language-service.js';
import type { Logger } from '../core/logger.js';
import { resolveNamed, type PluginRegistry } from '../core/plugin/registry.js';
import { installationSecrets } from './secrets/installation-secrets.js';
import type { JobHandler } from '../core/plugin/job-handler.js';
import { translateContentJob } from '../core/translation/translate-content-job.js';
import type { Storage } from '../core/plugin/storage/index.js';
import {
  ConfigToken,
  DataDirToken,
  LoggerToken,
  PluginRegistryToken,
  StorageToken,
  type Token,
} from '../core/plugin/tokens.js';
import { SiteService } from '../core/site/site-service.js';
import { FolderService } from '../core/folder/folder-service.js';
import { MenuLinkService } from '../core/menu-link/menu-link-service.js';
import { SiteKeyService } from '../core/analytics/site-key-service.js';
import { AnalyticsReader } from '../core/analytics/analytics-reader.js';
import { ContentTypeService } from '../core/content/content-type-service.js';
import { ContentTypeCopier } from '../core/content/content-type-copy.js';
import { FieldLayoutService } from '../core/content/field-layout-service.js';
import { FieldTypeCatalogue } from '../core/content/field-type-catalogue.js';
import { FieldVariableService } from '../core/content/field-variable-service.js';
import { FieldService } from '../core/content/field-service.js';
import { CategoryService } from '../core/content/category-service.js';
import { ContentReader } from '../core/content/content-reader.js';
import { FileDelivery } from '../core/content/file-delivery.js';
import { SiteByHost } from '../core/site/site-by-host.js';
import { NavigationService } from '../core/nav/navigation-service.js';
import { envelope } from './http/envelope.js';
import { ContentService } from '../core/content/content-service.js';
import { AssetSweeper } from '../core/content/asset-sweeper.js';
import { fieldParseContext } from '../core/content/field-parse-context.js';
import { WorkflowDefinitionService } from '../core/workflow/workflow-definition-service.js';
import { FireEngine } from '../core/workflow/fire-engine.js';
import { JobAdmin } from '../core/jobs/job-admin.js';
import { JobDispatcher } from '../core/jobs/job-dispatcher.js';
import { JobQueue } from '../core/jobs/job-queue.js';
import { buildDurableJobs } from './durable-jobs.js';
import { buildPushPublishing } from './publishing/push-publishing.js';
import { PushAdmin } from '../core/publishing/push-admin.js';
import { BundleReceiver } from '../core/publishing/bundle-receiver.js';
import { LegacySaveService } from '../core/legacy-save/legacy-save-service.js';
import { renderTemplate } from '../core/workflow/render-template.js';
import type { MailMessage, MailSender } from '../core/plugin/mail-transport.js';
import { withAttachmentContent } from './mail-attachments.js';
import type { AssetStorage } from '../core/plugin/asset-storage.js';
import { canonicalFieldClassName } from '../core/plugin/field-type.js';
import type { HostSettings } from './settings.js';
import type { SearchIndex } from '../core/plugin/search-driver.js';
import { SearchIndexToken } from '../core/plugin/tokens.js';
import { ContentIndexer } from '../core/search/content-indexer.js';
import { ContentSearch } from '../core/search/content-search.js';
import { IndexDispatcher } from '../core/search/index-dispatcher.js';
import { IndexQueue } from '../core/search/index-queue.js';
import { Reindexer } from '../core/search/reindexer.js';
import { inProcessIndexWriter } from '../core/search/index-writer.js';
import type { IndexWorkerData } from './search-index-worker.js';
import { workerIndexWriter } from './worker-index-writer.js';
import { AnalyticsIngest, ingestWorkerCount } from './analytics/ingest-pool.js';
import { LegacyBodyReader } from './legacy-content/legacy-body-reader.js';
import { relatedQueryResolver } from '../core/search/related-query.js';
import { SystemEventBus } from '../core/events/system-event-bus.js';
import { EventAudienceCheck } from '../core/events/event-audience-check.js';
import { AccessChanges } from '../core/auth/access-changes.js';

/** The roles the read rules of searches name. */
const SEARCH_READ_ROLES = { anonymous: SEED_IDS.anonymousRole, backendUser: SEED_IDS.backendUserRole } as const;

/** Typed resolution: the container's tokens carry their type. */
export function resolve<T>(container: DependencyContainer, token: Token<T> | (new (...args: never[]) => T)): T {
  return container.resolve<T>(token as never);
}

/**
 * The composition root's registrations. Each app gets its own child container, so tests can run
 * several apps in one process. Core services are plain classes built by factories here, which is
 * what keeps core free of the container library.
 */
export function buildContainer(parts: {
  config: Config;
  logger: Logger;
  dataDir: string;
  registry: PluginRegistry;
  storage: Storage;
  settings: HostSettings;
  mail: MailSender;
  assets: AssetStorage;
  /** The HMAC key of API keys and `access_token` cookies, from the signing-key factory. */
  signingKey: Uint8Array;
  search: SearchIndex;
  /** What the service was started with: indexing and ingest workers load the same configuration. */
  startedWith: IndexWorkerData;
}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  // Raised by services after their commits; the websocket endpoint delivers them.
  const events = new SystemEventBus(
    { origin: randomUUID(), journal: parts.settings.websocket.journalPollMs > 0 },
    parts.logger.child({ area: 'system-events' }),
  );
  c.register(SystemEventBus, { useValue: events });
  const accessChanges = new AccessChanges();
  c.register(AccessChanges, { useValue: accessChanges });
  c.register(SearchIndexToken, { useValue: parts.search });
  const ingestOptions = {
    ...parts.settings.analytics,
    workers: ingestWorkerCount(parts.settings.analytics.workers, parts.storage),
  };
  c.register(AnalyticsIngest, { useValue: new AnalyticsIngest(ingestOptions, parts.startedWith) });
  c.register(LegacyBodyReader, { useValue: new LegacyBodyReader(parts.settings.legacyBodies) });
  c.register(ConfigToken, { useValue: parts.config });
  c.register(LoggerToken, { useValue: parts.logger });
  c.register(DataDirToken, { useValue: parts.dataDir });
  c.register(PluginRegistryToken, { useValue: parts.registry });
  c.register(StorageToken, { useValue: parts.storage });

  // One queue for all password hashing of the process: sign-ins and new passwords share the bound.
  const hashes = new HashQueue(parts.settings.passwordHashing);
  c.register(HashQueue, { useValue: hashes });
  const tokens = new TokenService(parts.storage, {
    signingKey: parts.signingKey,
    cacheMs: parts.settings.auth.sessionCacheMs,
    clockSkewSeconds: parts.settings.tokens.clockSkewSeconds,
    accessChanges,
  });
  c.register(TokenService, { useValue: tokens });
  c.register(AutoLogin, {
    useValue: new AutoLogin(tokens, {
      enabled: parts.settings.authSchemes.includes('access-token'),
      maxAgeDays: parts.settings.tokens.cookieMaxAgeDays,
      expirationDays: parts.settings.tokens.cookieExpirationDays,
      allowHttp: parts.settings.tokens.allowHttp,
    }),
  });
  c.register(ApiKeyService, {
    useValue: new ApiKeyService(parts.storage, tokens, { maxExpirationDays: parts.settings.tokens.maxExpirationDays }),
  });
  const auth = new AuthService(parts.storage, parts.settings.auth, hashes, { tokens, accessChanges });
  c.register(AuthService, { useValue: auth });
  const schemes = parts.settings.authSchemes.map((name) =>
    resolveNamed(parts.registry.authSchemes, 'auth.schemes', name, parts.config.origin('auth.schemes')),
  );
  c.register(Authenticator, { useValue: new Authenticator(schemes, auth) });
  const passwordPolicy = new PasswordPolicy({
    minLength: parts.settings.passwordMinLength,
    isCommon: isCommonPassword,
  });
  c.register(PasswordPolicy, { useValue: passwordPolicy });
  c.register(UserService, { useValue: new UserService(parts.storage, passwordPolicy, hashes) });
  c.register(LanguageService, {
    useFactory: instanceCachingFactory((r) => new LanguageService(resolve(r, StorageToken))),
  });
  const fieldTypeOf = (className: string) => parts.registry.fieldTypes.get(canonicalFieldClassName(className));
  // One cache of definitions for the whole app: saves, fires and reads share what they have read.
  const definitions = new DefinitionCache();
  c.register(DefinitionCache, { useValue: definitions });
  const permissions = new PermissionService({ anonymous: SEED_IDS.anonymousRole, owner: SEED_IDS.ownerRole });
  c.register(PermissionService, { useValue: permissions });
  const readRules = new DefinitionReadRules({ storage: parts.storage, definitions, permissions });
  c.register(DefinitionReadRules, { useValue: readRules });
  c.register(EventAudienceCheck, {
    useValue: new EventAudienceCheck({ storage: parts.storage, definitions, permissions }),
  });
  const indexQueue = registerIndexing(c, { ...parts, definitions, permissions, fieldTypeOf });
  const fields = new FieldService(parts.storage, fieldTypeOf, Date.now, indexQueue);
  c.register(FieldService, { useValue: fields });

  c.register(CategoryService, { useValue: new CategoryService(parts.storage) });
  const contentTypes = new ContentTypeService(parts.storage, fields, { definitions, permissions, indexQueue });
  c.register(ContentTypeService, {
    useValue: contentTypes,
  });
  c.register(ContentTypeCopier, { useValue: new ContentTypeCopier(parts.storage, contentTypes) });
  c.register(FieldVariableService, { useValue: new FieldVariableService(parts.storage, contentTypes) });
  c.register(FieldLayoutService, { useValue: new FieldLayoutService(parts.storage, contentTypes, fields) });
  c.register(FieldTypeCatalogue, { useValue: new FieldTypeCatalogue(() => parts.registry.fieldTypes.values()) });
  c.register(AssetPermissionService, {
    useValue: new AssetPermissionService({
      storage: parts.storage,
      definitions,
      permissions,
      findPrincipal: (userId) => auth.findUserById(userId),
      indexQueue,
    }),
  });
  c.register(SiteKeyService, {
    useValue: new SiteKeyService({ storage: parts.storage, definitions, permissions }),
  });
  c.register(AnalyticsReader, {
    useValue: new AnalyticsReader({
      storage: parts.storage,
      definitions,
      permissions,
      backEndUserRoleId: SEED_IDS.backendUserRole,
    }),
  });
  c.register(AssetSweeper, {
    useValue: new AssetSweeper({
      storage: parts.storage,
      assets: parts.assets,
      logger: parts.logger.child({ area: 'asset-sweep' }),
      graceMs: parts.settings.assetSweepGraceMs,
    }),
  });
  const content = new ContentService(
    (field) => fieldTypeOf(field.clazz),
    (tx) => fieldParseContext(tx, parts.assets),
    { definitions, indexQueue, relatedQuery: relatedQueryResolver(parts.search, SEARCH_READ_ROLES), events },
  );
  c.register(ContentService, { useValue: content });
  c.register(FolderService, {
    useValue: new FolderService({
      storage: parts.storage,
      definitions,
      permissions,
      content,
      backEndUserRoleId: SEED_IDS.backendUserRole,
      indexQueue,
    }),
  });
  c.register(MenuLinkService, {
    useValue: new MenuLinkService({
      storage: parts.storage,
      definitions,
      permissions,
      backEndUserRoleId: SEED_IDS.backendUserRole,
    }),
  });
  const actionlets = new ActionletCatalogue(parts.registry.actionlets);
  c.register(ActionletCatalogue, { useValue: actionlets });
  // The same key file as the plugins' sealer (see load-plugins): one key per data directory.
  const secrets = installationSecrets(parts.dataDir);
  const workflows = new WorkflowDefinitionService(
    parts.storage,
    (actionClass) => actionlets.get(actionClass),
    Date.now,
    secrets,
  );
  c.register(WorkflowDefinitionService, { useValue: workflows });
  c.register(TaskHistoryService, { useValue: new TaskHistoryService(parts.storage, definitions, permissions) });
  c.register(TaskSearchService, { useValue: new TaskSearchService(parts.storage, definitions, permissions) });
  c.register(UserMessageService, { useValue: new UserMessageService(parts.storage) });
  const systemActions = new SystemActionService(parts.storage, workflows, definitions);
  c.register(SystemActionService, { useValue: systemActions });
  c.register(SchemeTransferService, {
    useValue: new SchemeTransferService(
      parts.storage,
      workflows,
      (actionClass) => actionlets.get(actionClass),
      secrets,
    ),
  });
  c.register(WorkflowOrderingService, { useValue: new WorkflowOrderingService(parts.storage, workflows) });
  c.register(WorkflowAvailabilityService, {
    useValue: new WorkflowAvailabilityService(parts.storage, workflows, definitions, permissions),
  });
  // Attachments are read from the asset store when the mail is sent, not when it is queued.
  const sendMail = async (message: Omit<MailMessage, 'from'> & { from?: string }) =>
    parts.mail.send(
      await withAttachmentContent(
        { ...message, from: message.from ?? parts.settings.mailFrom },
        { assets: parts.assets, maxBytes: parts.settings.mailAttachmentsMaxBytes, logger: parts.logger },
      ),
    );
  const push = buildPushPublishing({
    ...parts,
    secrets,
    content,
    contentTypes,
    settings: parts.settings.push,
  });
  c.register(PushAdmin, { useValue: push.admin });
  c.register(BundleReceiver, { useValue: push.receiver });
  // Named by a property, resolved at start: a name no plugin contributes stops start-up.
  const translation = translateContentJob({
    storage: parts.storage,
    content,
    secrets,
    provider: resolveNamed(
      parts.registry.translationProviders,
      'translation.provider',
      parts.settings.translationProvider,
      parts.config.origin('translation.provider'),
    ),
  });
  const jobs = buildDurableJobs({
    ...parts,
    sendMail,
    builtIn: (queue) => [...push.jobHandlers(queue), translation as JobHandler],
  });
  c.register(JobQueue, { useValue: jobs.queue });
  c.register(JobDispatcher, { useValue: jobs.dispatcher });
  c.register(JobAdmin, { useValue: jobs.admin });
  const fireEngine = new FireEngine({
    storage: parts.storage,
    content,
    definitions,
    permissions,
    actionlet: (actionClass) => actionlets.get(actionClass),
    render: renderTemplate,
    sendMail,
    logger: parts.logger.child({ area: 'workflow' }),
    indexQueue,
    jobs: jobs.queue,
    secrets,
    events,
  });
  c.register(FireEngine, { useValue: fireEngine });
  c.register(LegacySaveService, {
    useValue: new LegacySaveService({
      storage: parts.storage,
      definitions,
      permissions,
      fireEngine,
      systemActions,
      relatedQuery: relatedQueryResolver(parts.search, SEARCH_READ_ROLES),
      anonymous: {
        access: parts.settings.anonymousContentAccess,
        rejectWithNoUser: parts.settings.rejectWithNoUser,
      },
    }),
  });
  c.register(ContentReader, {
    useValue: new ContentReader({
      storage: parts.storage,
      content,
      anonymous: parts.settings.anonymousContentAccess,
      definitions,
      permissions,
    }),
  });
  const siteByHost = new SiteByHost(parts.storage);
  c.register(SiteService, {
    useValue: new SiteService(parts.storage, {
      definitions,
      permissions,
      content,
      indexQueue,
      changed: () => siteByHost.forget(),
    }),
  });
  c.register(FileDelivery, {
    useValue: new FileDelivery({
      storage: parts.storage,
      reader: resolve(c, ContentReader),
      assets: parts.assets,
      sites: siteByHost,
      fallThrough: parts.settings.defaultFileToDefaultLanguage,
    }),
  });
  c.register(NavigationService, {
    useValue: new NavigationService({
      storage: parts.storage,
      definitions,
      permissions,
      sites: siteByHost,
      anonymous: parts.settings.anonymousContentAccess,
      permissionCheck: parts.settings.navPermissionCheck,
      fallThrough: {
        pages: parts.settings.defaultPageToDefaultLanguage,
        files: parts.settings.defaultFileToDefaultLanguage,
      },
      // The envelope is serialised with the tree, once: a cached answer is written as it is.
      serialise: (root) => Buffer.from(JSON.stringify(envelope(root))),
    }),
  });
  c.register(ContentSearch, {
    useValue: new ContentSearch({
      storage: parts.storage,
      index: parts.search,
      content,
      definitions,
      permissions,
      anonymousAccess: parts.settings.anonymousContentAccess,
      roles: SEARCH_READ_ROLES,
    }),
  });
  return c;
}

/**
 * The search index kept in line with storage: changes are queued in their transactions
 * (`IndexQueue`) and applied after the commit (`IndexDispatcher`); `Reindexer` rebuilds it whole.
 */
function registerIndexing(
  c: DependencyContainer,
  parts: {
    storage: Storage;
    search: SearchIndex;
    settings: HostSettings;
    logger: Logger;
    definitions: DefinitionCache;
    permissions: PermissionService;
    fieldTypeOf: (className: string) => ReturnType<PluginRegistry['fieldTypes']['get']>;
    startedWith: IndexWorkerData;
  },
): IndexQueue {
  const { storage, search, settings, definitions, permissions } = parts;
  const logger = parts.logger.child({ area: 'search-index' });
  const indexerParts = {
    typeOf: (field: { clazz: string }) => parts.fieldTypeOf(field.clazz),
    definitions,
    permissions,
    ownerRoleId: SEED_IDS.ownerRole,
  };
  const indexer = new ContentIndexer({ ...indexerParts, index: search });
  const writer =
    settings.searchIndex.workers > 0
      ? workerIndexWriter(settings.searchIndex.workers, parts.startedWith)
      : inProcessIndexWriter(storage, indexer);
  const dispatcher = new IndexDispatcher({
    storage,
    index: search,
    writer,
    logger,
    deferMs: settings.searchIndex.deferMs,
    batchSize: settings.searchIndex.batchSize,
  });
  c.register(IndexDispatcher, { useValue: dispatcher });
  c.register(Reindexer, {
    useValue: new Reindexer({
      storage,
      index: search,
      dispatcher,
      indexer: indexerParts,
      build: (items) => writer.build(items),
      batchSize: settings.searchIndex.batchSize,
      logger,
    }),
  });
  const queue = new IndexQueue(dispatcher, settings.searchIndex.policy);
  c.register(IndexQueue, { useValue: queue });
  return queue;
}
