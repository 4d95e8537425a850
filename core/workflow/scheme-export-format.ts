/**
 * The interchange format of workflow schemes, in the original's shape: `workflowObject` holds the
 * definitions as flat lists that refer to each other by id, `permissions` who may use each action.
 */
import type { SystemActionName } from '../model/workflow.js';

export const SCHEME_EXPORT_VERSION = '1.0';

export interface ExportedScheme {
  id: string;
  name: string;
  description?: string;
  archived?: boolean;
  mandatory?: boolean;
  defaultScheme?: boolean;
  creationDate?: number;
  modDate?: number;
}

export interface ExportedStep {
  id: string;
  schemeId: string;
  name: string;
  myOrder?: number;
  resolved?: boolean;
  enableEscalation?: boolean;
  escalationAction?: string | null;
  escalationTime?: number;
  creationDate?: number;
}

export interface ExportedAction {
  id: string;
  schemeId: string;
  name: string;
  condition?: string;
  /** A step id of the export, or `currentstep`. */
  nextStep?: string;
  nextAssign?: string;
  icon?: string;
  roleHierarchyForAssign?: boolean;
  assignable?: boolean;
  commentable?: boolean;
  order?: number;
  showOn?: string[];
}

/** A step-action link; the original writes every member as a string. */
export interface ExportedActionStep {
  stepId: string;
  actionId: string;
  actionOrder?: string | number;
}

/** An actionlet of an action ("action class" in the original). */
export interface ExportedActionClass {
  id: string;
  actionId: string;
  name?: string;
  order?: number;
  clazz: string;
}

export interface ExportedActionClassParam {
  id?: string;
  actionClassId: string;
  key: string;
  value: string | null;
}

export interface ExportedSystemActionMapping {
  identifier?: string;
  systemAction: SystemActionName | string;
  /** The original nests the whole action; only its id is read back. */
  workflowAction: { id: string };
  /** The scheme id. */
  owner: string;
}

/**
 * Who may use an action: one entry per role (by key, so that it means the same role in another
 * installation) or user id.
 */
export interface ExportedPermission {
  /** The action's id. */
  inode: string;
  /** The role's id where it was exported from, or a user id. */
  roleId: string;
  /** The role's key, read first on import; absent for a user. */
  roleKey?: string;
  /** 1: use. */
  permission: number;
  type?: string;
}

export interface SchemeExport {
  workflowObject: {
    version?: string;
    schemes: ExportedScheme[];
    steps: ExportedStep[];
    actions: ExportedAction[];
    actionSteps: ExportedActionStep[];
    actionClasses: ExportedActionClass[];
    actionClassParams: ExportedActionClassParam[];
    schemeSystemActionWorkflowActionMappings?: ExportedSystemActionMapping[];
  };
  permissions?: ExportedPermission[];
}

/** The permission type of an action's use permission, as the original names the class. */
export const ACTION_PERMISSION_TYPE = 'com.cms.portlets.workflows.model.WorkflowAction';
/** The use permission's bit. */
export const PERMISSION_USE = 1;
