import t from 'tap';
import { startTestApp, textContentType } from '../helpers/test-app.js';
import { eventually, fireSystem, indexedIds } from './search-helpers.js';

// Apart from indexing.test.ts: each file starts worker threads, which take long on a loaded machine.

const WORKERS = { env: { CMS_SEARCH_INDEX_WORKERS: '1' } };

t.test('DEFER answers first and indexes just after; a fire that fails indexes nothing', async (t) => {
  const s = (await startTestApp(t, WORKERS))!;
  await textContentType(s, 'Note', ['title']);
  const saved = await fireSystem(s, 'NEW', { contentType: 'Note', title: 'Deferred' }, '');
  // Bounded generously: the first worker of a loaded machine may take a while to start.
  t.ok(await eventually(async () => (await indexedIds(s)).length === 1, 90_000), 'searchable soon after');
  const failed = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=WAIT_FOR', {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Note', title: 'x', languageId: 999 } },
  });
  t.not(failed.status, 200);
  t.strictSame(await indexedIds(s), [`${saved.identifier}_1_working`], 'the failed fire left no document');
  const bad = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW?indexPolicy=SOON', {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Note', title: 'y' } },
  });
  t.equal(bad.status, 400);
  t.match(bad.json.errors[0].message, /Invalid index policy "SOON"/);
});
