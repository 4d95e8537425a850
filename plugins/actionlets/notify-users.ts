import { catalogueActionlet } from './define.js';
import { DEFAULT_ASSIGNEE_SUBJECT } from './notify-assignee.js';
import { optional, required } from './param.js';
import { bodyPart, findRecipients, mailEach, splitList } from './recipients.js';

export const DEFAULT_NOTIFY_BODY =
  '$!{user.firstName} $!{user.lastName} fired the workflow action "$!{workflow.action}" on "$!{content.title}".';

export const notifyUsers = catalogueActionlet({
  className: 'NotifyUsersActionlet',
  name: 'Notify Users',
  howTo:
    'E-mails the users given in "emails": user ids, e-mail addresses or role keys (a role mails its active members), separated by commas; ' +
    'the list itself may be a Velocity template. Each recipient gets a message of their own, once. ' +
    'Subject and body are Velocity templates that may use $content, $user and $workflow; isHtml=true sends HTML.',
  parameters: [
    required('emails', 'User ids, e-mail addresses or role keys (comma-separated)'),
    optional('emailSubject', 'E-mail subject'),
    optional('emailBody', 'E-mail body'),
    optional('isHtml', 'Send as HTML'),
  ],
  run: async (context) => {
    const { emails, emailSubject, emailBody, isHtml } = context.params;
    // The list may be computed (`$content.reviewer`): rendered first, then read as a list.
    const references = splitList(emails?.includes('$') ? context.render(emails) : emails);
    const { users, addresses } = await findRecipients(context, references);
    await mailEach(context, [...users.map((u) => u.email), ...addresses], {
      subject: context.render(emailSubject || DEFAULT_ASSIGNEE_SUBJECT),
      ...bodyPart(context.render(emailBody || DEFAULT_NOTIFY_BODY), isHtml),
    });
  },
});
