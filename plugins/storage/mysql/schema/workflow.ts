// Workflow definitions, tasks with their history, and the messages fires leave.
import {
  boolean,
  foreignKey,
  index,
  int,
  mysqlTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/mysql-core';
import { users } from './access.js';
import { epochMs } from './columns.js';

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
