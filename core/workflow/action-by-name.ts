import type { Principal } from '../auth/principal.js';
import type { ContentService } from '../content/content-service.js';
import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { WorkflowAction } from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';
import { isSeparator } from './action-separator.js';
import { mayUse } from './fire-checks.js';
import { locateItem, type ItemLocator } from './fire-item.js';

/**
 * The id of the action a fire by name means, as the original looks it up: among the actions the
 * caller may use in the item's current step, then among all the actions of that step's scheme (the
 * fire then refuses one that is not available there); for an item without a task, among the
 * actions of the first steps of its type's schemes. Names compare case-insensitively.
 */
export async function actionIdByName(
  context: { tx: Repositories; definitions: Definitions; content: ContentService },
  name: string | undefined,
  target: ItemLocator,
  principal: Principal,
): Promise<string> {
  const { tx, definitions } = context;
  const item = await locateItem(tx, definitions, context.content, target);
  const wanted = name?.trim().toLowerCase();
  // A separator is never what a name means: it only divides menus.
  const named = (actions: readonly WorkflowAction[]) =>
    actions.find((a) => !isSeparator(a) && a.name.toLowerCase() === wanted);
  const unknown = () => new CmsError(Errors.WORKFLOW_ACTION_NAME_UNKNOWN, { name: name ?? '' });
  if (!wanted) throw unknown();
  const usable = async (stepId: string) => {
    const allowed: WorkflowAction[] = [];
    for (const action of await definitions.stepActions(stepId)) {
      if (await mayUse(tx, action, principal)) allowed.push(action);
    }
    return allowed;
  };
  if (item.task) {
    const found = named(await usable(item.task.stepId)) ?? named(await tx.workflows.listActions(item.task.schemeId));
    if (found) return found.id;
    throw unknown();
  }
  for (const schemeId of item.type.workflows) {
    const first = (await definitions.steps(schemeId))[0];
    const found = first && named(await usable(first.id));
    if (found) return found.id;
  }
  throw unknown();
}
