import t from 'tap';
import { startTestApp, testOnEachStorage, textContentType } from '../helpers/test-app.js';
import { eventually, fireSystem, indexedIds, searchIndexOf } from './search-helpers.js';

const WORKERS = { env: { CMS_SEARCH_INDEX_WORKERS: '1' } };

testOnEachStorage(
  'every change of an item reaches the index after its commit (indexed by a worker thread)',
  async (t, s) => {
    await textContentType(s, 'Blog', ['title', 'body']);
    const saved = await fireSystem(s, 'NEW', { contentType: 'Blog', title: 'Hello World', body: 'First words' });
    const id = saved.identifier as string;
    t.strictSame(await indexedIds(s), [`${id}_1_working`], 'saved: the working document');
    const [doc] = (await searchIndexOf(s).search({ query: { term: { identifier: id } } })).hits.hits;
    t.equal(doc!._source['blog.title'], 'hello world', 'the field member, lower-cased');
    t.equal(doc!._source.contenttype, 'blog');

    await fireSystem(s, 'PUBLISH', { identifier: id });
    t.strictSame(await indexedIds(s, { term: { live: true } }), [`${id}_1_working`], 'published: working is live');

    await fireSystem(s, 'EDIT', { identifier: id, contentType: 'Blog', title: 'Hello Again', body: 'x' });
    t.strictSame(
      await indexedIds(s),
      [`${id}_1_live`, `${id}_1_working`],
      'a newer working version beside the live one',
    );
    t.strictSame(await indexedIds(s, { match: { 'blog.title': 'again' } }), [`${id}_1_working`]);

    await fireSystem(s, 'UNPUBLISH', { identifier: id });
    t.strictSame(await indexedIds(s), [`${id}_1_working`], 'unpublished: the live document goes');
    await fireSystem(s, 'ARCHIVE', { identifier: id });
    t.strictSame(await indexedIds(s, { term: { deleted: true } }), [`${id}_1_working`], 'archived is deleted:true');
    await fireSystem(s, 'DELETE', { identifier: id });
    t.strictSame(await indexedIds(s), [], 'deleted: nothing left');
  },
  WORKERS,
);

t.test('a field change rewrites the documents of the type', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Post', ['title', 'teaser']);
  await fireSystem(s, 'NEW', { contentType: 'Post', title: 'One', teaser: 'short' });
  t.strictSame((await indexedIds(s, { exists: { field: 'post.teaser' } })).length, 1);
  const removed = await s.http('DELETE', '/api/v2/contenttype/Post/fields/teaser', { headers: s.basicAuth() });
  t.equal(removed.status, 200, removed.text);
  t.ok(
    await eventually(async () => (await indexedIds(s, { exists: { field: 'post.teaser' } })).length === 0),
    'the removed field left the documents',
  );
});

t.test('a field left out of a type update leaves the documents too', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title', 'teaser']);
  await fireSystem(s, 'NEW', { contentType: 'Note', title: 'One', teaser: 'short' });
  t.strictSame((await indexedIds(s, { exists: { field: 'note.teaser' } })).length, 1);
  const type = await s.http('GET', '/api/v1/contenttype/id/Note', { headers: s.basicAuth() });
  const fields = type.json.entity.fields.filter((f: { variable: string }) => f.variable !== 'teaser');
  const updated = await s.http('PUT', '/api/v1/contenttype/id/Note', { headers: s.basicAuth(), body: { fields } });
  t.equal(updated.status, 200, updated.text);
  t.ok(
    await eventually(async () => (await indexedIds(s, { exists: { field: 'note.teaser' } })).length === 0),
    'the field left out left the documents',
  );
});

t.test('indexing in the answering thread (search.index.workers=0) keeps the index in line too', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Memo', ['title']);
  const saved = await fireSystem(s, 'NEW', { contentType: 'Memo', title: 'In thread' });
  t.strictSame(await indexedIds(s), [`${saved.identifier}_1_working`]);
  await fireSystem(s, 'ARCHIVE', { identifier: saved.identifier });
  await fireSystem(s, 'DESTROY', { identifier: saved.identifier });
  t.strictSame(await indexedIds(s), [], 'archived, then destroyed: gone');
});
