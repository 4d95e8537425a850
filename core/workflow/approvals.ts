import type { WorkflowHistoryEntry } from '../model/workflow.js';

/**
 * The users who have fired `actionId` on the item while it stood on `stepId`, since it last entered
 * that step (approvals from an earlier pass through the step do not count again). Each user once,
 * in the order they approved.
 */
export function approvalsOf(
  history: readonly WorkflowHistoryEntry[],
  { languageId, actionId, stepId }: { languageId: number; actionId: string; stepId: string | null },
): string[] {
  const approvers = new Set<string>();
  for (const entry of history) {
    if (entry.kind !== 'action' || entry.languageId !== languageId) continue;
    if (entry.toStepId === stepId && entry.fromStepId !== stepId) approvers.clear();
    if (entry.actionId === actionId && entry.fromStepId === stepId) approvers.add(entry.userId);
  }
  return [...approvers];
}
