import type { Config } from '../config/config.js';
import type { NormalisedEvent } from '../analytics/normalised-event.js';
import type {
  AnalyticsEventFilter,
  AnalyticsEventPage,
  AnalyticsEventRange,
  AnalyticsSummary,
} from '../model/analytics-event.js';
import type { AnalyticsSiteKey } from '../model/analytics-site-key.js';
import type { ContentType } from '../model/content-type.js';
import type { Field, FieldVariable } from '../model/field.js';
import type { Folder } from '../model/folder.js';
import type { MenuLink, MenuLinkVariant } from '../model/menu-link.js';
import type { Category } from '../model/category.js';
import type {
  ActionletAssociation,
  SystemActionMapping,
  WorkflowAction,
  WorkflowHistoryEntry,
  WorkflowScheme,
  WorkflowStep,
  WorkflowTask,
} from '../model/workflow.js';
import type { ContentIdentifier, ContentState, ContentVersion } from '../model/contentlet.js';
import type { Logger } from '../logger.js';
import type { Language } from '../model/language.js';
import type { Page, PageRequest } from '../model/page.js';
import type { PermissionAssetKind, PermissionGrant } from '../model/permission.js';
import type { Role } from '../model/role.js';
import type { Session } from '../model/session.js';
import type { IssuedToken, IssuedTokenKind } from '../model/issued-token.js';
import type { Site } from '../model/site.js';
import type { ContentTypeSortColumn, SiteSortColumn, Sort, TaskSortColumn, UserSortColumn } from '../model/sort.js';
import type { PushEndpoint, PushEnvironment, PushRecord } from '../model/push-publishing.js';
import type { User } from '../model/user.js';
import type { UserMessage } from '../model/user-message.js';

/**
 * Repositories: the only way core reaches stored data. Every method may throw
 * a `CmsError` of `Errors.RECORD_NOT_UNIQUE` on a unique-key violation; drivers translate their own errors into catalogue entries so that no
 * raw driver error leaves the plugin.
 */
export interface UserRepository {
  insert(user: User): Promise<void>;
  findById(userId: string): Promise<User | undefined>;
  /** Case-insensitive: e-mails are stored lower-case. */
  findByEmail(email: string): Promise<User | undefined>;
  /** By e-mail unless sorted otherwise; ties by user id. */
  list(query: UserQuery): Promise<Page<User>>;
  update(userId: string, changes: Partial<Omit<User, 'userId'>>): Promise<void>;
  /** Role ids granted to the user (its personal role not included). */
  roleIdsOf(userId: string): Promise<string[]>;
  grantRoles(userId: string, roleIds: readonly string[]): Promise<void>;
  /** Makes these the user's granted roles, removing any other grant (its personal role stays). */
  replaceRoles(userId: string, roleIds: readonly string[]): Promise<void>;
  /** Users holding a role, granted or as their personal role, by e-mail. */
  listByRole(roleId: string): Promise<User[]>;
}

export interface UserQuery extends PageRequest {
  sort?: Sort<UserSortColumn>;
  /** Only users whose e-mail, first or last name contains this text, ignoring case. */
  search?: string;
}

export interface RoleRepository {
  insert(role: Role): Promise<void>;
  findById(id: string): Promise<Role | undefined>;
  findByKey(key: string): Promise<Role | undefined>;
  /** Non-personal roles, by name ignoring case. */
  list(): Promise<Role[]>;
}

/**
 * Permissions of assets that have their own ("individual permissions"). Writes renew the
 * definitions version token, so every process drops what it cached.
 */
export interface PermissionRepository {
  /** The asset's own grants (possibly none), or undefined when it inherits. */
  find(assetId: string): Promise<PermissionGrant[] | undefined>;
  /** Gives the asset its own grants, replacing any it had. */
  replace(assetId: string, assetKind: PermissionAssetKind, grants: readonly PermissionGrant[]): Promise<void>;
  /** The asset inherits again. */
  reset(assetId: string): Promise<void>;
  /** Every grant to one of the roles, on any asset. */
  listForRoles(roleIds: readonly string[]): Promise<PermissionGrant[]>;
}

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  find(tokenHash: string): Promise<Session | undefined>;
  touch(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** A user's sessions, oldest first. */
  listByUser(userId: string): Promise<Session[]>;
  /** Removes sessions that expired before `now`; answers how many. */
  deleteExpired(now: number): Promise<number>;
}

