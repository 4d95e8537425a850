import { unavailableActionlet } from './define.js';
import { optional, required } from './param.js';

export const requireMultipleApprovers = unavailableActionlet({
  className: 'MultipleApproverActionlet',
  name: 'Require Multiple Approvers',
  howTo:
    'Requires every listed approver (user ids, e-mail addresses or role keys, comma-separated) to fire the action. ' +
    'Until all of them have, the users who have not approved yet are e-mailed and no later sub-action runs.',
  parameters: [
    required('approvers', 'Approvers (user ids, e-mail addresses or role keys)'),
    optional('emailSubject', 'E-mail subject', 'Multiple Approval Required'),
    optional('emailBody', 'E-mail body'),
  ],
  needs: 'approval tracking and approval request e-mails arrive in a later release',
});
