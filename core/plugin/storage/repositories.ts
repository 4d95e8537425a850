import type {
  IssuedTokenRepository,
  PermissionRepository,
  RoleRepository,
  SessionRepository,
  UserRepository,
} from './access.js';
import type { AnalyticsEventRepository, AnalyticsSiteKeyRepository } from './analytics.js';
import type { ContentRepository } from './content.js';
import type { CategoryRepository, ContentTypeRepository, FieldRepository, LanguageRepository } from './definitions.js';
import type { JobRepository } from './jobs.js';
import type { PushPublishingRepository } from './publishing.js';
import type { FolderRepository, MenuLinkRepository, SiteRepository } from './site-tree.js';
import type { IndexQueueRepository, SettingRepository, SystemEventRepository } from './system.js';
import type { TaskRepository, UserMessageRepository, WorkflowRepository } from './workflow.js';

// Repositories: the only way core reaches stored data. Every method may throw a `CmsError` of
// `Errors.RECORD_NOT_UNIQUE` on a unique-key violation; drivers translate their own errors into
// catalogue entries (see `storageError` in ./failures.ts) so that no raw driver error leaves the plugin.

/** The repositories a storage driver provides, and its transactions. */
export interface DriverRepositories {
  systemEvents: SystemEventRepository;
  categories: CategoryRepository;
  tasks: TaskRepository;
  workflows: WorkflowRepository;
  userMessages: UserMessageRepository;
  content: ContentRepository;
  folders: FolderRepository;
  menuLinks: MenuLinkRepository;
  contentTypes: ContentTypeRepository;
  fields: FieldRepository;
  users: UserRepository;
  roles: RoleRepository;
  permissions: PermissionRepository;
  sessions: SessionRepository;
  issuedTokens: IssuedTokenRepository;
  sites: SiteRepository;
  languages: LanguageRepository;
  settings: SettingRepository;
  indexQueue: IndexQueueRepository;
  jobs: JobRepository;
  publishing: PushPublishingRepository;
  analyticsSiteKeys: AnalyticsSiteKeyRepository;
  analyticsEvents: AnalyticsEventRepository;
  /**
   * A token that changes, in the same transaction, with every write to content types, fields,
   * languages, workflow definitions, permissions or folders. Caches of those definitions compare it to know they are
   * still current, across every process sharing the database.
   */
  definitionsVersion(): Promise<string>;
  /**
   * A token that changes with every write that can change a navigation tree and is not a
   * definition: saves and state changes of pages and files, menu links, sites. (Folders and
   * permissions renew `definitionsVersion`; a navigation cache compares both.)
   */
  navigationVersion(): Promise<string>;
  /** Renews `navigationVersion` in the caller's transaction: call it with every such write. */
  renewNavigationVersion(): Promise<void>;
  /**
   * `definitionsVersion` and `navigationVersion` in one read: what a navigation request compares
   * its cached answers with, on every request.
   */
  versionTokens(): Promise<VersionTokens>;
  /**
   * Runs `work` in one transaction: everything it does through `tx` commits together or not at
   * all. Called on a `tx`, it joins that transaction. Throwing from `work` rolls back and rethrows.
   * A driver may run `work` again when the database killed an attempt (a deadlock): nothing `work`
   * does outside `tx` may assume it runs once.
   */
  transaction<T>(work: (tx: DriverRepositories) => Promise<T>): Promise<T>;
}

export interface VersionTokens {
  definitions: string;
  navigation: string;
}

/** The repositories alone, inside or outside a transaction, as a driver or core holds them. */
export type RepositorySet = Omit<DriverRepositories, 'transaction'>;
