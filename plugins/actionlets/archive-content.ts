import { contentOperationActionlet } from './define.js';

export const archiveContent = contentOperationActionlet({
  className: 'ArchiveContentActionlet',
  name: 'Archive content',
  howTo: 'Archives the content: it is unpublished and kept out of listings until it is unarchived.',
  operation: 'archive',
});
