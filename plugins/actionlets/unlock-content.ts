import { contentOperationActionlet } from './define.js';

export const unlockContent = contentOperationActionlet({
  className: 'CheckinContentActionlet',
  name: 'Unlock content',
  howTo: 'Releases the lock on the content so that any permitted user can edit it again.',
  operation: 'unlock',
});
