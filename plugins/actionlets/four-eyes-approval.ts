import { InvalidError } from '../../core/plugin/kit.js';
import { approversOf, requireApprovals } from './approval.js';
import { catalogueActionlet } from './define.js';
import { optional, required } from './param.js';

const NAME = "'Four Eyes' Approval";

export const fourEyesApproval = catalogueActionlet({
  className: 'FourEyeApproverActionlet',
  name: NAME,
  howTo:
    'Requires approval by a minimum number of the listed approvers (user ids, e-mail addresses or role keys, comma-separated): ' +
    'each approves by firing the action. Until enough of them have, the item stays on its step, no later sub-action runs, ' +
    'and the approvers who have not approved yet are e-mailed (subject and body are Velocity templates).',
  parameters: [
    required('approvers', 'Approvers (user ids, e-mail addresses or role keys)'),
    required('minimumApprovers', 'Minimum number of approvers', '2'),
    required('emailSubject', 'E-mail subject', 'Multiple Approval Required'),
    optional('emailBody', 'E-mail body'),
  ],
  run: async (context) => {
    const minimum = Number(context.params.minimumApprovers?.trim() || '2');
    if (!Number.isInteger(minimum) || minimum < 1) {
      throw new InvalidError(`${NAME}: minimumApprovers must be a whole number of at least 1`);
    }
    const approvers = await approversOf(context, NAME);
    // Fewer approvers than the minimum could never pass: a configuration error, said at once.
    if (approvers.length < minimum) {
      throw new InvalidError(
        `${NAME}: minimumApprovers is ${minimum}, but the approvers name only ${approvers.length} active user(s)`,
      );
    }
    await requireApprovals(context, approvers, minimum);
  },
});