/** Issued tokens (API keys, auto-login cookies): ids and metadata only, never a usable token. */
export interface IssuedTokenRepository {
  insert(token: IssuedToken): Promise<void>;
  find(id: string): Promise<IssuedToken | undefined>;
  /** A user's tokens of one kind, newest first. */
  listByUser(userId: string, kind: IssuedTokenKind): Promise<IssuedToken[]>;
  /** Tokens of a kind, not revoked, expiring between `from` and `to`, soonest first. */
  listExpiring(kind: IssuedTokenKind, from: number, to: number): Promise<IssuedToken[]>;
  /** Sets `revokedAt` unless already set; answers whether a row changed. */
  revoke(id: string, at: number): Promise<boolean>;
  /** Revokes every live token of a user (all kinds, or one); answers the ids revoked. */
  revokeByUser(userId: string, at: number, kind?: IssuedTokenKind): Promise<string[]>;
  /** Answers whether a row was deleted. */
  delete(id: string): Promise<boolean>;
  /** Deletes the tokens of a kind that expired before `now`; answers how many. */
  deleteExpired(kind: IssuedTokenKind, now: number): Promise<number>;
}

export interface SiteRepository {
  insert(site: Site): Promise<void>;
  findById(identifier: string): Promise<Site | undefined>;
  /** Case-insensitive. */
  findByName(siteName: string): Promise<Site | undefined>;
  /** By name (ignoring case) unless sorted otherwise; ties by identifier. */
  list(query: SiteQuery): Promise<Page<Site>>;
  /** Writes the state columns (archived, live, default) and the modifier; the name and identifiers stay. */
  update(site: Site): Promise<void>;
  /**
   * Removes the site row; its analytics key goes with it. What else hangs under it (folders,
   * content, menu links) is the caller's to remove first, in the same transaction.
   */
  delete(identifier: string): Promise<void>;
}

export interface SiteQuery extends PageRequest {
  sort?: Sort<SiteSortColumn>;
  /** Only sites whose name contains this text, ignoring case. */
  filter?: string;
  /** Only archived sites (true) or only sites not archived (false); both when absent. */
  archived?: boolean;
  /** Only live sites (true) or only stopped ones (false); both when absent. */
  live?: boolean;
  /** Leaves the system site out when false; it is listed when absent. */
  system?: boolean;
}

/**
 * The analytics ingest keys of sites: one current key per site, found by its hash. Never cached:
 * a replaced key must stop working at once in every process sharing the database.
 */
export interface AnalyticsSiteKeyRepository {
  /** The site's current key, if it has one. */
  find(siteId: string): Promise<AnalyticsSiteKey | undefined>;
  /** The key whose hash this is: one look-up on the unique index of hashes. */
  findByHash(keyHash: string): Promise<AnalyticsSiteKey | undefined>;
  /**
   * Makes this the site's only key, replacing any. Throws `RECORD_NOT_UNIQUE` when another site's
   * key has the same hash. Run it in a transaction: the old key must survive a refused new one.
   */
  replace(key: AnalyticsSiteKey): Promise<void>;
  /** How many sites have a key. */
  count(): Promise<number>;
}

/**
 * Analytics events, as the ingest stores them: many rows, written in batches, read by site and time.
 *
 * @example
 * await repositories.analyticsEvents.insert(siteId, normalisedEvents);
 * const { events, total } = await repositories.analyticsEvents.list({ siteId, limit: 50, offset: 0 });
 */
export interface AnalyticsEventRepository {
  /**
   * Stores a batch for a site, the whole batch or, when it fails, nothing (a multi-row INSERT, or on
   * SQLite a prepared INSERT per event inside one transaction).
   * Past 1000 events (the drivers' limits on bound values) it takes several statements, all or
   * nothing only inside a transaction. Strings are within the limits the ingest checks (`MAX_SHORT_TEXT`,
   * `MAX_LONG_TEXT` in core/analytics/event-shapes.ts): every driver must store them whole.
   */
  insert(siteId: string, events: readonly NormalisedEvent[]): Promise<void>;
  /** A page of a site's events, newest first (time of receipt, then id), and how many match. */
  list(filter: AnalyticsEventFilter): Promise<AnalyticsEventPage>;
  /** Figures over a site's events in a range, computed by the database (GROUP BY), not from rows. */
  summary(range: AnalyticsEventRange): Promise<AnalyticsSummary>;
  /**
   * Deletes at most `limit` of the oldest events (of every site) received before `cutoff`; answers
   * how many. A retention sweep calls it until it answers less than `limit`, so no statement holds
   * the lock for long.
   */
  deleteBefore(cutoff: Date, limit: number): Promise<number>;
}

