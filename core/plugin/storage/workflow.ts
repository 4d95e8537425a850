import type { Page, PageRequest } from '../../model/page.js';
import type { Sort, TaskSortColumn } from '../../model/sort.js';
import type { UserMessage } from '../../model/user-message.js';
import type {
  ActionletAssociation,
  SystemActionMapping,
  WorkflowAction,
  WorkflowHistoryEntry,
  WorkflowScheme,
  WorkflowStep,
  WorkflowTask,
} from '../../model/workflow.js';

// Workflow definitions, where each item stands in them, and the messages fires leave.

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
  /** The tasks of these items, in every language, in no particular order (one read for a batch; any number). */
  listOf(identifiers: readonly string[]): Promise<WorkflowTask[]>;
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
