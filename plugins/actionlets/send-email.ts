import { unavailableActionlet } from './define.js';
import { optional, required } from './param.js';

export const sendEmail = unavailableActionlet({
  className: 'EmailActionlet',
  name: 'Send an Email',
  howTo:
    'Sends an e-mail built from templates: every value may use $content.<field>, $user and $workflow. ' +
    'The e-mail is sent unless the condition template prints "false". Attachments name fields holding files.',
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
    ...[1, 2, 3, 4, 5].map((n) => optional(`attachment${n}`, `Attachment ${n} (field variable)`)),
  ],
  needs: 'outbound e-mail actionlets arrive in a later release',
});