export interface LanguageRepository {
  /** Stores a language and answers its new id (1, 2, 3, ... in insertion order). */
  insert(language: Omit<Language, 'id'>): Promise<number>;
  findById(id: number): Promise<Language | undefined>;
  findByCode(languageCode: string, countryCode: string): Promise<Language | undefined>;
  list(): Promise<Language[]>;
}

/** Installation-wide values that must survive restarts and be shared by every host process. */
export interface SettingRepository {
  get(key: string): Promise<string | undefined>;
  /** Two values in one read (each undefined when the key is absent). */
  getTwo(first: string, second: string): Promise<[string | undefined, string | undefined]>;
  /** Stores the value unless the key exists; answers the value that is stored afterwards. */
  putIfAbsent(key: string, value: string): Promise<string>;
  /** Stores the value, replacing any. */
  put(key: string, value: string): Promise<void>;
}

export interface ContentTypeQuery extends PageRequest {
  /** Case-insensitive substring of the name or the variable. */
  filter?: string;
  /** Only types of these sites (identifiers; `SYSTEM_HOST` for the system's); an empty list matches none. */
  hosts?: readonly string[];
  /** Only types of these base types (`CONTENT`, `FILEASSET`, ...); an empty list matches none. */
  baseTypes?: readonly string[];
  /** Only types with these variables (case-insensitive); an empty list matches none. */
  variables?: readonly string[];
  sort?: Sort<ContentTypeSortColumn>;
}

export interface ContentTypeRepository {
  /** Stores the type and its workflow bindings. */
  insert(type: ContentType): Promise<void>;
  /** Replaces every column and the workflow bindings. */
  update(type: ContentType): Promise<void>;
  /** Removes the type, its fields and its bindings. */
  delete(id: string): Promise<void>;
  findById(id: string): Promise<ContentType | undefined>;
  /** Case-insensitive. */
  findByVariable(variable: string): Promise<ContentType | undefined>;
  /** By name (ignoring case) unless sorted otherwise; ties by id. */
  list(query: ContentTypeQuery): Promise<Page<ContentType>>;
  /** Ids of the types bound to a workflow scheme, in no particular order. */
  idsBoundTo(schemeId: string): Promise<string[]>;
}

export interface FieldRepository {
  /** The field and its variables. */
  insert(field: Field): Promise<void>;
  /** The field's own settings: its variables are written one at a time (below), or all by `replaceVariables`. */
  update(field: Field): Promise<void>;
  /** The field with its variables. */
  delete(id: string): Promise<void>;
  /** With its variables, in the order they were added. */
  findById(id: string): Promise<Field | undefined>;
  /** By sortOrder, then creation; each with its variables. */
  listByType(contentTypeId: string): Promise<Field[]>;
  /** Adds a variable after the field's others; `RECORD_NOT_UNIQUE` when the field holds its key (or id) already. */
  insertVariable(fieldId: string, variable: FieldVariable, at: number): Promise<void>;
  /** Changes a variable's key and value; `RECORD_NOT_UNIQUE` when another variable of the field holds the key. */
  updateVariable(fieldId: string, variable: FieldVariable, at: number): Promise<void>;
  deleteVariable(fieldId: string, variableId: string): Promise<void>;
  /** All of a field's variables at once (a field update that carries them). */
  replaceVariables(fieldId: string, variables: readonly FieldVariable[], at: number): Promise<void>;
}

