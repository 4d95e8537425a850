import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import { ANONYMOUS_ROLE_KEY } from '../model/role.js';
import { CURRENT_STEP, SHOW_ON_VALUES, type WorkflowAction } from '../model/workflow.js';
import type { Storage } from '../plugin/storage/index.js';
import type { WorkflowDefinitionService } from './workflow-definition-service.js';

/** The name and condition the original gives an action that only separates others in menus. */
export const SEPARATOR = 'SEPARATOR' as const;

/**
 * A separator is stored as an ordinary action (no new column): named and conditioned `SEPARATOR`,
 * as the original makes it. Menus leave it out unless asked; firing it runs nothing.
 */
export function isSeparator(action: Pick<WorkflowAction, 'name' | 'condition'>): boolean {
  return action.name === SEPARATOR && action.condition === SEPARATOR;
}

/**
 * Adds a separator to a step, as the original's `POST /api/v1/workflow/actions/separator` does: no
 * sub-actions, the item stays in its step, no assignment or comment, offered everywhere but in
 * listings, usable by anyone.
 */
export async function createSeparator(
  storage: Storage,
  workflows: WorkflowDefinitionService,
  input: { schemeId?: string; stepId?: string; ownerId: string },
): Promise<WorkflowAction> {
  return storage.transaction(async (tx) => {
    const scheme = await workflows.getScheme(input.schemeId?.trim() ?? '', tx);
    const step = await workflows.getStep(input.stepId?.trim() ?? '', tx);
    if (step.schemeId !== scheme.id)
      throw new CmsError(Errors.WORKFLOW_ACTION_OTHER_SCHEME, undefined, { fieldName: 'stepId' });
    const anonymous = await tx.roles.findByKey(ANONYMOUS_ROLE_KEY);
    const action: WorkflowAction = {
      id: randomUUID(),
      schemeId: scheme.id,
      name: SEPARATOR,
      condition: SEPARATOR,
      nextStep: CURRENT_STEP,
      nextAssign: anonymous?.id ?? '',
      icon: 'workflowIcon',
      roleHierarchyForAssign: false,
      assignable: false,
      commentable: false,
      order: 0,
      owner: input.ownerId,
      showOn: SHOW_ON_VALUES.filter((v) => v !== 'LISTING'),
      whoCanUse: [],
    };
    await tx.workflows.insertAction(action);
    await tx.workflows.attachAction(step.id, action.id);
    return action;
  });
}
