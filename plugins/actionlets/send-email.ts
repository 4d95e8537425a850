import type { ActionletContext, MailAttachment } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { optional, required } from './param.js';
import { splitList } from './recipients.js';

const ATTACHMENTS = [1, 2, 3, 4, 5].map((n) => `attachment${n}`);

/** `"Name" <address>` when there is a name; quotes in the name cannot break out of it. */
function mailbox(address: string, name: string): string {
  return name ? `"${name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;
}

function isStoredFile(value: unknown): value is { path: string; name: string } {
  const v = value as { path?: unknown; name?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.name === 'string';
}

/**
 * An attachment parameter names a Binary field of the item (no `/`) or the path of a file asset on
 * the item's site. One that names nothing is skipped with a warning: the mail still goes.
 */
async function attachment(context: ActionletContext, reference: string): Promise<MailAttachment | undefined> {
  const value = reference.includes('/') ? undefined : context.item.values[reference];
  if (isStoredFile(value)) return { fileName: value.name, source: { assetPath: value.path } };
  const file = reference.startsWith('/') ? await context.workflow.fileOnSite(reference) : undefined;
  if (file) return { fileName: file.fileName, source: { assetPath: file.assetPath } };
  context.logger.warn({ attachment: reference }, 'Attachment skipped: no file in that field or at that path');
  return undefined;
}

export const sendEmail = catalogueActionlet({
  className: 'EmailActionlet',
  name: 'Send an Email',
  howTo:
    'Sends one HTML e-mail built from templates: every value may use $content.<field>, $user and $workflow; to, cc and bcc may list several addresses. ' +
    'The e-mail is sent unless the condition template prints "false". Attachments name Binary fields of the item or paths of files on its site (/docs/terms.pdf).',
  parameters: [
    required('fromEmail', 'From e-mail address'),
    required('fromName', 'From name'),
    required('toEmail', 'To e-mail address'),
    required('toName', 'To name'),
    required('emailSubject', 'E-mail subject'),
    required('emailBody', 'E-mail body'),
    optional('cc', 'Cc'),
    optional('bcc', 'Bcc'),
    optional('condition', 'Condition (sent unless it prints false)'),
    ...ATTACHMENTS.map((key, i) => optional(key, `Attachment ${i + 1} (field variable or file path)`)),
  ],
  run: async (context) => {
    const { params } = context;
    const render = (key: string) => (params[key] ? context.render(params[key]) : '').trim();
    if (params.condition && render('condition').toLowerCase() === 'false') {
      context.logger.debug({ condition: 'false' }, 'Send an Email: nothing sent');
      return;
    }
    const to = splitList(render('toEmail'));
    if (to.length === 0) {
      context.logger.warn({ toEmail: params.toEmail }, 'Send an Email: the To address rendered empty, nothing sent');
      return;
    }
    const [fromEmail, toName] = [render('fromEmail'), render('toName')];
    const attachments: MailAttachment[] = [];
    for (const key of ATTACHMENTS) {
      const reference = params[key]?.trim();
      const found = reference ? await attachment(context, reference) : undefined;
      if (found) attachments.push(found);
    }
    await context.mail({
      // An empty sender leaves the service's (`mail.from`).
      ...(fromEmail ? { from: mailbox(fromEmail, render('fromName')) } : {}),
      to: to.length === 1 ? [mailbox(to[0]!, toName)] : to,
      cc: splitList(render('cc')),
      bcc: splitList(render('bcc')),
      subject: render('emailSubject'),
      html: params.emailBody ? context.render(params.emailBody) : '',
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  },
});
