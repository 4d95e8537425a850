import t from 'tap';
import { describe as described } from '../../admin/src/event-words.js';

const event = (name: string, type: string, data: Record<string, unknown>) => ({
  event: name,
  creationDate: 0,
  payload: { type, data },
});

t.test('a notification says what happened, by the event name, and to which item', async (t) => {
  t.same(described(event('PUBLISH_BASE_CONTENT', 'contentlet', { title: 'Launch' })), {
    what: 'Published',
    title: 'Launch',
  });
  t.same(described(event('UN_PUBLISH_PAGE_ASSET', 'contentlet', { title: 'Home' })).what, 'Unpublished');
  t.same(described(event('UN_ARCHIVE_FILE_ASSET', 'contentlet', { title: 'a.pdf' })).what, 'Unarchived');
  t.same(described(event('ARCHIVE_FILE_ASSET', 'contentlet', { title: 'a.pdf' })).what, 'Archived');
  t.same(described(event('SAVE_BASE_CONTENT', 'contentlet', { identifier: 'abc' })), { what: 'Saved', title: 'abc' });
  t.same(described(event('SOMETHING_NEW', 'thing', {})), { what: 'something new', title: 'thing' });
});

t.test('a message shows its text, not the item it is about', async (t) => {
  t.same(described(event('MESSAGE', 'message', { message: 'Please review', identifier: 'abc' })), {
    what: 'Message',
    title: 'Please review',
  });
});
