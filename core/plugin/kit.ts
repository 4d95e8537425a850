/**
 * The plugin kit: everything a plugin may use, and nothing else of the service. Third-party
 * plugins import it as `cms/plugin` (the `exports` of package.json, with the declarations
 * `npm run build` writes); every built-in plugin but the storage drivers imports this file and
 * nothing else of core (a lint rule holds them to it), so the kit is known to be enough.
 *
 * Adding to it is adding public API: whatever is exported here must keep working for plugins
 * written against this `PLUGIN_API_VERSION`. docs/kit.api.md lists every export with its signature
 * (`npm run kit-api` writes it; a test fails while it is stale), so each change is seen in review.
 * A helper that only a built-in plugin needs belongs in that plugin, not here.
 */

// The descriptor, its set-up context and its configuration properties.
export {
  PLUGIN_API_VERSION,
  definePlugin,
  type PluginContributions,
  type PluginDescriptor,
  type PluginSetupContext,
  type PropertySpec,
} from './plugin.js';
export {
  defineProperties,
  readProperties,
  type PropertyDeclaration,
  type PropertyDeclarations,
  type PropertyValue,
  type PropertyValues,
} from '../config/properties.js';
export type { Config } from '../config/config.js';
export type { Logger } from '../logger.js';

// What a plugin throws: each reaches the client with its status and message.
export {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PluginError,
  UnauthenticatedError,
  UnavailableError,
  type PluginErrorKind,
  type PluginErrorOptions,
} from './plugin-errors.js';

// Actionlets.
export {
  defineActionlet,
  type Actionlet,
  type ActionletContext,
  type ActionletParameter,
  type ContentLanguage,
  type ContentOperations,
  type FiredContent,
  type FoundUsers,
  type ItemField,
  type StoredFile,
  type WorkflowUser,
  type WorkflowOperations,
} from './actionlet.js';

// Field types.
export {
  FieldValueError,
  canonicalFieldClassName,
  defineFieldType,
  type FieldDefinitionView,
  type FieldParseContext,
  type FieldType,
  type SearchFieldMapping,
} from './field-type.js';
export { isSpooledFile, type SpooledFile } from './spooled-file.js';

// Auth schemes.
export {
  defineAuthScheme,
  type AuthRequest,
  type AuthScheme,
  type AuthServices,
  type AutoLoginContext,
  type SignInContext,
} from './auth-scheme.js';
export { ACCESS_TOKEN_COOKIE_NAME, SESSION_COOKIE_NAME } from '../auth/session-cookie.js';
export type { Principal } from '../auth/principal.js';

// The original's class-path properties, as named contributions: the signing key of tokens, the
// encryptor of stored secrets, and the marshal (with its configurator) of the system events' JSON.
export { defineSigningKeyFactory, type SigningKeyFactory } from './token-components.js';
export { defineEncryptor, type Encryptor } from './encryptor.js';
export {
  defineJsonConfigurator,
  defineMarshal,
  type JsonCodec,
  type JsonConfigurator,
  type Marshal,
} from './marshal.js';
export type { User } from '../model/user.js';

// Mail transports, asset stores and search drivers.
export type { MailAttachment, MailMessage, MailSender, MailTransport } from './mail-transport.js';

// Calls to other servers.
export {
  OutboundHttpError,
  type OutboundFailure,
  type OutboundHttp,
  type OutboundHttpClients,
  type OutboundRequest,
  type OutboundResponse,
} from './outbound-http.js';

// Machine translation (Translate Content).
export type { ContentTranslation, TranslationProvider, TranslationRequest } from './translation-provider.js';

// Secrets sealed with the encryptor `encryptor.implementation` names.
export type { SecretSealer } from './secret-sealer.js';

// Durable jobs.
export { defineJobHandler, type JobContext, type JobHandler } from './job-handler.js';
export {
  isAssetKey,
  type AssetStorage,
  type AssetStorageDriver,
  type AssetStorageOpenContext,
} from './asset-storage.js';
export { SEARCH_REQUEST_MEMBERS } from './search-driver.js';
export {
  DEFAULT_SEARCH_LIMITS,
  checkResultWindow,
  resultWindowTooLarge,
  searchDeadline,
  searchTimedOut,
  type SearchLimits,
} from './search-limits.js';
export type {
  IndexRebuild,
  SearchDocument,
  SearchDriver,
  SearchDriverOpenContext,
  SearchHit,
  SearchIndex,
  SearchRequest,
  SearchResponse,
  SearchScalar,
} from './search-driver.js';
export { parseLuceneQuery } from '../search/lucene-query.js';
// For plugins on better-sqlite3 connections (the SQLite storage driver, the embedded search driver).
export { cacheStatements, type CacheableStatement } from './sqlite-statement-cache.js';
export {
  holdsTypedValues,
  isAnalysedMember,
  isDateText,
  isNumericText,
  isTypedQueryValue,
  rangeReadings,
} from '../search/analysed-members.js';
export type { QueryDsl, BoolQuery, RangeBounds } from '../search/query-dsl.js';

