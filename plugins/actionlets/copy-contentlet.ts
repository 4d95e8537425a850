import { contentOperationActionlet } from './define.js';

export const copyContentlet = contentOperationActionlet({
  className: 'CopyActionlet',
  name: 'Copy Contentlet',
  howTo: 'Creates a copy of the content as a new item; the rest of the action goes on with the original.',
  operation: 'copy',
});
