import { contentOperationActionlet } from './define.js';

export const unpublishContent = contentOperationActionlet({
  className: 'UnpublishContentActionlet',
  name: 'Unpublish content',
  howTo: 'Takes the live version of the content down; the working version is kept.',
  operation: 'unpublish',
});