// ---------------------------------------------------------------------------------------------
// Storage drivers: the storage contract (`core/plugin/storage/`), what a driver throws, and the
// model it stores. Enough to write a driver against `cms/plugin` alone (the built-in drivers in
// plugins/storage/ do); `cms/plugin/testing` has the repository contract suite to run it against.

// The descriptor, the storage it opens, and transactions (`DriverRepositories.transaction`).
export {
  defineStorageDriver,
  type DriverRepositories,
  type DriverStorage,
  type RepositorySet,
  type StorageDriver,
  type StorageOpenContext,
  type VersionTokens,
} from './storage/index.js';
// Errors: a driver classifies its database's errors and throws the catalogue error of the kind.
export {
  classifyChain,
  isCatalogueError,
  storageError,
  translateStorageError,
  uniqueValueTaken,
  type StorageFailure,
} from './storage/index.js';
export { StartupError } from '../errors/index.js';
// The repositories, by area, with their queries and records.
export type {
  AnalyticsEventRepository,
  AnalyticsSiteKeyRepository,
  CategoryRepository,
  ContentRepository,
  ContentTypeQuery,
  ContentTypeRepository,
  FieldRepository,
  FolderRepath,
  FolderRepository,
  IndexQueueEntry,
  IndexQueueRepository,
  IssuedTokenRepository,
  ItemLanguageScan,
  Job,
  JobClaim,
  JobFailure,
  JobRepository,
  JobStatus,
  LanguageRepository,
  LiveFolderItem,
  LiveInFoldersQuery,
  MenuLinkQuery,
  MenuLinkRepository,
  NewJob,
  PermissionRepository,
  PushPublishingRepository,
  RoleRepository,
  SessionRepository,
  SettingRepository,
  SiteQuery,
  SiteRepository,
  StoredSystemEvent,
  SystemEventRepository,
  TaskRepository,
  TaskSearchHit,
  TaskSearchQuery,
  UserMessageRepository,
  UserQuery,
  ReassignedContent,
  PersonalRoleQuery,
  UserRepository,
  WorkflowRepository,
} from './storage/index.js';
// The model the repositories store (`User` is exported with the auth schemes, above).
export type { NormalisedEvent } from '../analytics/normalised-event.js';
export type {
  AnalyticsEventFilter,
  AnalyticsEventPage,
  AnalyticsEventRange,
  AnalyticsSummary,
  StoredAnalyticsEvent,
} from '../model/analytics-event.js';
export type { AnalyticsSiteKey } from '../model/analytics-site-key.js';
export type { Category } from '../model/category.js';
export type { ContentType } from '../model/content-type.js';
export type { ContentIdentifier, ContentState, ContentVersion } from '../model/contentlet.js';
export type { Field, FieldVariable } from '../model/field.js';
export { contentParentPathOf, parentPathOf, type Folder } from '../model/folder.js';
export type { IssuedToken, IssuedTokenKind } from '../model/issued-token.js';
export type { Language } from '../model/language.js';
export type { MenuLink, MenuLinkTarget, MenuLinkType, MenuLinkVariant } from '../model/menu-link.js';
export type { Page, PageRequest } from '../model/page.js';
export type { PermissionAssetKind, PermissionGrant } from '../model/permission.js';
export type { PushEndpoint, PushEnvironment, PushRecord, PushStatus } from '../model/push-publishing.js';
export type { Role } from '../model/role.js';
export type { Session } from '../model/session.js';
export type { Site, SiteVariable } from '../model/site.js';
export type { ContentTypeSortColumn, SiteSortColumn, Sort, TaskSortColumn, UserSortColumn } from '../model/sort.js';
export { STORED_ASSET_PREFIX } from '../model/stored-asset.js';
export type { UserMessage } from '../model/user-message.js';
export {
  SYSTEM_ACTION_NAMES,
  type ActionletAssociation,
  type ShowOn,
  type SystemActionMapping,
  type SystemActionName,
  type WorkflowAction,
  type WorkflowHistoryEntry,
  type WorkflowScheme,
  type WorkflowStep,
  type WorkflowTask,
} from '../model/workflow.js';