/** Versioned content. Writes are meant to run inside a transaction (the content service does). */
export interface ContentRepository {
  insertIdentifier(identifier: ContentIdentifier): Promise<void>;
  findIdentifier(identifier: string): Promise<ContentIdentifier | undefined>;
  /** Moves or renames an item (host, folder path, asset name). Throws `RECORD_NOT_UNIQUE` when the path is taken. */
  updateIdentifier(identifier: ContentIdentifier): Promise<void>;
  /** The item at a path on a host; the folder path and the name compare ignoring (ASCII) case. */
  findByPath(host: string, parentPath: string, assetName: string): Promise<ContentIdentifier | undefined>;
  /**
   * The live, unarchived versions of pages and files (items whose type's base type is one of
   * `baseTypes`) directly in any of the folders `parentPaths` (as content keeps them: `/a/b`, `/`),
   * in any of `languageIds`, on one host: one query for a whole level (or subtree) of a navigation
   * tree. Paths compare ignoring case. In no particular order.
   */
  listLiveInFolders(query: LiveInFoldersQuery): Promise<LiveFolderItem[]>;
  /** Identifiers of items of a content type, at most `limit` of them. */
  listIdentifiersOfType(contentTypeId: string, limit: number): Promise<string[]>;
  /**
   * Item-languages (content states) after `after` in (identifier, languageId) order, at most
   * `limit`: a keyset page for walking all content, or that of one type or site, without offsets.
   */
  scanItemLanguages(query: ItemLanguageScan): Promise<Array<{ identifier: string; languageId: number }>>;
  /** How many item-languages the scan would walk (a reindex's progress total). */
  countItemLanguages(query: Omit<ItemLanguageScan, 'after' | 'limit'>): Promise<number>;
  /** Removes the item with every version, state and unique value, in every language. */
  deleteIdentifier(identifier: string): Promise<void>;
  insertVersion(version: ContentVersion): Promise<void>;
  findVersion(inode: string): Promise<ContentVersion | undefined>;
  /** Newest first. */
  listVersions(identifier: string, languageId: number): Promise<ContentVersion[]>;
  /** Removes one language of an item: its versions, state and unique values. */
  deleteLanguage(identifier: string, languageId: number): Promise<void>;
  /**
   * Of `paths` (stored asset paths, `assets/<key>`), those some content version still holds: a
   * string equal to one anywhere in its values, whatever the field. Reads every version that holds
   * an asset path, a page at a time: meant for the periodic asset sweep, not for requests.
   */
  referencedAssetPaths(paths: readonly string[]): Promise<Set<string>>;
  findState(identifier: string, languageId: number): Promise<ContentState | undefined>;
  listStates(identifier: string): Promise<ContentState[]>;
  /** Inserts or replaces the state of (identifier, language). */
  putState(state: ContentState): Promise<void>;
  /** The item holding a unique value, if any. */
  findUniqueHolder(fieldId: string, languageId: number, valueHash: string): Promise<string | undefined>;
  /** Replaces the unique-field claims of an item in one language; throws `CONTENT_UNIQUE_VALUE_TAKEN` naming the field id in `details[0].fieldName`. */
  claimUniqueValues(
    identifier: string,
    languageId: number,
    claims: ReadonlyArray<{ fieldId: string; valueHash: string }>,
  ): Promise<void>;
}

/**
 * Folders of sites. Paths are given and answered as stored: lower-case, a slash at both ends
 * (`/a/b/`); core normalises what clients send. Writes renew the definitions version token, since
 * folders are cached with the definitions (permissions inherit through them).
 */
export interface FolderRepository {
  /** Throws `RECORD_NOT_UNIQUE` when the site already has a folder at the path. */
  insert(folder: Folder): Promise<void>;
  findById(identifier: string): Promise<Folder | undefined>;
  findByPath(hostId: string, path: string): Promise<Folder | undefined>;
  /** The folders directly in `parentPath` (`/` for the top level), by sortOrder, then title ignoring case, then path. */
  listChildren(hostId: string, parentPath: string): Promise<Folder[]>;
  /** The folder at `path` and every folder below it, by path. */
  listSubtree(hostId: string, path: string): Promise<Folder[]>;
  /** Writes every column but the identifier, inode, site and path (a move or rename is `repath`). */
  update(folder: Folder): Promise<void>;
  /**
   * Moves the folder at `from` and everything below it to `to` (on `toHostId`): the folders' paths
   * and the parent paths of the content inside them, by prefix, and the site of the menu links in
   * them (links name their folder by identifier). Run it in the caller's transaction.
   * Throws `RECORD_NOT_UNIQUE` when a path it makes is taken.
   */
  repath(move: FolderRepath): Promise<void>;
  /** Removes the folder at `path` and every folder below it (not their content). */
  deleteSubtree(hostId: string, path: string): Promise<void>;
  /** Identifiers of content items in the folder at `path` or below it, at most `limit`. */
  contentUnder(hostId: string, path: string, limit: number): Promise<string[]>;
  /**
   * The parent paths content uses outside the root (as content keeps them, `/a/b`), each site's
   * once: what an upgrade from before folders were kept makes folders for.
   */
  contentParentPaths(): Promise<Array<{ hostId: string; parentPath: string }>>;
}

