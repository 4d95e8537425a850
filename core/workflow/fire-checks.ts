import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { Principal } from '../auth/principal.js';
import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ActionletAssociation, WorkflowAction, WorkflowStep } from '../model/workflow.js';
import type { Actionlet } from '../plugin/actionlet.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { FireItem } from './fire-item.js';

/** An actionlet of the fired action with its parameter values, defaults applied. */
export interface ActionletRun {
  actionlet: Actionlet;
  params: Record<string, string>;
}

/** Where the fire starts: the scheme's steps and the step the item is in (the first step for new content). */
export interface FireStart {
  steps: readonly WorkflowStep[];
  currentStepId: string | undefined;
}

/**
 * The action may be fired on the item only when its scheme is attached to the item's type and it is
 * attached to the item's current step (the first step of the scheme, for an item without a task).
 */
export async function checkAvailable(
  definitions: Definitions,
  action: WorkflowAction,
  item: FireItem,
  /** The action's id as the caller gave it (full or short), for the messages. */
  shownId = action.id,
): Promise<FireStart> {
  if (!item.type.workflows.includes(action.schemeId)) {
    throw new CmsError(Errors.WORKFLOW_SCHEME_NOT_ATTACHED, { action: shownId, type: item.type.variable });
  }
  const steps = await definitions.steps(action.schemeId);
  const inScheme = item.task && item.task.schemeId === action.schemeId;
  const currentStepId = inScheme ? item.task!.stepId : item.task ? undefined : steps[0]?.id;
  const available = currentStepId ? await definitions.stepActions(currentStepId) : [];
  if (!available.some((a) => a.id === action.id)) {
    throw new CmsError(Errors.WORKFLOW_ACTION_NOT_AVAILABLE, { action: shownId });
  }
  return { steps, currentStepId };
}

/** Empty whoCanUse states no restriction; otherwise the caller's id or one of its roles (id or key) must be listed. */
export async function mayUse(tx: Repositories, action: WorkflowAction, principal: Principal): Promise<boolean> {
  if (action.whoCanUse.length === 0 || principal.admin) return true;
  const listed = action.whoCanUse;
  if (listed.includes(principal.user.userId) || principal.roleIds.some((id) => listed.includes(id))) return true;
  for (const entry of listed) {
    const role = await tx.roles.findByKey(entry);
    if (role && principal.roleIds.includes(role.id)) return true;
  }
  return false;
}

export async function checkWhoCanUse(tx: Repositories, action: WorkflowAction, principal: Principal): Promise<void> {
  if (!(await mayUse(tx, action, principal))) {
    throw new CmsError(Errors.WORKFLOW_ACTION_FORBIDDEN, { action: action.name });
  }
}

/** Every actionlet must be installed and available: a fire that cannot run all of them changes nothing. */
export function resolveActionlets(
  action: WorkflowAction,
  associations: readonly ActionletAssociation[],
  installed: (actionClass: string) => Actionlet | undefined,
  secrets?: SecretSealer,
): ActionletRun[] {
  return associations.map((association) => {
    const actionlet = installed(association.actionClass);
    if (!actionlet) {
      throw new CmsError(Errors.WORKFLOW_ACTIONLET_MISSING, {
        actionlet: association.name,
        actionClass: association.actionClass,
        action: action.name,
      });
    }
    if (actionlet.unavailableReason) {
      throw new CmsError(Errors.WORKFLOW_ACTIONLET_UNAVAILABLE, {
        action: action.name,
        reason: actionlet.unavailableReason,
      });
    }
    const params: Record<string, string> = {};
    for (const p of actionlet.parameters) {
      const value = association.parameters[p.key] ?? p.defaultValue;
      if (value === null || value === undefined) continue;
      // Secret values are stored sealed (those stored before sealing began are still in clear).
      params[p.key] = p.secret && secrets?.isSealed(value) ? secrets.open(value) : value;
    }
    return { actionlet, params };
  });
}
