import t from 'tap';
import {
  holdsTypedValues,
  isAnalysedMember,
  isTypedQueryValue,
  rangeReadings,
} from '../../../core/search/analysed-members.js';

t.test('analysed members: catchall, title and <type>.<field>; never a _dotraw copy', async (t) => {
  for (const field of ['catchall', 'title', 'blog.title', 'blog.body', 'htmlpageasset.url'])
    t.ok(isAnalysedMember(field), field);
  for (const field of ['title_dotraw', 'blog.title_dotraw', 'identifier', 'contenttype', 'path', 'tags', 'live'])
    t.notOk(isAnalysedMember(field), field);
});

t.test('typed query values: numbers, booleans, and strings holding one or a date', async (t) => {
  for (const value of [5, -2.5, true, '10', '-2.5e3', 'false', '2024-05-01', '2024-05-01T10:00:00Z'])
    t.ok(isTypedQueryValue(value), String(value));
  for (const value of ['hello', 'ten', '2024', '2024-05', '', null, undefined, {}])
    t.equal(isTypedQueryValue(value), value === '2024', String(value));
  t.notOk(holdsTypedValues('catchall'), 'catchall is text only');
  t.ok(holdsTypedValues('blog.price'));
});

t.test('a range reads tokens for words, typed values for numbers and dates, both for numeric strings', async (t) => {
  t.same(rangeReadings('title', ['a', 'm']), { tokens: true, typed: false });
  t.same(rangeReadings('blog.price', [5, 10]), { tokens: false, typed: true });
  t.same(rangeReadings('blog.date', ['2024-01-01']), { tokens: false, typed: true });
  t.same(rangeReadings('blog.body', ['10', '20']), { tokens: true, typed: true });
  t.same(rangeReadings('blog.body', [5, 'z']), { tokens: false, typed: true }, 'a mix reads typed');
  t.same(rangeReadings('catchall', [5, '2024-01-01']), { tokens: true, typed: false }, 'catchall: always tokens');
});
