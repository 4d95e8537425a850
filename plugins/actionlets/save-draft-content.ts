import { contentOperationActionlet } from './define.js';

export const saveDraftContent = contentOperationActionlet({
  className: 'SaveContentAsDraftActionlet',
  name: 'Save Draft content',
  howTo: 'Saves the submitted values as a draft working version, even when some required values are still missing.',
  operation: 'saveDraft',
});
