import { contentOperationActionlet } from './define.js';

export const publishContent = contentOperationActionlet({
  className: 'PublishContentActionlet',
  name: 'Publish content',
  howTo: 'Publishes the working version of the content. Put it after Save content when the action also saves.',
  operation: 'publish',
});
