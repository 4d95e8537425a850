// MySQL/MariaDB tables. Same shape as ../sqlite/schema.ts (a type-level test keeps them in step).
import {
  bigint,
  boolean,
  double,
  foreignKey,
  index,
  int,
  longtext,
  mysqlTable,
  primaryKey,
  text,
  uniqueIndex,
  varbinary,
  varchar,
} from 'drizzle-orm/mysql-core';

const epochMs = (name: string) => bigint(name, { mode: 'number' });

export const users = mysqlTable('users', {
  userId: varchar('user_id', { length: 255 }).primaryKey(),
  email: varchar('email', { length: 255 }).notNull().unique('users_email_unique'),
  firstName: varchar('first_name', { length: 255 }).notNull(),
  lastName: varchar('last_name', { length: 255 }).notNull(),
  passwordHash: varchar('password_hash', { length: 255 }).notNull(),
  active: boolean('active').notNull(),
  roleId: varchar('role_id', { length: 255 }).notNull(),
  createdAt: epochMs('created_at').notNull(),
  modDate: epochMs('mod_date').notNull(),
});

export const roles = mysqlTable('roles', {
  id: varchar('id', { length: 255 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  key: varchar('role_key', { length: 255 }).notNull().unique('roles_role_key_unique'),
  description: text('description').notNull(),
  system: boolean('system').notNull(),
  personal: boolean('personal').notNull(),
});

export const userRoles = mysqlTable(
  'user_roles',
  {
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 255 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = mysqlTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: epochMs('created_at').notNull(),
    lastSeenAt: epochMs('last_seen_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt)],
);

export const issuedTokens = mysqlTable(
  'issued_tokens',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    issuedAt: epochMs('issued_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
    notBefore: epochMs('not_before'),
    revokedAt: epochMs('revoked_at'),
    network: varchar('network', { length: 64 }),
    label: varchar('label', { length: 255 }),
    requestingUserId: varchar('requesting_user_id', { length: 255 }).notNull(),
    requestingIp: varchar('requesting_ip', { length: 64 }).notNull(),
  },
  (t) => [index('issued_tokens_user').on(t.userId, t.kind), index('issued_tokens_expires_at').on(t.expiresAt)],
);

export const userMessages = mysqlTable(
  'user_messages',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 255 })
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    fromUserId: varchar('from_user_id', { length: 255 }).notNull(),
    identifier: varchar('identifier', { length: 255 }),
    createdAt: epochMs('created_at').notNull(),
    readAt: epochMs('read_at'),
  },
  (t) => [index('user_messages_user').on(t.userId, t.createdAt)],
);

/** The journal of system events, read by every process (see `SystemEventRepository`). */
export const systemEvents = mysqlTable(
  'system_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().autoincrement(),
    origin: varchar('origin', { length: 64 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
    body: longtext('body').notNull(),
  },
  (t) => [index('system_events_created_at').on(t.createdAt)],
);

export const sites = mysqlTable(
  'sites',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    inode: varchar('inode', { length: 255 }).notNull(),
    siteName: varchar('site_name', { length: 255 }).notNull(),
    siteNameKey: varchar('site_name_key', { length: 255 }).notNull(),
    aliases: text('aliases').notNull(),
    isDefault: boolean('is_default').notNull(),
    system: boolean('system').notNull(),
    archived: boolean('archived').notNull(),
    live: boolean('live').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [uniqueIndex('sites_site_name_key_unique').on(t.siteNameKey)],
);

export const languages = mysqlTable(
  'languages',
  {
    id: int('id').autoincrement().primaryKey(),
    languageCode: varchar('language_code', { length: 16 }).notNull(),
    countryCode: varchar('country_code', { length: 16 }).notNull(),
    language: varchar('language', { length: 255 }).notNull(),
    country: varchar('country', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.languageCode, t.countryCode)],
);

export const settings = mysqlTable('settings', {
  key: varchar('setting_key', { length: 255 }).primaryKey(),
  value: text('setting_value').notNull(),
});

export const contentTypes = mysqlTable(
  'content_types',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    clazz: varchar('clazz', { length: 255 }).notNull(),
    baseType: varchar('base_type', { length: 32 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    variable: varchar('variable', { length: 255 }).notNull(),
    variableKey: varchar('variable_key', { length: 255 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    defaultType: boolean('default_type').notNull(),
    fixed: boolean('fixed').notNull(),
    system: boolean('system').notNull(),
    versionable: boolean('versionable').notNull(),
    multilingualable: boolean('multilingualable').notNull(),
    icon: varchar('icon', { length: 255 }).notNull(),
    sortOrder: int('sort_order').notNull(),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [uniqueIndex('content_types_variable_key_unique').on(t.variableKey), index('content_types_name').on(t.name)],
);

export const contentTypeWorkflows = mysqlTable(
  'content_type_workflows',
  {
    contentTypeId: varchar('content_type_id', { length: 255 })
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    schemeId: varchar('scheme_id', { length: 255 }).notNull(),
    position: int('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentTypeId, t.schemeId] }),
    index('content_type_workflows_scheme').on(t.schemeId),
  ],
);

export const fields = mysqlTable(
  'fields',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    contentTypeId: varchar('content_type_id', { length: 255 })
      .notNull()
      .references(() => contentTypes.id, { onDelete: 'cascade' }),
    clazz: varchar('clazz', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    variable: varchar('variable', { length: 255 }).notNull(),
    variableKey: varchar('variable_key', { length: 255 }).notNull(),
    dataType: varchar('data_type', { length: 32 }).notNull(),
    sortOrder: int('sort_order').notNull(),
    regexCheck: text('regex_check'),
    defaultValue: text('default_value'),
    hint: text('hint'),
    values: text('field_values'),
    required: boolean('required').notNull(),
    searchable: boolean('searchable').notNull(),
    indexed: boolean('indexed').notNull(),
    listed: boolean('listed').notNull(),
    unique: boolean('unique_value').notNull(),
    readOnly: boolean('read_only').notNull(),
    fixed: boolean('fixed').notNull(),
    relationType: varchar('relation_type', { length: 255 }),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [uniqueIndex('fields_type_variable_unique').on(t.contentTypeId, t.variableKey)],
);

export const fieldVariables = mysqlTable(
  'field_variables',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    fieldId: varchar('field_id', { length: 255 })
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    /** Bytes, so that keys compare exactly (the default collation ignores case), as SQLite compares them. */
    key: varbinary('variable_key', { length: 1020 }).notNull(),
    value: text('variable_value').notNull(),
    createdAt: epochMs('created_at').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [uniqueIndex('field_variables_field_key_unique').on(t.fieldId, t.key)],
);

export const contentIdentifiers = mysqlTable(
  'content_identifiers',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    contentTypeId: varchar('content_type_id', { length: 255 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    parentPath: varchar('parent_path', { length: 255 }).notNull(),
    assetName: varchar('asset_name', { length: 255 }),
    owner: varchar('owner', { length: 255 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
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
export const folders = mysqlTable(
  'folders',
  {
    identifier: varchar('identifier', { length: 255 }).primaryKey(),
    inode: varchar('inode', { length: 255 }).notNull(),
    hostId: varchar('host_id', { length: 255 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    parentPath: varchar('parent_path', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    showOnMenu: boolean('show_on_menu').notNull(),
    sortOrder: int('sort_order').notNull(),
    defaultFileType: varchar('default_file_type', { length: 255 }),
    filesMasks: text('files_masks').notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    iDate: epochMs('i_date').notNull(),
    modDate: epochMs('mod_date').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
  },
  (t) => [
    uniqueIndex('folders_path_unique').on(t.hostId, t.path),
    index('folders_children').on(t.hostId, t.parentPath, t.sortOrder),
  ],
);

/** Menu links: one row per version (`working`, and `live` once published) of each link. */
export const menuLinks = mysqlTable(
  'menu_links',
  {
    identifier: varchar('identifier', { length: 255 }).notNull(),
    variant: varchar('variant', { length: 16 }).notNull(),
    inode: varchar('inode', { length: 255 }).notNull(),
    hostId: varchar('host_id', { length: 255 }).notNull(),
    folder: varchar('folder', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    friendlyName: varchar('friendly_name', { length: 255 }).notNull(),
    linkType: varchar('link_type', { length: 16 }).notNull(),
    protocol: varchar('protocol', { length: 32 }).notNull(),
    url: text('url').notNull(),
    internalLinkIdentifier: varchar('internal_link_identifier', { length: 255 }).notNull(),
    linkCode: text('link_code').notNull(),
    target: varchar('target', { length: 16 }).notNull(),
    showOnMenu: boolean('show_on_menu').notNull(),
    sortOrder: int('sort_order').notNull(),
    owner: varchar('owner', { length: 255 }).notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
    iDate: epochMs('i_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.identifier, t.variant] }),
    index('menu_links_folder').on(t.hostId, t.folder, t.variant, t.sortOrder),
  ],
);

export const contentVersions = mysqlTable(
  'content_versions',
  {
    inode: varchar('inode', { length: 255 }).primaryKey(),
    identifier: varchar('identifier', { length: 255 })
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: int('language_id').notNull(),
    title: text('title').notNull(),
    modUser: varchar('mod_user', { length: 255 }).notNull(),
    modDate: epochMs('mod_date').notNull(),
    sortOrder: int('sort_order').notNull(),
    values: longtext('field_values').notNull(),
  },
  (t) => [index('content_versions_identifier').on(t.identifier, t.languageId)],
);

export const contentStates = mysqlTable(
  'content_states',
  {
    identifier: varchar('identifier', { length: 255 })
      .notNull()
      .references(() => contentIdentifiers.identifier, { onDelete: 'cascade' }),
    languageId: int('language_id').notNull(),
    workingInode: varchar('working_inode', { length: 255 }).notNull(),
    liveInode: varchar('live_inode', { length: 255 }),
    archived: boolean('archived').notNull(),
    lockedBy: varchar('locked_by', { length: 255 }),
    lockedAt: epochMs('locked_at'),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] })],
);

export const contentUniqueValues = mysqlTable(
  'content_unique_values',
  {
    fieldId: varchar('field_id', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    valueHash: varchar('value_hash', { length: 64 }).notNull(),
    identifier: varchar('identifier', { length: 255 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fieldId, t.languageId, t.valueHash] }),
    index('content_unique_values_identifier').on(t.identifier),
    // Named by hand: the generated name is longer than MySQL's 64-character limit.
    foreignKey({
      name: 'content_unique_values_identifier_fk',
      columns: [t.identifier],
      foreignColumns: [contentIdentifiers.identifier],
    }).onDelete('cascade'),
  ],
);

export const categories = mysqlTable(
  'categories',
  {
    inode: varchar('inode', { length: 255 }).primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    key: varchar('category_key', { length: 255 }).unique('categories_key_unique'),
    variable: varchar('variable', { length: 255 }).notNull().unique('categories_variable_unique'),
    parent: varchar('parent', { length: 255 }),
    sortOrder: int('sort_order').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [index('categories_parent').on(t.parent)],
);

export const workflowSchemes = mysqlTable('workflow_schemes', {
  id: varchar('id', { length: 255 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description').notNull(),
  archived: boolean('archived').notNull(),
  mandatory: boolean('mandatory').notNull(),
  defaultScheme: boolean('default_scheme').notNull(),
  entryActionId: varchar('entry_action_id', { length: 255 }),
  system: boolean('system').notNull(),
  creationDate: epochMs('creation_date').notNull(),
  modDate: epochMs('mod_date').notNull(),
});

export const workflowSteps = mysqlTable(
  'workflow_steps',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    schemeId: varchar('scheme_id', { length: 255 })
      .notNull()
      .references(() => workflowSchemes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    myOrder: int('my_order').notNull(),
    resolved: boolean('resolved').notNull(),
    enableEscalation: boolean('enable_escalation').notNull(),
    escalationAction: varchar('escalation_action', { length: 255 }),
    escalationTime: int('escalation_time').notNull(),
    creationDate: epochMs('creation_date').notNull(),
  },
  (t) => [index('workflow_steps_scheme').on(t.schemeId)],
);

export const workflowActions = mysqlTable(
  'workflow_actions',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    schemeId: varchar('scheme_id', { length: 255 })
      .notNull()
      .references(() => workflowSchemes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    condition: text('action_condition').notNull(),
    nextStep: varchar('next_step', { length: 255 }).notNull(),
    nextAssign: varchar('next_assign', { length: 255 }).notNull(),
    icon: varchar('icon', { length: 255 }).notNull(),
    roleHierarchyForAssign: boolean('role_hierarchy_for_assign').notNull(),
    assignable: boolean('assignable').notNull(),
    commentable: boolean('commentable').notNull(),
    order: int('action_order').notNull(),
    owner: varchar('owner', { length: 255 }),
    showOn: text('show_on').notNull(),
    whoCanUse: text('who_can_use').notNull(),
  },
  (t) => [index('workflow_actions_scheme').on(t.schemeId)],
);

export const workflowStepActions = mysqlTable(
  'workflow_step_actions',
  {
    stepId: varchar('step_id', { length: 255 }).notNull(),
    actionId: varchar('action_id', { length: 255 }).notNull(),
    position: int('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.actionId] }),
    index('workflow_step_actions_action').on(t.actionId),
    // Named by hand: the generated names are longer than MySQL's 64-character limit.
    foreignKey({
      name: 'workflow_step_actions_step_fk',
      columns: [t.stepId],
      foreignColumns: [workflowSteps.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'workflow_step_actions_action_fk',
      columns: [t.actionId],
      foreignColumns: [workflowActions.id],
    }).onDelete('cascade'),
  ],
);

export const workflowActionlets = mysqlTable(
  'workflow_actionlets',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    actionId: varchar('action_id', { length: 255 }).notNull(),
    actionClass: varchar('action_class', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    order: int('actionlet_order').notNull(),
    parameters: text('parameters').notNull(),
  },
  (t) => [
    index('workflow_actionlets_action').on(t.actionId),
    foreignKey({
      name: 'workflow_actionlets_action_fk',
      columns: [t.actionId],
      foreignColumns: [workflowActions.id],
    }).onDelete('cascade'),
  ],
);

/** Which action a lifecycle verb (NEW, PUBLISH, ...) fires, for a scheme or, overriding it, for a content type. */
export const workflowSystemActions = mysqlTable(
  'workflow_system_actions',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    systemAction: varchar('system_action', { length: 32 }).notNull(),
    actionId: varchar('action_id', { length: 255 }).notNull(),
    /** `scheme` or `contentType`: the owner is not a foreign key because it is one of two tables. */
    ownerKind: varchar('owner_kind', { length: 32 }).notNull(),
    ownerId: varchar('owner_id', { length: 255 }).notNull(),
  },
  (t) => [
    uniqueIndex('workflow_system_actions_owner_unique').on(t.ownerKind, t.ownerId, t.systemAction),
    index('workflow_system_actions_action').on(t.actionId),
    foreignKey({
      name: 'workflow_system_actions_action_fk',
      columns: [t.actionId],
      foreignColumns: [workflowActions.id],
    }).onDelete('cascade'),
  ],
);

export const workflowTasks = mysqlTable(
  'workflow_tasks',
  {
    identifier: varchar('identifier', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    schemeId: varchar('scheme_id', { length: 255 }).notNull(),
    stepId: varchar('step_id', { length: 255 }).notNull(),
    assignedTo: varchar('assigned_to', { length: 255 }),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    creationDate: epochMs('creation_date').notNull(),
    modDate: epochMs('mod_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.languageId] }), index('workflow_tasks_step').on(t.stepId)],
);

export const workflowHistory = mysqlTable(
  'workflow_history',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    identifier: varchar('identifier', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    text: text('entry_text').notNull(),
    actionId: varchar('action_id', { length: 255 }),
    fromStepId: varchar('from_step_id', { length: 255 }),
    toStepId: varchar('to_step_id', { length: 255 }),
    userId: varchar('user_id', { length: 255 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('workflow_history_item').on(t.identifier, t.createdAt)],
);

/** Assets that have permissions of their own ("individual permissions"); the others inherit. */
export const permissionAssets = mysqlTable('permission_assets', {
  assetId: varchar('asset_id', { length: 255 }).primaryKey(),
  /** `site`, `contentType` or `content`. */
  assetKind: varchar('asset_kind', { length: 32 }).notNull(),
  modDate: epochMs('mod_date').notNull(),
});

/** What one role may do on an asset that has permissions of its own: a bit set (READ 1, WRITE 2, ...). */
export const permissionGrants = mysqlTable(
  'permission_grants',
  {
    assetId: varchar('asset_id', { length: 255 })
      .notNull()
      .references(() => permissionAssets.assetId, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 255 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    bits: int('bits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.roleId] })],
);

/** Changes the search index has yet to take in (see `IndexQueueRepository`). */
export const searchIndexQueue = mysqlTable(
  'search_index_queue',
  {
    key: varchar('entry_key', { length: 36 }).primaryKey(),
    scope: varchar('scope', { length: 8 }).notNull(),
    target: varchar('target', { length: 255 }).notNull(),
    languageId: int('language_id').notNull(),
    enqueuedAt: epochMs('enqueued_at').notNull(),
  },
  (t) => [index('search_index_queue_enqueued').on(t.enqueuedAt)],
);

/** The job queue (durable jobs); see ../sqlite/schema.ts. */
export const jobs = mysqlTable(
  'jobs',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    kind: varchar('kind', { length: 255 }).notNull(),
    payload: longtext('payload').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique('jobs_idempotency_key_unique'),
    status: varchar('status', { length: 8 }).notNull(),
    attempts: int('attempts').notNull(),
    maxAttempts: int('max_attempts').notNull(),
    nextRunAt: epochMs('next_run_at').notNull(),
    leaseOwner: varchar('lease_owner', { length: 36 }),
    leaseUntil: epochMs('lease_until'),
    lastError: text('last_error'),
    createdAt: epochMs('created_at').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [
    index('jobs_status_next_run').on(t.status, t.nextRunAt),
    index('jobs_status_lease').on(t.status, t.leaseUntil),
  ],
);

/** Push publishing; see ../sqlite/schema.ts. */
export const pushEnvironments = mysqlTable('push_environments', {
  id: varchar('id', { length: 36 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull().unique('push_environments_name_unique'),
  pushToAll: boolean('push_to_all').notNull(),
  createdAt: epochMs('created_at').notNull(),
});

export const pushEndpoints = mysqlTable(
  'push_endpoints',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    environmentId: varchar('environment_id', { length: 36 }).notNull(),
    serverName: varchar('server_name', { length: 255 }).notNull().unique('push_endpoints_server_name_unique'),
    protocol: varchar('protocol', { length: 8 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    port: int('port').notNull(),
    authKey: text('auth_key').notNull(),
    enabled: boolean('enabled').notNull(),
    sending: boolean('sending').notNull(),
    createdAt: epochMs('created_at').notNull(),
  },
  (t) => [index('push_endpoints_environment').on(t.environmentId)],
);

export const pushRecords = mysqlTable(
  'push_records',
  {
    endpointId: varchar('endpoint_id', { length: 36 }).notNull(),
    identifier: varchar('identifier', { length: 36 }).notNull(),
    bundleId: varchar('bundle_id', { length: 36 }).notNull(),
    status: varchar('status', { length: 40 }).notNull(),
    sentHash: varchar('sent_hash', { length: 64 }),
    lastError: text('last_error'),
    updatedAt: epochMs('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.identifier] }), index('push_records_identifier').on(t.identifier)],
);

export const analyticsSiteKeys = mysqlTable(
  'analytics_site_keys',
  {
    siteId: varchar('site_id', { length: 255 })
      .primaryKey()
      .references(() => sites.identifier, { onDelete: 'cascade' }),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    masked: varchar('masked', { length: 300 }).notNull(),
    createdAt: epochMs('created_at').notNull(),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('analytics_site_keys_key_hash_unique').on(t.keyHash)],
);

/** Analytics events: see ../sqlite/analytics-schema.ts for why there is no foreign key, and for the indexes. */
export const analyticsEvents = mysqlTable(
  'analytics_events',
  {
    // BIGINT: years of events can pass 2^31 ids.
    id: bigint('id', { mode: 'number' }).primaryKey().autoincrement(),
    siteId: varchar('site_id', { length: 255 }).notNull(),
    eventType: varchar('event_type', { length: 255 }).notNull(),
    sessionId: varchar('session_id', { length: 255 }).notNull(),
    // The session id and `:YYYY-MM-DD`.
    sessionKey: varchar('session_key', { length: 300 }).notNull(),
    userId: varchar('user_id', { length: 255 }).notNull(),
    receivedAt: epochMs('received_at').notNull(),
    localTime: varchar('local_time', { length: 255 }),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    contentIdentifier: varchar('content_identifier', { length: 255 }),
    contentInode: varchar('content_inode', { length: 255 }),
    contentTitle: text('content_title'),
    contentType: varchar('content_type', { length: 255 }),
    conversionName: varchar('conversion_name', { length: 255 }),
    viewportOffsetPct: double('viewport_offset_pct'),
    domIndex: int('dom_index'),
    screenResolution: varchar('screen_resolution', { length: 255 }),
    language: varchar('language', { length: 255 }),
    viewportWidth: varchar('viewport_width', { length: 255 }),
    viewportHeight: varchar('viewport_height', { length: 255 }),
    dataJson: longtext('data_json').notNull(),
  },
  (t) => [
    index('analytics_events_site_received').on(t.siteId, t.receivedAt, t.id),
    index('analytics_events_site_type_received').on(t.siteId, t.eventType, t.receivedAt),
    index('analytics_events_site_session_received').on(t.siteId, t.sessionId, t.receivedAt),
    index('analytics_events_site_user_received').on(t.siteId, t.userId, t.receivedAt),
    index('analytics_events_received').on(t.receivedAt, t.id),
  ],
);
