import { CmsError, Errors } from '../errors/index.js';
import type { Storage } from '../plugin/storage/index.js';
import type { WorkflowDefinitionService } from './workflow-definition-service.js';

/** Moves `item` to `order` (past the end: last) and answers the list in its new order. */
function moved<T>(list: readonly T[], item: T, order: number): T[] {
  const rest = list.filter((x) => x !== item);
  rest.splice(Math.min(order, rest.length), 0, item);
  return rest;
}

function checkOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0)
    throw new CmsError(Errors.WORKFLOW_ORDER_INVALID, undefined, { fieldName: 'order' });
}

/** The order of the steps of a scheme, and of the actions attached to a step. */
export class WorkflowOrderingService {
  private readonly storage: Storage;
  private readonly workflows: WorkflowDefinitionService;

  constructor(options: { storage: Storage; workflows: WorkflowDefinitionService }) {
    this.storage = options.storage;
    this.workflows = options.workflows;
  }

  /** Puts the step at the 0-based `order` among its scheme's steps; the others close up behind it. */
  async reorderStep(stepId: string, order: number): Promise<void> {
    checkOrder(order);
    await this.storage.transaction(async (tx) => {
      const step = await this.workflows.getStep(stepId, tx);
      const steps = await tx.workflows.listSteps(step.schemeId);
      const current = steps.find((s) => s.id === step.id)!;
      for (const [myOrder, s] of moved(steps, current, order).entries())
        if (s.myOrder !== myOrder) await tx.workflows.updateStep({ ...s, myOrder });
    });
  }

  /** Puts the action at the 0-based `order` among the actions of the step it is attached to. */
  async reorderAction(stepId: string, actionId: string, order: number): Promise<void> {
    checkOrder(order);
    await this.storage.transaction(async (tx) => {
      const step = await this.workflows.getStep(stepId, tx);
      const action = await this.workflows.getAction(actionId, tx);
      const ids = (await tx.workflows.listStepActions(step.id)).map((a) => a.id);
      if (!ids.includes(action.id))
        throw new CmsError(Errors.WORKFLOW_ACTION_NOT_IN_STEP, { action: actionId, step: step.name });
      // The links carry their place: write them again in the new order.
      for (const id of ids) await tx.workflows.detachAction(step.id, id);
      for (const [position, id] of moved(ids, action.id, order).entries())
        await tx.workflows.attachAction(step.id, id, position);
    });
  }
}
