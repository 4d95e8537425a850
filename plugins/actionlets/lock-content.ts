import { contentOperationActionlet } from './define.js';

export const lockContent = contentOperationActionlet({
  className: 'CheckoutContentActionlet',
  name: 'Lock content',
  howTo: 'Locks the content for the user firing the action, so that others cannot edit it until it is unlocked.',
  operation: 'lock',
});
