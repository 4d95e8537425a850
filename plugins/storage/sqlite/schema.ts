// SQLite tables. Same shape as ../mysql/schema.ts (a type-level test keeps them in step).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull().unique('users_email_unique'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
  roleId: text('role_id').notNull(),
  createdAt: integer('created_at').notNull(),
  modDate: integer('mod_date').notNull(),
});

export const roles = sqliteTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  key: text('role_key').notNull().unique('roles_role_key_unique'),
  description: text('description').notNull(),
  system: integer('system', { mode: 'boolean' }).notNull(),
  personal: integer('personal', { mode: 'boolean' }).notNull(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
);

export const issuedTokens = sqliteTable(
  'issued_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    issuedAt: integer('issued_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    notBefore: integer('not_before'),
    revokedAt: integer('revoked_at'),
    network: text('network'),
    label: text('label'),
    requestingUserId: text('requesting_user_id').notNull(),
    requestingIp: text('requesting_ip').notNull(),
  },
  (t) => [index('issued_tokens_user').on(t.userId, t.kind), index('issued_tokens_expires_at').on(t.expiresAt)],
);

export const userMessages = sqliteTable(
  'user_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    fromUserId: text('from_user_id').notNull(),
    identifier: text('identifier'),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [index('user_messages_user').on(t.userId, t.createdAt)],
);

/** The journal of system events, read by every process (see `SystemEventRepository`). */
export const systemEvents = sqliteTable(
  'system_events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    origin: text('origin').notNull(),
    createdAt: integer('created_at').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('system_events_created_at').on(t.createdAt)],
);

export const sites = sqliteTable(
  'sites',
  {
    identifier: text('identifier').primaryKey(),
    inode: text('inode').notNull(),
    siteName: text('site_name').notNull(),
    /** Lower-case site name: uniqueness and look-up ignore case on every dialect. */
    siteNameKey: text('site_name_key').notNull(),
    aliases: text('aliases').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
    system: integer('system', { mode: 'boolean' }).notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull(),
    live: integer('live', { mode: 'boolean' }).notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [uniqueIndex('sites_site_name_key_unique').on(t.siteNameKey)],
);

export const languages = sqliteTable(
  'languages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    languageCode: text('language_code').notNull(),
    countryCode: text('country_code').notNull(),
    language: text('language').notNull(),
    country: text('country').notNull(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.languageCode, t.countryCode)],
);

export const settings = sqliteTable('settings', {
  key: text('setting_key').primaryKey(),
  value: text('setting_value').notNull(),
});

