import { approversOf, requireApprovals } from './approval.js';
import { catalogueActionlet } from './define.js';
import { optional, required } from './param.js';

const NAME = 'Require Multiple Approvers';

export const requireMultipleApprovers = catalogueActionlet({
  className: 'MultipleApproverActionlet',
  name: NAME,
  howTo:
    'Requires every listed approver (user ids, e-mail addresses or role keys, comma-separated) to fire the action. ' +
    'Until all of them have, the item stays on its step, no later sub-action runs, ' +
    'and the approvers who have not approved yet are e-mailed (subject and body are Velocity templates).',
  parameters: [
    required('approvers', 'Approvers (user ids, e-mail addresses or role keys)'),
    optional('emailSubject', 'E-mail subject', 'Multiple Approval Required'),
    optional('emailBody', 'E-mail body'),
  ],
  run: async (context) => {
    const approvers = await approversOf(context, NAME);
    await requireApprovals(context, approvers, approvers.length);
  },
});
