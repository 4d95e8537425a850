import type { Definitions } from '../definitions/definition-cache.js';
import type { WorkflowHistoryEntry } from '../model/workflow.js';
import type { RepositorySet } from '../plugin/storage/index.js';

/** A named workflow definition, as the timeline shows the step and action of an entry. */
export interface NamedRef {
  id: string;
  name: string;
}

/**
 * An entry of an item's workflow timeline as the original shows it: who posted it by name (the
 * original names the poster's role, and a user's own role bears the user's name) and that role's
 * id, the step the item went to and the action fired (each null when none, or since removed).
 */
export interface TimelineItem {
  entry: WorkflowHistoryEntry;
  postedBy: string;
  roleId: string | null;
  step: NamedRef | null;
  action: NamedRef | null;
}

/** The entries with their poster, step and action looked up once each. */
export async function timelineOf(
  tx: RepositorySet,
  definitions: Definitions,
  entries: readonly WorkflowHistoryEntry[],
): Promise<TimelineItem[]> {
  const users = new Map<string, Promise<{ name: string; roleId: string | null }>>();
  const steps = new Map<string, Promise<NamedRef | null>>();
  const poster = (userId: string) => {
    let found = users.get(userId);
    if (!found) {
      found = tx.users.findById(userId).then((user) => ({
        // A user removed since keeps the id it posted under.
        name: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : userId,
        roleId: user?.roleId ?? null,
      }));
      users.set(userId, found);
    }
    return found;
  };
  const step = (stepId: string | null) => {
    if (!stepId) return Promise.resolve(null);
    let found = steps.get(stepId);
    if (!found) {
      found = tx.workflows.findStep(stepId).then((s) => (s ? { id: s.id, name: s.name } : null));
      steps.set(stepId, found);
    }
    return found;
  };
  const action = async (actionId: string | null) => {
    const found = actionId ? await definitions.action(actionId) : undefined;
    return found ? { id: found.id, name: found.name } : null;
  };
  return Promise.all(
    entries.map(async (entry) => {
      const { name, roleId } = await poster(entry.userId);
      return { entry, postedBy: name, roleId, step: await step(entry.toStepId), action: await action(entry.actionId) };
    }),
  );
}
