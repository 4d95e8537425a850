import { contentOperationActionlet } from './define.js';

export const deleteContent = contentOperationActionlet({
  className: 'DeleteContentActionlet',
  name: 'Delete content',
  howTo: 'Deletes the content in the language of the fire, with its workflow task. This cannot be undone.',
  operation: 'delete',
});
