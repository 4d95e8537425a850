// Workflow definitions, tasks with their history, and the messages fires leave.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './access.js';

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
