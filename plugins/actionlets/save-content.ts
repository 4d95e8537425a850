import { contentOperationActionlet } from './define.js';

export const saveContent = contentOperationActionlet({
  className: 'SaveContentActionlet',
  name: 'Save content',
  howTo: 'Saves the submitted values as the working version of the content; required values are checked.',
  operation: 'save',
});