/**
 * Menu links, each with a working version and, once published, a live one. Every write renews
 * the navigation version token in the same transaction: menus show links.
 *
 * @example
 * await tx.menuLinks.insert(link);
 * await tx.menuLinks.publish(link.identifier);
 * const items = await tx.menuLinks.menuItems(hostId, [folderId]);
 */
export interface MenuLinkRepository {
  /** Stores a new link's working version. Throws `RECORD_NOT_UNIQUE` when the identifier exists. */
  insert(link: MenuLink): Promise<void>;
  find(identifier: string, variant: MenuLinkVariant): Promise<MenuLink | undefined>;
  /** Replaces the working version (every column but the identifier); the live one is left alone. */
  update(link: MenuLink): Promise<void>;
  /** Copies the working version to live, replacing any live one. */
  publish(identifier: string): Promise<void>;
  /** Removes the live version. */
  unpublish(identifier: string): Promise<void>;
  /** Removes both versions. */
  delete(identifier: string): Promise<void>;
  /** The links of a site, or of one of its folders (SYSTEM_FOLDER: its root), in one variant, a page at a time. */
  list(query: MenuLinkQuery): Promise<Page<MenuLink>>;
  /** The live links shown on the menu in these folders (any site's), by sortOrder, then title ignoring case. */
  menuItems(hostId: string, folders: readonly string[]): Promise<MenuLink[]>;
  /** How many links (counted once whatever their versions) sit in these folders. */
  countInFolders(folders: readonly string[]): Promise<number>;
  /** Removes every link in these folders; answers their identifiers. */
  deleteInFolders(folders: readonly string[]): Promise<string[]>;
}

export interface MenuLinkQuery extends PageRequest {
  hostId: string;
  /** A folder identifier, SYSTEM_FOLDER for the site's root, or undefined for every link of the site. */
  folder?: string;
  variant: MenuLinkVariant;
  /** `sortOrder` (then title, the default), `title` (then sortOrder) or `modDate` (newest first); ties by identifier. */
  orderBy?: 'sortOrder' | 'title' | 'modDate';
}

export interface FolderRepath {
  hostId: string;
  from: string;
  toHostId: string;
  to: string;
}

export interface LiveInFoldersQuery {
  host: string;
  parentPaths: readonly string[];
  languageIds: readonly number[];
  baseTypes: readonly string[];
}

/** One live version of an item in a folder, with what a menu shows of it. */
export interface LiveFolderItem {
  identifier: ContentIdentifier;
  baseType: string;
  languageId: number;
  inode: string;
  title: string;
  sortOrder: number;
  values: Record<string, unknown>;
}

export interface ItemLanguageScan {
  after?: { identifier: string; languageId: number };
  limit: number;
  contentTypeId?: string;
  /** A site id: items whose host it is. */
  host?: string;
}

/**
 * What the search index still has to take in: written in the transaction of the change that calls
 * for it, removed once the index has it. Rows left by a crash are applied at the next start.
 */
export interface IndexQueueEntry {
  key: string;
  /** `item`: one item-language; `type` and `site`: every item of one; `all`: everything. */
  scope: 'item' | 'type' | 'site' | 'all';
  /** The identifier, type id or site id; empty for `all`. */
  target: string;
  /** The item's language (`item` only; 0 otherwise). */
  languageId: number;
  enqueuedAt: number;
}

export interface IndexQueueRepository {
  enqueue(entries: readonly IndexQueueEntry[]): Promise<void>;
  /** The oldest entries enqueued before `before` (epoch ms), at most `limit`. */
  oldest(limit: number, before: number): Promise<IndexQueueEntry[]>;
  remove(keys: readonly string[]): Promise<void>;
}

/** Where a job stands: waiting (first run or retry), claimed by a dispatcher, sent, or given up. */
export type JobStatus = 'pending' | 'running' | 'done' | 'dead';

/**
 * A durable job of the job queue: a side effect written in the transaction that calls for it and
 * run after the commit (the transactional-outbox pattern). Times are epoch ms.
 */
