import { join } from 'node:path';
import t from 'tap';
import { PermissionService } from '../../../core/auth/permission-service.js';
import { DefinitionCache } from '../../../core/definitions/definition-cache.js';
import { canonicalFieldClassName } from '../../../core/plugin/field-type.js';
import type { SearchDocument, SearchIndex } from '../../../core/plugin/search-driver.js';
import { ContentIndexer } from '../../../core/search/content-indexer.js';
import { indexChangesOf, mergeIndexChanges } from '../../../core/search/index-changes.js';
import { SEED_IDS } from '../../../core/setup/seed-installation.js';
import { openSqliteSearchIndex } from '../../../plugins/search/embedded/sqlite-search-index.js';
import { startTestApp } from '../../helpers/test-app.js';

/** What the index holds, by document id, read back through the engine itself. */
async function documentsOf(index: SearchIndex): Promise<Map<string, SearchDocument>> {
  const response = await index.search({ query: { match_all: {} }, size: 100 });
  return new Map(response.hits.hits.map((hit) => [hit._id, hit._source as SearchDocument]));
}

t.test('the indexer builds documents from stored content and follows its changes', async (t) => {
  const s = await startTestApp(t);
  if (!s) return;
  const admin = s.basicAuth();
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'News', variable: 'News' },
  });
  await s.http('POST', '/api/v2/contenttype/News/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'Headline', variable: 'headline', indexed: true },
      { clazz: 'TextField', name: 'Views', variable: 'views', dataType: 'INTEGER', indexed: true },
    ],
  });
  const fire = (action: string, body: Record<string, unknown>) =>
    s.http('PUT', `/api/v1/workflow/actions/default/fire/${action}`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'News', ...body } },
    });
  const published = await fire('PUBLISH', { headline: 'Big News', views: 7 });
  t.equal(published.status, 200, JSON.stringify(published.json));
  const identifier = published.json.entity.identifier as string;

  const registry = s.app.services.registry;
  const storage = s.app.services.storage;
  const index = openSqliteSearchIndex(join(s.dataDir, 'search-test.db'));
  t.teardown(() => index.close());
  const indexer = new ContentIndexer({
    index,
    typeOf: (field) => registry.fieldTypes.get(canonicalFieldClassName(field.clazz)),
    definitions: new DefinitionCache(),
    permissions: new PermissionService({ anonymous: SEED_IDS.anonymousRole, owner: SEED_IDS.ownerRole }),
    ownerRoleId: SEED_IDS.ownerRole,
  });
  const item = { identifier, languageId: 1 };

  await indexer.apply(storage, indexChangesOf({ kind: 'publish', ...item }));
  let documents = await documentsOf(index);
  t.same([...documents.keys()], [`${identifier}_1_working`], 'published as saved: one document');
  const doc = documents.get(`${identifier}_1_working`)!;
  t.match(doc, {
    identifier,
    contenttype: 'news',
    basetype: 1,
    live: true,
    working: true,
    deleted: false,
    'news.headline': 'big news',
    'news.views': 7,
    languageid: 1,
    conhost: 'system_host',
    wfcurrentstepname: String,
  });
  t.ok((doc.catchall as string).includes('big news'));
  t.type(doc.permissions, Array);

  // A new working version over the live one: two documents, one per slot.
  t.equal((await fire('EDIT', { identifier, headline: 'Bigger News', views: 8 })).status, 200);
  await indexer.apply(storage, indexChangesOf({ kind: 'save', ...item }));
  documents = await documentsOf(index);
  t.match(documents.get(`${identifier}_1_working`), { 'news.headline': 'bigger news', live: false });
  t.match(documents.get(`${identifier}_1_live`), { 'news.headline': 'big news', working: false, live: true });

  // Publishing again folds them back into one.
  t.equal((await fire('PUBLISH', { identifier, headline: 'Bigger News', views: 8 })).status, 200);
  await indexer.apply(storage, indexChangesOf({ kind: 'publish', ...item }));
  t.same([...(await documentsOf(index)).keys()], [`${identifier}_1_working`]);

  // Once gone from storage, a refresh removes what is left.
  t.equal((await fire('ARCHIVE', { identifier })).status, 200);
  t.equal((await fire('DESTROY', { identifier })).status, 200);
  await indexer.apply(storage, mergeIndexChanges([indexChangesOf({ kind: 'save', ...item })]));
  t.same([...(await documentsOf(index)).keys()], []);
});
