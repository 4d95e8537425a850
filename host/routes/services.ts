import { SchemeTransferService } from '../../core/workflow/scheme-transfer.js';
import { WorkflowOrderingService } from '../../core/workflow/workflow-ordering.js';
import { WorkflowAvailabilityService } from '../../core/workflow/workflow-availability.js';
import { NavigationService } from '../../core/nav/navigation-service.js';
import type { DependencyContainer } from 'tsyringe';
import { AssetPermissionService } from '../../core/auth/asset-permission-service.js';
import { AuthService } from '../../core/auth/auth-service.js';
import { UserService } from '../../core/auth/user-service.js';
import { ApiKeyService } from '../../core/auth/api-key-service.js';
import { AutoLogin } from '../../core/auth/auto-login.js';
import { CategoryService } from '../../core/content/category-service.js';
import { ContentReader } from '../../core/content/content-reader.js';
import { FileDelivery } from '../../core/content/file-delivery.js';
import { ContentTypeService } from '../../core/content/content-type-service.js';
import { FieldService } from '../../core/content/field-service.js';
import { ContentTypeCopier } from '../../core/content/content-type-copy.js';
import { FieldLayoutService } from '../../core/content/field-layout-service.js';
import { FieldTypeCatalogue } from '../../core/content/field-type-catalogue.js';
import { FieldVariableService } from '../../core/content/field-variable-service.js';
import { LanguageService } from '../../core/language/language-service.js';
import { StorageToken } from '../../core/plugin/tokens.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { SiteService } from '../../core/site/site-service.js';
import { DefinitionReadRules } from '../../core/auth/definition-read-rules.js';
import { FolderService } from '../../core/folder/folder-service.js';
import { MenuLinkService } from '../../core/menu-link/menu-link-service.js';
import { SiteKeyService } from '../../core/analytics/site-key-service.js';
import { AnalyticsReader } from '../../core/analytics/analytics-reader.js';
import { AnalyticsIngest } from '../analytics/ingest-pool.js';
import { LegacyBodyReader } from '../legacy-content/legacy-body-reader.js';
import { ActionletCatalogue } from '../../core/workflow/actionlet-catalogue.js';
import { FireEngine } from '../../core/workflow/fire-engine.js';
import { LegacySaveService } from '../../core/legacy-save/legacy-save-service.js';
import { SystemActionService } from '../../core/workflow/system-actions.js';
import { TaskHistoryService } from '../../core/workflow/task-history.js';
import { TaskSearchService } from '../../core/workflow/task-search.js';
import { UserMessageService } from '../../core/messages/user-message-service.js';
import { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';
import { ContentSearch } from '../../core/search/content-search.js';
import { Reindexer } from '../../core/search/reindexer.js';
import { JobAdmin } from '../../core/jobs/job-admin.js';
import { PushAdmin } from '../../core/publishing/push-admin.js';
import { BundleReceiver } from '../../core/publishing/bundle-receiver.js';
import { resolve } from '../container.js';
import type { HostSettings } from '../settings.js';
import type { MultipartLimits } from '../http/multipart-form.js';

/** Answers once the service can take requests (storage reachable, not shutting down); throws otherwise. */
export type Readiness = () => Promise<void>;

/**
 * Everything route modules may call, resolved once from the container when the app is built. A
 * route module receives this record, never the container.
 */
export interface Services {
  readonly settings: HostSettings;
  /** Where multipart uploads are spooled (emptied at start) and what one body may hold: for `readMultipartForm`. */
  readonly uploads: { readonly tempDir: string; readonly limits: MultipartLimits };
  readonly readiness: Readiness;
  readonly storage: Storage;
  readonly auth: AuthService;
  readonly users: UserService;
  readonly apiKeys: ApiKeyService;
  readonly autoLogin: AutoLogin;
  readonly sites: SiteService;
  /** Who may see which sites, content types and workflow schemes. */
  readonly readRules: DefinitionReadRules;
  readonly folders: FolderService;
  readonly menuLinks: MenuLinkService;
  readonly siteKeys: SiteKeyService;
  readonly analyticsReader: AnalyticsReader;
  readonly analyticsIngest: AnalyticsIngest;
  readonly languages: LanguageService;
  readonly contentTypes: ContentTypeService;
  readonly fields: FieldService;
  readonly contentTypeCopier: ContentTypeCopier;
  readonly fieldVariables: FieldVariableService;
  readonly fieldLayout: FieldLayoutService;
  readonly fieldTypes: FieldTypeCatalogue;
  readonly categories: CategoryService;
  readonly contentReader: ContentReader;
  readonly fileDelivery: FileDelivery;
  readonly navigation: NavigationService;
  readonly workflows: WorkflowDefinitionService;
  readonly systemActions: SystemActionService;
  readonly schemeTransfer: SchemeTransferService;
  readonly workflowOrdering: WorkflowOrderingService;
  readonly workflowAvailability: WorkflowAvailabilityService;
  readonly fireEngine: FireEngine;
  readonly legacySave: LegacySaveService;
  /** Reads the members of legacy save bodies, large ones on a worker thread. */
  readonly legacyBodies: LegacyBodyReader;
  readonly taskHistory: TaskHistoryService;
  readonly taskSearch: TaskSearchService;
  readonly userMessages: UserMessageService;
  readonly actionlets: ActionletCatalogue;
  readonly assetPermissions: AssetPermissionService;
  readonly contentSearch: ContentSearch;
  readonly reindexer: Reindexer;
  readonly jobAdmin: JobAdmin;
  readonly pushAdmin: PushAdmin;
  readonly bundleReceiver: BundleReceiver;
}

export function resolveServices(
  container: DependencyContainer,
  host: Pick<Services, 'settings' | 'readiness' | 'uploads'>,
): Services {
  return {
    ...host,
    storage: resolve(container, StorageToken),
    auth: resolve(container, AuthService),
    users: resolve(container, UserService),
    apiKeys: resolve(container, ApiKeyService),
    autoLogin: resolve(container, AutoLogin),
    sites: resolve(container, SiteService),
    readRules: resolve(container, DefinitionReadRules),
    folders: resolve(container, FolderService),
    menuLinks: resolve(container, MenuLinkService),
    siteKeys: resolve(container, SiteKeyService),
    analyticsReader: resolve(container, AnalyticsReader),
    analyticsIngest: resolve(container, AnalyticsIngest),
    languages: resolve(container, LanguageService),
    contentTypes: resolve(container, ContentTypeService),
    fields: resolve(container, FieldService),
    contentTypeCopier: resolve(container, ContentTypeCopier),
    fieldVariables: resolve(container, FieldVariableService),
    fieldLayout: resolve(container, FieldLayoutService),
    fieldTypes: resolve(container, FieldTypeCatalogue),
    categories: resolve(container, CategoryService),
    contentReader: resolve(container, ContentReader),
    fileDelivery: resolve(container, FileDelivery),
    navigation: resolve(container, NavigationService),
    workflows: resolve(container, WorkflowDefinitionService),
    systemActions: resolve(container, SystemActionService),
    schemeTransfer: resolve(container, SchemeTransferService),
    workflowOrdering: resolve(container, WorkflowOrderingService),
    workflowAvailability: resolve(container, WorkflowAvailabilityService),
    fireEngine: resolve(container, FireEngine),
    legacySave: resolve(container, LegacySaveService),
    legacyBodies: resolve(container, LegacyBodyReader),
    taskHistory: resolve(container, TaskHistoryService),
    taskSearch: resolve(container, TaskSearchService),
    userMessages: resolve(container, UserMessageService),
    actionlets: resolve(container, ActionletCatalogue),
    assetPermissions: resolve(container, AssetPermissionService),
    contentSearch: resolve(container, ContentSearch),
    reindexer: resolve(container, Reindexer),
    jobAdmin: resolve(container, JobAdmin),
    pushAdmin: resolve(container, PushAdmin),
    bundleReceiver: resolve(container, BundleReceiver),
  };
}
