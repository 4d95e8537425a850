import t from 'tap';
import { startTestApp, textContentType, type TestApp } from '../helpers/test-app.js';
import { fireSystem } from './search-helpers.js';

/** Authors, and Books related to authors (one-to-many). */
async function library(s: TestApp) {
  const admin = s.basicAuth();
  await textContentType(s, 'Author', ['name']);
  await textContentType(s, 'Book', ['title']);
  const field = await s.http('POST', '/api/v2/contenttype/Book/fields', {
    headers: admin,
    body: [{ clazz: 'RelationshipField', name: 'authors', variable: 'authors', relationType: 'Author', values: '1' }],
  });
  if (field.status !== 200) throw new Error(field.text);
  const jane = await fireSystem(s, 'NEW', { contentType: 'Author', name: 'Jane Austen' });
  const john = await fireSystem(s, 'NEW', { contentType: 'Author', name: 'John Keats' });
  for (const author of [jane, john]) await fireSystem(s, 'PUBLISH', { identifier: author.identifier });
  return { jane: jane.identifier as string, john: john.identifier as string };
}

t.test('a relationship given as a Lucene query is resolved through the search index', async (t) => {
  const s = (await startTestApp(t))!;
  const { jane, john } = await library(s);
  const book = await fireSystem(s, 'NEW', { contentType: 'Book', title: 'Emma', authors: '+Author.name:jane*' });
  t.strictSame(book.map.authors, [jane], 'the query became the identifier it matched');
  const both = await fireSystem(s, 'NEW', {
    contentType: 'Book',
    title: 'Anthology',
    authors: `${john},+contentType:Author +Author.name:(jane OR john)`,
  });
  t.strictSame([...both.map.authors].sort(), [jane, john].sort(), 'identifiers and queries mix, each item once');
  const none = await fireSystem(s, 'NEW', { contentType: 'Book', title: 'Orphan', authors: '+Author.name:nobody' });
  t.strictSame(none.map.authors ?? [], [], 'a query that matches nothing relates nothing');
});

t.test('depth draws related content in the search answers', async (t) => {
  const s = (await startTestApp(t))!;
  const { jane } = await library(s);
  const book = await fireSystem(s, 'NEW', { contentType: 'Book', title: 'Emma', authors: jane });
  await fireSystem(s, 'PUBLISH', { identifier: book.identifier });
  const search = async (depth: string) =>
    (
      await s.http('POST', `/api/es/search${depth}`, {
        headers: s.basicAuth(),
        body: { query: { term: { contenttype: 'book' } } },
      })
    ).json.contentlets[0].authors;
  t.strictSame(await search(''), [jane], 'no depth: the field as stored');
  t.strictSame(await search('?depth=0'), [jane], '0: identifiers');
  const full = await search('?depth=1');
  t.equal(full[0].identifier, jane, '1: the related item in full');
  t.equal(full[0].name, 'Jane Austen');
  const viaContentSearch = await s.http('POST', '/api/content/_search', {
    headers: s.basicAuth(),
    body: { query: '+contentType:Book +live:true', depth: 1 },
  });
  t.equal(viaContentSearch.json.entity.jsonObjectView.contentlets[0].authors[0].name, 'Jane Austen');
  const bad = await s.http('POST', '/api/content/_search', {
    headers: s.basicAuth(),
    body: { query: '+contentType:Book', depth: 4 },
  });
  t.equal(bad.status, 400);
  t.equal(bad.json.errors[0].message, 'Invalid value for Depth. Depth must be a number');
});
