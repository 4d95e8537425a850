import t from 'tap';
import { join } from 'node:path';
import { ReadableSuggest } from '../../../core/search/readable-suggest.js';
import { openSqliteSearchIndex } from '../../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../../helpers/test-app.js';

type Json = Record<string, unknown>;

// Suggestions counted inside a caller's filter (here `live`), on the embedded index: the options
// of an analysed member are counted as its tokens, those of another member as words of its values.
t.test('options are counted inside the filter, on analysed members and on values alike', async (t) => {
  const index = openSqliteSearchIndex(join(tempDataDir(t), 'index.db'));
  t.teardown(() => index.close());
  await index.index([
    { id: 'a', live: true, 'note.body': 'garden party', tags: 'garden gate' },
    { id: 'b', live: false, 'note.body': 'gardens', tags: 'gardens' },
    { id: 'c', live: true, 'note.body': 'a garden', tags: 'garden' },
  ]);
  const suggestOn = async (field: string) => {
    const readable = new ReadableSuggest(index, [{ term: { live: true } }]);
    const request = { size: 0, suggest: readable.prepare({ fix: { text: 'gardn', term: { field } } }) as Json };
    const answer = await index.search(request);
    const finished = (await readable.finish(answer.suggest as Json)) as Record<string, Json[]>;
    return finished.fix![0]!.options;
  };
  // `gardens` is only in a version outside the filter: not an option, whatever the engine holds.
  t.strictSame(await suggestOn('note.body'), [{ text: 'garden', score: 0.8, freq: 2 }], 'an analysed member');
  t.strictSame(await suggestOn('tags'), [{ text: 'garden', score: 0.8, freq: 2 }], 'words of whole values');
});
