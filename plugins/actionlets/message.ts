import { unavailableActionlet } from './define.js';
import { WORKFLOWS_PACKAGE } from './package.js';
import { required } from './param.js';

export const message = unavailableActionlet({
  className: 'MessageActionlet',
  package: WORKFLOWS_PACKAGE,
  name: 'Message',
  howTo:
    'Shows a message to users in the application: "users" lists user ids, role keys or "Current User" (comma-separated); ' +
    'the message is a Velocity template that may use $content, $user and $workflow.',
  parameters: [
    required('users', 'Users (user ids, role keys or Current User)', 'Current User'),
    required('message', 'Message'),
  ],
  needs: 'in-application user messages arrive in a later release',
});
