import type { ContentSubmission } from '../content/content-service.js';
import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { WorkflowAction } from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { SystemActionService } from '../workflow/system-actions.js';

/** What a legacy save URL asks for: `/save/1`, `/publish/1`, or `/{action name or id}/1`. */
export type LegacyOperation = { kind: 'save' } | { kind: 'publish' } | { kind: 'action'; name: string };

export interface ActionTarget {
  type: ContentType;
  submission: ContentSubmission;
  /** The item's current step, when it has a task in one of the type's schemes. */
  currentStepId: string | undefined;
}

/**
 * The action a legacy save fires. Save and publish are the type's system actions (NEW for new
 * content, EDIT for an update; PUBLISH), so they go through whatever the installation mapped. A
 * named action is looked up by id, then by name (any case) among the actions of the type's
 * schemes; the fire engine then checks every execution condition before anything changes.
 */
export async function resolveLegacyAction(
  operation: LegacyOperation,
  target: ActionTarget,
  lookups: { tx: Repositories; definitions: Definitions; systemActions: SystemActionService },
): Promise<string> {
  const { submission } = target;
  if (operation.kind === 'save') {
    return lookups.systemActions.resolve(submission.identifier ? 'EDIT' : 'NEW', { submission });
  }
  if (operation.kind === 'publish') return lookups.systemActions.resolve('PUBLISH', { submission });
  const byId = await lookups.definitions.action(operation.name);
  if (byId) return byId.id;
  const wanted = operation.name.trim().toLowerCase();
  const named: WorkflowAction[] = [];
  for (const schemeId of target.type.workflows) {
    named.push(...(await lookups.tx.workflows.listActions(schemeId)).filter((a) => a.name.toLowerCase() === wanted));
  }
  if (named.length === 0) {
    throw new CmsError(Errors.LEGACY_ACTION_NOT_FOUND, { action: operation.name, type: target.type.variable });
  }
  // Two schemes of the type may each have an action of that name: the one of the item's step wins.
  const inStep = target.currentStepId ? await lookups.definitions.stepActions(target.currentStepId) : [];
  return (named.find((action) => inStep.some((a) => a.id === action.id)) ?? named[0]!).id;
}
