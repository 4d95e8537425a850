import { unavailableActionlet } from './define.js';
import { optional, required } from './param.js';

export const fourEyesApproval = unavailableActionlet({
  className: 'FourEyeApproverActionlet',
  name: "'Four Eyes' Approval",
  howTo:
    'Requires approval by a minimum number of the listed approvers (user ids, e-mail addresses or role keys, comma-separated). ' +
    'Until enough of them have fired the action, the users who have not approved yet are e-mailed and no later sub-action runs.',
  parameters: [
    required('approvers', 'Approvers (user ids, e-mail addresses or role keys)'),
    required('minimumApprovers', 'Minimum number of approvers', '2'),
    required('emailSubject', 'E-mail subject', 'Multiple Approval Required'),
    optional('emailBody', 'E-mail body'),
  ],
  needs: 'approval tracking and approval request e-mails arrive in a later release',
});