export interface Job {
  id: string;
  kind: string;
  /** JSON text, as the handler of `kind` reads it. */
  payload: string;
  /** Unique: a job written twice under one key is one job. */
  idempotencyKey: string;
  status: JobStatus;
  /** Runs started so far (a claim counts one). */
  attempts: number;
  maxAttempts: number;
  /** When a pending job is due. */
  nextRunAt: number;
  /** The token of the claim running it, while `running`. */
  leaseOwner: string | null;
  /** Until when that claim holds it; past it, any dispatcher may claim it again. */
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewJob = Pick<
  Job,
  'id' | 'kind' | 'payload' | 'idempotencyKey' | 'maxAttempts' | 'nextRunAt' | 'createdAt'
>;

export interface JobClaim {
  /** At most this many jobs. */
  limit: number;
  now: number;
  /** A token unique to this claim; the claimed jobs carry it as `leaseOwner`. */
  owner: string;
  leaseUntil: number;
}

/** The outcome of a run that did not succeed: due again at `nextRunAt`, or `dead` (given up). */
export interface JobFailure {
  status: 'pending' | 'dead';
  nextRunAt: number;
  lastError: string;
  now: number;
}

export interface JobRepository {
  /** Writes a job (in the caller's transaction); answers the id of the job holding the key, which may be an earlier one. */
  enqueue(job: NewJob): Promise<string>;
  /**
   * Takes up to `limit` jobs that are due (pending and past `nextRunAt`, or running with a lapsed
   * lease), oldest due first, marks them running under `owner` until `leaseUntil` and counts an
   * attempt. Safe with several processes: a job is claimed by one claim only.
   */
  claim(claim: JobClaim): Promise<Job[]>;
  /** Extends the lease of jobs still held by `owner`. */
  renew(ids: readonly string[], owner: string, leaseUntil: number): Promise<void>;
  /** Marks a job done, if `owner` still holds it. */
  complete(id: string, owner: string, now: number): Promise<void>;
  /** Records a failed run, if `owner` still holds it. */
  fail(id: string, owner: string, failure: JobFailure): Promise<void>;
  find(id: string): Promise<Job | undefined>;
  /** Newest first; every status when none is given. */
  list(query: { status?: JobStatus; offset: number; limit: number }): Promise<Page<Job>>;
  /** Makes a dead or pending job due now with its attempts reset; answers it, or undefined when there is no such job (or it is running or done). */
  retry(id: string, now: number): Promise<Job | undefined>;
  /** Removes a job unless it is running; false when it was not removed. */
  remove(id: string): Promise<boolean>;
  /** Removes done jobs last updated before `before`; answers how many. */
  purgeDone(before: number): Promise<number>;
}

/** Push publishing environments, endpoints and what was pushed to each. */
export interface PushPublishingRepository {
  listEnvironments(): Promise<PushEnvironment[]>;
  findEnvironment(id: string): Promise<PushEnvironment | undefined>;
  findEnvironmentByName(name: string): Promise<PushEnvironment | undefined>;
  insertEnvironment(environment: PushEnvironment): Promise<void>;
  updateEnvironment(environment: PushEnvironment): Promise<void>;
  /** Removes the environment with its endpoints and their records. */
  removeEnvironment(id: string): Promise<void>;
  /** Every endpoint, or those of one environment. */
  listEndpoints(environmentId?: string): Promise<PushEndpoint[]>;
  findEndpoint(id: string): Promise<PushEndpoint | undefined>;
  insertEndpoint(endpoint: PushEndpoint): Promise<void>;
  updateEndpoint(endpoint: PushEndpoint): Promise<void>;
  removeEndpoint(id: string): Promise<void>;
  findRecord(endpointId: string, identifier: string): Promise<PushRecord | undefined>;
  /** Writes the record of the endpoint and item, replacing the earlier one. */
  putRecord(record: PushRecord): Promise<void>;
  /** The records of one item, or every record. */
  listRecords(identifier?: string): Promise<PushRecord[]>;
}

export interface CategoryRepository {
  insert(category: Category): Promise<void>;
  findByInode(inode: string): Promise<Category | undefined>;
  findByKey(key: string): Promise<Category | undefined>;
  findByVariable(variable: string): Promise<Category | undefined>;
  /** Children of a parent (null: the top level), by sortOrder then name ignoring case. */
  listChildren(parent: string | null): Promise<Category[]>;
}

/** Workflow schemes, steps, actions (shared by the steps they are attached to) and actionlet associations. */
export interface WorkflowRepository {
  insertScheme(scheme: WorkflowScheme): Promise<void>;
  updateScheme(scheme: WorkflowScheme): Promise<void>;
  /** Removes the scheme with its steps, actions and associations. */
  deleteScheme(id: string): Promise<void>;
  findScheme(id: string): Promise<WorkflowScheme | undefined>;
  listSchemes(): Promise<WorkflowScheme[]>;
  insertStep(step: WorkflowStep): Promise<void>;
  updateStep(step: WorkflowStep): Promise<void>;
  deleteStep(id: string): Promise<void>;
  findStep(id: string): Promise<WorkflowStep | undefined>;
  /** By myOrder. */
  listSteps(schemeId: string): Promise<WorkflowStep[]>;
  insertAction(action: WorkflowAction): Promise<void>;
  updateAction(action: WorkflowAction): Promise<void>;
  deleteAction(id: string): Promise<void>;
  findAction(id: string): Promise<WorkflowAction | undefined>;
  /** By order, then name ignoring case (as both dialects compare it), then id. */
  listActions(schemeId: string): Promise<WorkflowAction[]>;
  /** Attaches at the end (or at `position`); attaching twice is harmless. */
  attachAction(stepId: string, actionId: string, position?: number): Promise<void>;
  detachAction(stepId: string, actionId: string): Promise<void>;
  /** Actions attached to a step, in their step order. */
  listStepActions(stepId: string): Promise<WorkflowAction[]>;
  /** Step ids an action is attached to. */
  stepsOfAction(actionId: string): Promise<string[]>;
  insertActionlet(association: ActionletAssociation): Promise<void>;
  deleteActionlet(id: string): Promise<void>;
  findActionlet(id: string): Promise<ActionletAssociation | undefined>;
  /** By order. */
  listActionlets(actionId: string): Promise<ActionletAssociation[]>;
  /** Resolves a full id, or the 10-character short form (the first 10 hex digits), of a scheme, step or action. */
  resolveId(kind: 'scheme' | 'step' | 'action', idOrShort: string): Promise<string | undefined>;
  /** Stores a mapping, replacing the owner's mapping for the same verb. */
  putSystemAction(mapping: SystemActionMapping): Promise<void>;
  findSystemAction(id: string): Promise<SystemActionMapping | undefined>;
  /** An owner's mappings, in the order of SYSTEM_ACTION_NAMES. */
  listSystemActions(ownerKind: SystemActionMapping['ownerKind'], ownerId: string): Promise<SystemActionMapping[]>;
  /** The mappings that fire an action. */
  listSystemActionsOfAction(actionId: string): Promise<SystemActionMapping[]>;
  deleteSystemAction(id: string): Promise<void>;
}

/** Workflow tasks (where each item stands) and their history of actions and comments. */
export interface TaskRepository {
  find(identifier: string, languageId: number): Promise<WorkflowTask | undefined>;
  /** Inserts or replaces the task of (identifier, language). */
  put(task: WorkflowTask): Promise<void>;
  /** Removes the tasks (and history) of an item, in one language or in all. */
  delete(identifier: string, languageId?: number): Promise<void>;
  /** Whether any item currently stands in the step. */
  anyInStep(stepId: string): Promise<boolean>;
  addHistory(entry: WorkflowHistoryEntry): Promise<void>;
  /** Oldest first. */
  listHistory(identifier: string): Promise<WorkflowHistoryEntry[]>;
  /** Tasks matching every filter given, one page in the order asked, with the count of all that match. */
  search(query: TaskSearchQuery): Promise<Page<TaskSearchHit>>;
}

/** The filters of a task search; a filter left out matches every task. */
export interface TaskSearchQuery extends PageRequest {
  /** Text found in the title of the item's working version, ignoring case. */
  keywords?: string;
  /** Tasks assigned to any of these (user ids, role ids or role keys, as tasks hold them). */
  assignedTo?: readonly string[];
  /** Tasks changed at or after this time (epoch ms). */
  modifiedSince?: number;
  schemeId?: string;
  stepId?: string;
  createdBy?: string;
  /** Tasks in a resolved step (true: closed) or in one that is not (false: open). */
  resolved?: boolean;
  sort: Sort<TaskSortColumn>;
}

/** A task found by a search, with the title of its item (empty when the item has no working version). */
export interface TaskSearchHit extends WorkflowTask {
  title: string;
}

/** Messages workflow fires leave for users (the Message actionlet). */
export interface UserMessageRepository {
  insert(message: UserMessage): Promise<void>;
  find(id: string): Promise<UserMessage | undefined>;
  /** A user's messages, newest first; `total` counts them all. */
  listByUser(userId: string, page: PageRequest): Promise<Page<UserMessage>>;
  countUnread(userId: string): Promise<number>;
  markRead(id: string, at: number): Promise<void>;
  delete(id: string): Promise<void>;
}

/** A system event as the journal stores it, for the other processes sharing the database. */
export interface StoredSystemEvent {
  /** Assigned by the database, increasing in order of insertion (not of commit). */
  seq: number;
  /** The process that raised it (it has delivered it already). */
  origin: string;
  createdAt: number;
  /** The raised event, as JSON. */
  body: string;
}

/** The journal of system events: written in the transaction that raises them, read by every process. */
export interface SystemEventRepository {
  append(event: Omit<StoredSystemEvent, 'seq'>): Promise<void>;
  /** Events after `seq`, in order of `seq`, at most `limit`. */
  listAfter(seq: number, limit: number): Promise<StoredSystemEvent[]>;
  /** The events of these sequence numbers that exist (committed since they were missed). */
  listSeqs(seqs: readonly number[]): Promise<StoredSystemEvent[]>;
  /** The highest sequence number stored; 0 when there is none. */
  latestSeq(): Promise<number>;
  deleteBefore(createdAt: number): Promise<void>;
}

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

/** Storage as a driver opens it. */
export interface DriverStorage extends DriverRepositories {
  /** The driver's name (`sqlite`, `mysql`). */
  readonly driverName: string;
  /**
   * True when the database lets one connection write at a time (SQLite, per file): threads writing
   * through connections of their own then only take turns, so pools of writers size themselves by
   * it. Absent or false: connections write at once.
   */
  readonly singleWriter?: boolean;
  /**
   * Where the data lives, for the start-up line and start-up errors (`/srv/cms/data/cms.db`,
   * `mysql://cms:***@db:3306/cms`). Never a password.
   */
  readonly target?: string;
  /** Applies the versioned migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Answers once the database can be reached (readiness). Throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What an after-commit effect is about, for the log line when it fails. */
export interface AfterCommitAbout {
  /** The content item concerned, when there is one. */
  identifier?: string | null;
  /** What the effect does (`mail`, `index`, an actionlet's class). */
  what: string;
}

/**
 * Stored data as core sees it: the driver's repositories, and transactions that carry a unit of
 * work (see `core/transactions/unit-of-work.ts`).
 */
export interface Repositories extends Omit<DriverRepositories, 'transaction'> {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Registers work that must happen once the data is durable (mail, index updates, events, cache
   * invalidation). Inside a transaction it runs after the commit, in registration order, and never
   * after a rollback; outside one it runs at once. A failure is logged with `about`; it never undoes
   * the committed change.
   */
  afterCommit(effect: () => Promise<void> | void, about: AfterCommitAbout): void;
  /**
   * Registers the undoing of something done outside the database during this transaction (a file
   * written for a value that is then not saved). It runs once the transaction has rolled back, or
   * when the driver runs it again; never after a commit. Outside a transaction it never runs.
   */
  afterRollback(effect: () => Promise<void> | void, about: AfterCommitAbout): void;
}

/** Storage as core sees it. */
export interface Storage extends Repositories {
  readonly driverName: string;
  /** See {@link DriverStorage.singleWriter}. */
  readonly singleWriter?: boolean;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StorageOpenContext {
  config: Config;
  dataDir: string;
  logger: Logger;
}

/**
 * A storage driver, chosen by the property `storage.driver`.
 *
 * @example
 * export default definePlugin({
 *   name: 'storage-sqlite', apiVersion: 1,
 *   setup: () => ({ storageDrivers: [{ name: 'sqlite', open: (ctx) => openSqlite(ctx) }] }),
 * });
 */
export interface StorageDriver {
  name: string;
  open(context: StorageOpenContext): Promise<DriverStorage>;
}
