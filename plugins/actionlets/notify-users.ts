import { unavailableActionlet } from './define.js';
import { optional, required } from './param.js';

export const notifyUsers = unavailableActionlet({
  className: 'NotifyUsersActionlet',
  name: 'Notify Users',
  howTo:
    'E-mails the users given in "emails": user ids, e-mail addresses or role keys, separated by commas. ' +
    'Subject and body are Velocity templates that may use $content, $user and $workflow.',
  parameters: [
    required('emails', 'User ids, e-mail addresses or role keys (comma-separated)'),
    optional('emailSubject', 'E-mail subject'),
    optional('emailBody', 'E-mail body'),
    optional('isHtml', 'Send as HTML'),
  ],
  needs: 'outbound e-mail actionlets arrive in a later release',
});
