import { InvalidError, type ActionletContext, type WorkflowUser } from '../../core/plugin/kit.js';
import { findRecipients, mailEach, splitList } from './recipients.js';

/** The body of the request for approval when the association gives none. */
export const DEFAULT_APPROVAL_BODY =
  '$!{user.firstName} $!{user.lastName} approved "$!{workflow.action}" on "$!{content.title}". ' +
  'Your approval is needed too: fire the same action on the item.';

/** The approvers an association names: users, or the active members of roles. Addresses of no user cannot approve. */
export async function approversOf(context: ActionletContext, actionletName: string): Promise<WorkflowUser[]> {
  const { users, addresses } = await findRecipients(context, splitList(context.params.approvers));
  if (addresses.length > 0) {
    context.logger.warn({ addresses }, 'skipped approvers: these addresses belong to no user, who could approve');
  }
  if (users.length === 0) {
    throw new InvalidError(
      `${actionletName}: none of the approvers names an active user or a role with active members`,
    );
  }
  return users;
}

/**
 * Counts the approvals (this fire included) of `approvers`: with fewer than `needed`, the item
 * stays on its step, no later sub-action runs, and the approvers who have not approved yet are
 * asked by mail. With enough, it does nothing and the action goes on.
 */
export async function requireApprovals(
  context: ActionletContext,
  approvers: readonly WorkflowUser[],
  needed: number,
): Promise<void> {
  const approved = new Set(await context.workflow.approvals());
  const waiting = approvers.filter((approver) => !approved.has(approver.userId));
  if (approvers.length - waiting.length >= needed) return;
  context.stopProcessing();
  context.workflow.stayOnStep();
  const { emailSubject, emailBody } = context.params;
  await mailEach(
    context,
    waiting.map((approver) => approver.email),
    {
      subject: context.render(emailSubject || 'Multiple Approval Required'),
      text: context.render(emailBody || DEFAULT_APPROVAL_BODY),
    },
  );
}
