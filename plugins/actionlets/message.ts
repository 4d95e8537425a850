import { catalogueActionlet } from './define.js';
import { WORKFLOWS_PACKAGE } from './package.js';
import { required } from './param.js';
import { findRecipients } from './recipients.js';

const CURRENT_USER = 'current user';

export const message = catalogueActionlet({
  className: 'MessageActionlet',
  package: WORKFLOWS_PACKAGE,
  name: 'Message',
  howTo:
    'Leaves a message for users, which they read with GET /api/v1/messages: "users" lists user ids, role keys (their active members) ' +
    'or "Current User" (the user firing), comma-separated; the message is a Velocity template that may use $content, $user and $workflow.',
  parameters: [
    required('users', 'Users (user ids, role keys or Current User)', 'Current User'),
    required('message', 'Message'),
  ],
  run: async (context) => {
    const references = (context.params.users || 'Current User').split(',').map((r) => r.trim());
    const others = references.filter((r) => r.toLowerCase() !== CURRENT_USER);
    const { users } = await findRecipients(context, others);
    const userIds = users.map((u) => u.userId);
    if (others.length < references.length) userIds.unshift(context.user.userId);
    const text = context.render(context.params.message ?? '');
    if (text.trim() === '' || userIds.length === 0) return;
    await context.workflow.postMessage(userIds, text);
  },
});