export const contentTypes = sqliteTable(
  'content_types',
  {
    id: text('id').primaryKey(),
    clazz: text('clazz').notNull(),
    baseType: text('base_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    variable: text('variable').notNull(),
    /** Lower-case variable: unique and looked up ignoring case on every dialect. */
    variableKey: text('variable_key').notNull(),
    host: text('host').notNull(),
    folder: text('folder').notNull(),
    owner: text('owner').notNull(),
    defaultType: integer('default_type', { mode: 'boolean' }).notNull(),
    fixed: integer('fixed', { mode: 'boolean' }).notNull(),
    system: integer('system', { mode: 'boolean' }).notNull(),
    versionable: integer('versionable', { mode: 'boolean' }).notNull(),
    multilingualable: integer('multilingualable', { mode: 'boolean' }).notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull(),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [uniqueIndex('content_types_variable_key_unique').on(t.variableKey), index('content_types_name').on(t.name)],
);

export const contentTypeWorkflows = sqliteTable(
  'content_type_workflows',
  {
    contentTypeId: text('content_type_id')
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    schemeId: text('scheme_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentTypeId, t.schemeId] }),
    index('content_type_workflows_scheme').on(t.schemeId),
  ],
);

export const fields = sqliteTable(
  'fields',
  {
    id: text('id').primaryKey(),
    contentTypeId: text('content_type_id')
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    clazz: text('clazz').notNull(),
    name: text('name').notNull(),
    variable: text('variable').notNull(),
    variableKey: text('variable_key').notNull(),
    dataType: text('data_type').notNull(),
    sortOrder: integer('sort_order').notNull(),
    regexCheck: text('regex_check'),
    defaultValue: text('default_value'),
    hint: text('hint'),
    values: text('field_values'),
    required: integer('required', { mode: 'boolean' }).notNull(),
    searchable: integer('searchable', { mode: 'boolean' }).notNull(),
    indexed: integer('indexed', { mode: 'boolean' }).notNull(),
    listed: integer('listed', { mode: 'boolean' }).notNull(),
    unique: integer('unique_value', { mode: 'boolean' }).notNull(),
    readOnly: integer('read_only', { mode: 'boolean' }).notNull(),
    fixed: integer('fixed', { mode: 'boolean' }).notNull(),
    relationType: text('relation_type'),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [uniqueIndex('fields_type_variable_unique').on(t.contentTypeId, t.variableKey)],
);

/**
 * The key/value variables of fields, a row each: two writes to different variables of one field
 * touch different rows, so neither loses the other. Keys are unique per field, compared exactly.
 */
export const fieldVariables = sqliteTable(
  'field_variables',
  {
    id: text('id').primaryKey(),
    fieldId: text('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    key: text('variable_key').notNull(),
    value: text('variable_value').notNull(),
    /** Variables are listed in the order they were added. */
    createdAt: integer('created_at').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [uniqueIndex('field_variables_field_key_unique').on(t.fieldId, t.key)],
);

export const contentIdentifiers = sqliteTable(
  'content_identifiers',
  {
    identifier: text('identifier').primaryKey(),
    contentTypeId: text('content_type_id').notNull(),
    host: text('host').notNull(),
    folder: text('folder').notNull(),
    parentPath: text('parent_path').notNull(),
    assetName: text('asset_name'),
    owner: text('owner').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('content_identifiers_type').on(t.contentTypeId),
    uniqueIndex('content_identifiers_path_unique').on(t.host, t.parentPath, t.assetName),
  ],
);

/**
 * Folders of sites. `path` (lower-case, slash at both ends) is unique per site; `parent_path` is the
 * path of the folder it sits in (`/` at the root), for listing children without a LIKE.
 */
export const folders = sqliteTable(
  'folders',
  {
    identifier: text('identifier').primaryKey(),
    inode: text('inode').notNull(),
    hostId: text('host_id').notNull(),
    path: text('path').notNull(),
    parentPath: text('parent_path').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    showOnMenu: integer('show_on_menu', { mode: 'boolean' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    defaultFileType: text('default_file_type'),
    filesMasks: text('files_masks').notNull(),
    owner: text('owner').notNull(),
    iDate: integer('i_date').notNull(),
    modDate: integer('mod_date').notNull(),
    modUser: text('mod_user').notNull(),
  },
  (t) => [
    uniqueIndex('folders_path_unique').on(t.hostId, t.path),
    index('folders_children').on(t.hostId, t.parentPath, t.sortOrder),
  ],
);

/** Menu links: one row per version (`working`, and `live` once published) of each link. */
export const menuLinks = sqliteTable(
  'menu_links',
  {
    identifier: text('identifier').notNull(),
    variant: text('variant').notNull(),
    inode: text('inode').notNull(),
    hostId: text('host_id').notNull(),
    folder: text('folder').notNull(),
    title: text('title').notNull(),
    friendlyName: text('friendly_name').notNull(),
    linkType: text('link_type').notNull(),
    protocol: text('protocol').notNull(),
    url: text('url').notNull(),
    internalLinkIdentifier: text('internal_link_identifier').notNull(),
    linkCode: text('link_code').notNull(),
    target: text('target').notNull(),
    showOnMenu: integer('show_on_menu', { mode: 'boolean' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    owner: text('owner').notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
    iDate: integer('i_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.identifier, t.variant] }),
    index('menu_links_folder').on(t.hostId, t.folder, t.variant, t.sortOrder),
  ],
);

export const contentVersions = sqliteTable(
  'content_versions',
  {
    inode: text('inode').primaryKey(),
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    title: text('title').notNull(),
    modUser: text('mod_user').notNull(),
    modDate: integer('mod_date').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** JSON object: field variable -> stored value. */
    values: text('field_values').notNull(),
  },
  (t) => [index('content_versions_identifier').on(t.identifier, t.languageId)],
);

export const contentStates = sqliteTable(
  'content_states',
  {
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    workingInode: text('working_inode').notNull(),
    liveInode: text('live_inode'),
    archived: integer('archived', { mode: 'boolean' }).notNull(),
    lockedBy: text('locked_by'),
    lockedAt: integer('locked_at'),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] })],
);

/** One row per value of a unique field: the database itself refuses a duplicate. */
export const contentUniqueValues = sqliteTable(
  'content_unique_values',
  {
    fieldId: text('field_id').notNull(),
    languageId: integer('language_id').notNull(),
    valueHash: text('value_hash').notNull(),
    identifier: text('identifier')
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.languageId, t.valueHash] }),
    index('content_unique_values_identifier').on(t.identifier),
  ],
);

export const categories = sqliteTable(
  'categories',
  {
    inode: text('inode').primaryKey(),
    name: text('name').notNull(),
    key: text('category_key').unique('categories_key_unique'),
    variable: text('variable').notNull().unique('categories_variable_unique'),
    parent: text('parent'),
    sortOrder: integer('sort_order').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [index('categories_parent').on(t.parent)],
);

export const workflowSchemes = sqliteTable('workflow_schemes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  archived: integer('archived', { mode: 'boolean' }).notNull(),
  mandatory: integer('mandatory', { mode: 'boolean' }).notNull(),
  defaultScheme: integer('default_scheme', { mode: 'boolean' }).notNull(),
  entryActionId: text('entry_action_id'),
  system: integer('system', { mode: 'boolean' }).notNull(),
  creationDate: integer('creation_date').notNull(),
  modDate: integer('mod_date').notNull(),
});

export const workflowSteps = sqliteTable(
  'workflow_steps',
  {
    id: text('id').primaryKey(),
    schemeId: text('scheme_id')
      .notNull()
      .references(() => workflowSchemes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    myOrder: integer('my_order').notNull(),
    resolved: integer('resolved', { mode: 'boolean' }).notNull(),
    enableEscalation: integer('enable_escalation', { mode: 'boolean' }).notNull(),
    escalationAction: text('escalation_action'),
    escalationTime: integer('escalation_time').notNull(),
    creationDate: integer('creation_date').notNull(),
  },
  (t) => [index('workflow_steps_scheme').on(t.schemeId)],
);

export const workflowActions = sqliteTable(
  'workflow_actions',
  {
    id: text('id').primaryKey(),
    schemeId: text('scheme_id')
      .notNull()
      .references(() => workflowSchemes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    condition: text('action_condition').notNull(),
    nextStep: text('next_step').notNull(),
    nextAssign: text('next_assign').notNull(),
    icon: text('icon').notNull(),
    roleHierarchyForAssign: integer('role_hierarchy_for_assign', { mode: 'boolean' }).notNull(),
    assignable: integer('assignable', { mode: 'boolean' }).notNull(),
    commentable: integer('commentable', { mode: 'boolean' }).notNull(),
    order: integer('action_order').notNull(),
    owner: text('owner'),
    /** JSON array of showOn values. */
    showOn: text('show_on').notNull(),
    /** JSON array of user and role ids. */
    whoCanUse: text('who_can_use').notNull(),
  },
  (t) => [index('workflow_actions_scheme').on(t.schemeId)],
);

export const workflowStepActions = sqliteTable(
  'workflow_step_actions',
  {
    stepId: text('step_id')
      .notNull()
      .references(() => workflowSteps.id, { onDelete: 'cascade' }),
    actionId: text('action_id')
      .notNull()
      .references(() => workflowActions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stepId, t.actionId] }), index('workflow_step_actions_action').on(t.actionId)],
);

export const workflowActionlets = sqliteTable(
  'workflow_actionlets',
  {
    id: text('id').primaryKey(),
    actionId: text('action_id')
      .notNull()
      .references(() => workflowActions.id, { onDelete: 'cascade' }),
    actionClass: text('action_class').notNull(),
    name: text('name').notNull(),
    order: integer('actionlet_order').notNull(),
    /** JSON object of parameter values. */
    parameters: text('parameters').notNull(),
  },
  (t) => [index('workflow_actionlets_action').on(t.actionId)],
);

/** Which action a lifecycle verb (NEW, PUBLISH, ...) fires, for a scheme or, overriding it, for a content type. */
export const workflowSystemActions = sqliteTable(
  'workflow_system_actions',
  {
    id: text('id').primaryKey(),
    systemAction: text('system_action').notNull(),
    actionId: text('action_id')
      .notNull()
      .references(() => workflowActions.id, { onDelete: 'cascade' }),
    /** `scheme` or `contentType`: the owner is not a foreign key because it is one of two tables. */
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
  },
  (t) => [
    uniqueIndex('workflow_system_actions_owner_unique').on(t.ownerKind, t.ownerId, t.systemAction),
    index('workflow_system_actions_action').on(t.actionId),
  ],
);

export const workflowTasks = sqliteTable(
  'workflow_tasks',
  {
    identifier: text('identifier').notNull(),
    languageId: integer('language_id').notNull(),
    schemeId: text('scheme_id').notNull(),
    stepId: text('step_id').notNull(),
    assignedTo: text('assigned_to'),
    createdBy: text('created_by').notNull(),
    creationDate: integer('creation_date').notNull(),
    modDate: integer('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] }), index('workflow_tasks_step').on(t.stepId)],
);

export const workflowHistory = sqliteTable(
  'workflow_history',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    languageId: integer('language_id').notNull(),
    kind: text('kind').notNull(),
    text: text('entry_text').notNull(),
    actionId: text('action_id'),
    fromStepId: text('from_step_id'),
    toStepId: text('to_step_id'),
    userId: text('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('workflow_history_item').on(t.identifier, t.createdAt)],
);

/** Assets that have permissions of their own ("individual permissions"); the others inherit. */
export const permissionAssets = sqliteTable('permission_assets', {
  assetId: text('asset_id').primaryKey(),
  /** `site`, `contentType` or `content`. */
  assetKind: text('asset_kind').notNull(),
  modDate: integer('mod_date').notNull(),
});

/** What one role may do on an asset that has permissions of its own: a bit set (READ 1, WRITE 2, ...). */
export const permissionGrants = sqliteTable(
  'permission_grants',
  {
    assetId: text('asset_id')
      .notNull()
      .references(() => permissionAssets.assetId, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    bits: integer('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.roleId] })],
);

/** Changes the search index has yet to take in (see `IndexQueueRepository`). */
export const searchIndexQueue = sqliteTable(
  'search_index_queue',
  {
    key: text('entry_key').primaryKey(),
    scope: text('scope').notNull(),
    target: text('target').notNull(),
    languageId: integer('language_id').notNull(),
    enqueuedAt: integer('enqueued_at').notNull(),
  },
  (t) => [index('search_index_queue_enqueued').on(t.enqueuedAt)],
);

/**
 * The job queue (durable jobs): side effects that leave the process, written in the transaction
 * that calls for them and run after its commit by the dispatcher (the transactional-outbox pattern).
 * `lease_owner` holds the token of the claim that runs the job; `idempotency_key` is unique, so a
 * job written twice under one key is one job.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('jobs_idempotency_key_unique'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    nextRunAt: integer('next_run_at').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('jobs_status_next_run').on(t.status, t.nextRunAt),
    index('jobs_status_lease').on(t.status, t.leaseUntil),
  ],
);

/** Push publishing environments: named groups of endpoints (other instances) content is pushed to. */
export const pushEnvironments = sqliteTable('push_environments', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique('push_environments_name_unique'),
  pushToAll: integer('push_to_all', { mode: 'boolean' }).notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * The receiving instances of an environment. `auth_key` holds the key the endpoint expects,
 * encrypted with the installation's key: it must be presented, so it cannot be kept as a hash.
 */
export const pushEndpoints = sqliteTable(
  'push_endpoints',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id').notNull(),
    serverName: text('server_name').notNull().unique('push_endpoints_server_name_unique'),
    protocol: text('protocol').notNull(),
    address: text('address').notNull(),
    port: integer('port').notNull(),
    authKey: text('auth_key').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    sending: integer('sending', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_endpoints_environment').on(t.environmentId)],
);

/** What was last pushed of an item to an endpoint, and how it went (the status per endpoint). */
export const pushRecords = sqliteTable(
  'push_records',
  {
    endpointId: text('endpoint_id').notNull(),
    identifier: text('identifier').notNull(),
    bundleId: text('bundle_id').notNull(),
    status: text('status').notNull(),
    sentHash: text('sent_hash'),
    lastError: text('last_error'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.identifier] }), index('push_records_identifier').on(t.identifier)],
);

/** Each site's current analytics ingest key: its hash (found by the ingest endpoint) and a masked form. */
export const analyticsSiteKeys = sqliteTable(
  'analytics_site_keys',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    masked: text('masked').notNull(),
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [uniqueIndex('analytics_site_keys_key_hash_unique').on(t.keyHash)],
);
