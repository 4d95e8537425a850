/** Where an action is offered: lifecycle states, and two places of the interface (EDITING, LISTING). */
export const SHOW_ON_VALUES = [
  'NEW',
  'UNPUBLISHED',
  'PUBLISHED',
  'LOCKED',
  'UNLOCKED',
  'ARCHIVED',
  'EDITING',
  'LISTING',
] as const;
export type ShowOn = (typeof SHOW_ON_VALUES)[number];

export interface WorkflowScheme {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  mandatory: boolean;
  defaultScheme: boolean;
  entryActionId: string | null;
  system: boolean;
  creationDate: number;
  modDate: number;
}

export interface WorkflowStep {
  id: string;
  schemeId: string;
  name: string;
  /** 0-based position in the scheme. */
  myOrder: number;
  resolved: boolean;
  enableEscalation: boolean;
  escalationAction: string | null;
  /** Seconds; 0 when unused. */
  escalationTime: number;
  creationDate: number;
}

/** An action belongs to its scheme and is attached to any number of steps by reference. */
export interface WorkflowAction {
  id: string;
  schemeId: string;
  name: string;
  condition: string;
  /** A step id, or the literal `currentstep` (the item stays where it is). */
  nextStep: string;
  nextAssign: string;
  icon: string;
  roleHierarchyForAssign: boolean;
  assignable: boolean;
  commentable: boolean;
  order: number;
  owner: string | null;
  showOn: ShowOn[];
  /** User ids and role ids (or role keys); empty: no restriction stated. */
  whoCanUse: string[];
}

/** An actionlet attached to an action, with its parameter values. */
export interface ActionletAssociation {
  id: string;
  actionId: string;
  /** The actionlet's class: the REST interface shows it as `clazz` here and `actionClass` in the catalogue. */
  actionClass: string;
  name: string;
  order: number;
  parameters: Record<string, string>;
}

/** Lifecycle verbs clients fire without knowing action ids. */
export const SYSTEM_ACTION_NAMES = [
  'NEW',
  'EDIT',
  'PUBLISH',
  'UNPUBLISH',
  'ARCHIVE',
  'UNARCHIVE',
  'DELETE',
  'DESTROY',
] as const;
export type SystemActionName = (typeof SYSTEM_ACTION_NAMES)[number];

/**
 * Which action a lifecycle verb fires: set for a scheme, and overridable for one content type
 * (the type's mapping wins over its schemes').
 */
export interface SystemActionMapping {
  id: string;
  systemAction: SystemActionName;
  actionId: string;
  ownerKind: 'scheme' | 'contentType';
  /** The scheme id or the content type id. */
  ownerId: string;
}

/** `nextStep` value meaning "stay in the current step". */
export const CURRENT_STEP = 'currentstep';

/** Where an item (in one language) stands in its workflow. */
export interface WorkflowTask {
  identifier: string;
  languageId: number;
  schemeId: string;
  stepId: string;
  /** A user id or a role id; null when unassigned. */
  assignedTo: string | null;
  createdBy: string;
  creationDate: number;
  modDate: number;
}

/** One entry of a task's history: an action fired, or a comment made. */
export interface WorkflowHistoryEntry {
  id: string;
  identifier: string;
  languageId: number;
  kind: 'action' | 'comment';
  /** The action's name, or the comment's text. */
  text: string;
  actionId: string | null;
  fromStepId: string | null;
  toStepId: string | null;
  userId: string;
  createdAt: number;
}
