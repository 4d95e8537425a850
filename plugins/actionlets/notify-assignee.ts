import type { ActionletContext } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { optional } from './param.js';

/**
 * Templates used when the association leaves the subject or body empty. (Velocity drops the line
 * break that follows a directive, hence three line breaks after `#if` for a blank line.)
 */
export const DEFAULT_ASSIGNEE_SUBJECT = '$!{workflow.action}: $!{content.title}';
export const DEFAULT_ASSIGNEE_BODY =
  '$!{user.firstName} $!{user.lastName} fired the workflow action "$!{workflow.action}" on "$!{content.title}", ' +
  'which is now assigned to you.#if($workflow.comment)\n\n\nComment: $workflow.comment#end';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The default body is plain text with values of the item in it: escaped, not trusted, when sent as HTML. */
function defaultBody(context: ActionletContext, html: boolean): string {
  const text = context.render(DEFAULT_ASSIGNEE_BODY);
  if (!html) return text;
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export const notifyAssignee = catalogueActionlet({
  className: 'NotifyAssigneeActionlet',
  name: 'Notify Assignee',
  howTo:
    'E-mails the user the content is assigned to once the action has completed (nothing is sent if the action fails or nobody is assigned). ' +
    'Subject and body are Velocity templates that may use $content, $user and $workflow; when left empty, a message naming the item and the action is sent. ' +
    'Set isHtml to false to send plain text.',
  parameters: [
    optional('emailSubject', 'E-mail subject'),
    optional('emailBody', 'E-mail body'),
    optional('isHtml', 'Send as HTML', 'true'),
  ],
  run: async (context) => {
    const to = await context.workflow.assigneeEmails();
    if (to.length === 0) return;
    const { emailSubject, emailBody, isHtml } = context.params;
    const html = isHtml?.trim().toLowerCase() !== 'false';
    // Rendered now, inside the fire, so the message shows the item as this action left it.
    const subject = context.render(emailSubject || DEFAULT_ASSIGNEE_SUBJECT);
    const body = emailBody ? context.render(emailBody) : defaultBody(context, html);
    await context.mail({ to, subject, ...(html ? { html: body } : { text: body }) });
  },
});
