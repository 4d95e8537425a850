import { unavailableActionlet } from './define.js';

export const pushPublish = unavailableActionlet({
  className: 'PushPublishActionlet',
  name: 'Push Publish',
  howTo: 'Pushes the content to the environments the user chooses when firing the action, at the time chosen.',
  needs: 'push publishing to remote environments arrives in a later release',
});
