import { contentOperationActionlet } from './define.js';

export const unarchiveContent = contentOperationActionlet({
  className: 'UnarchiveContentActionlet',
  name: 'Unarchive content',
  howTo: 'Brings archived content back as an unpublished working version.',
  operation: 'unarchive',
});
