import { unavailableActionlet } from './define.js';
import { required } from './param.js';

export const pushNow = unavailableActionlet({
  className: 'PushNowActionlet',
  name: 'Push Now',
  howTo:
    'Pushes the content to the named push publishing environment(s) straight away; set force to true to push even unchanged content.',
  parameters: [required('environment', 'Environment(s)'), required('force', 'Force the push', 'false')],
  needs: 'push publishing to remote environments arrives in a later release',
});
