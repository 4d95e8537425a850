import type { ActionletContext, WorkflowUser } from '../../core/plugin/kit.js';

/** Splits a list of references as the original does: on commas and white space. */
export function splitList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * Resolves references (user ids, e-mail addresses, role keys or ids) to users and plain addresses.
 * A reference that names nothing is skipped with a warning, not fatal: the rest still get their mail.
 */
export async function findRecipients(
  context: ActionletContext,
  references: readonly string[],
): Promise<{ users: WorkflowUser[]; addresses: string[] }> {
  const found = await context.workflow.findUsers(references);
  if (found.unknown.length > 0) {
    context.logger.warn({ references: found.unknown }, 'skipped: no active user, role or e-mail address of that name');
  }
  return found;
}

/** One message per recipient, so no recipient sees who else was told. */
export async function mailEach(
  context: ActionletContext,
  to: readonly string[],
  message: { subject: string; text?: string; html?: string },
): Promise<void> {
  for (const address of new Set(to.map((a) => a.toLowerCase()))) await context.mail({ ...message, to: [address] });
}

/** How the built-in mail actionlets read `isHtml`: only `true` sends HTML. */
export function bodyPart(body: string, isHtml: string | undefined): { text: string } | { html: string } {
  return isHtml?.trim().toLowerCase() === 'true' ? { html: body } : { text: body };
}
