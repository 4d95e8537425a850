import { unavailableActionlet } from './define.js';
import { required } from './param.js';

export const linkChecker = unavailableActionlet({
  className: 'CheckURLAccessibilityActionlet',
  name: 'Link Checker',
  howTo:
    'Checks that every link in the listed fields (variable names, comma-separated) can be reached, and fails the action when one cannot.',
  parameters: [required('fieldList', 'Fields to check (variable names, comma-separated)')],
  needs: 'outbound HTTP checks of links arrive in a later release',
});
