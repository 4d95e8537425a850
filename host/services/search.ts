import { ContentIndexer, type ContentIndexerDependencies } from '../../core/search/content-indexer.js';
import { ContentFormSearch } from '../../core/search/content-form-search.js';
import { ContentSearch } from '../../core/search/content-search.js';
import { PullRelated } from '../../core/search/pull-related.js';
import { IndexDispatcher } from '../../core/search/index-dispatcher.js';
import { IndexQueue } from '../../core/search/index-queue.js';
import { inProcessIndexWriter, type IndexWriter } from '../../core/search/index-writer.js';
import { Reindexer } from '../../core/search/reindexer.js';
import { relatedQueryResolver, type RelatedQueryResolver } from '../../core/search/related-query.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { workerIndexWriter } from '../search/worker-index-writer.js';
import { declare } from './declare.js';

/** The roles the read rules of searches name. */
const SEARCH_READ_ROLES = { anonymous: SEED_IDS.anonymousRole, backendUser: SEED_IDS.backendUserRole } as const;

/**
 * The search index kept in line with storage: changes are queued in their transactions
 * (`indexQueue`) and applied after the commit (`indexDispatcher`); `reindexer` rebuilds it whole.
 */
export const searchServices = {
  /** What builds a document: the indexer's parts, without the index it writes to. */
  indexerParts: declare({
    needs: ['fieldTypeOf', 'definitions', 'permissions'],
    build: ({ fieldTypeOf, ...d }): Omit<ContentIndexerDependencies, 'index'> => ({
      ...d,
      typeOf: (field) => fieldTypeOf(field.clazz),
      ownerRoleId: SEED_IDS.ownerRole,
    }),
  }),
  indexWriter: declare({
    needs: ['settings', 'startedWith', 'storage', 'search', 'indexerParts'],
    build: (d): IndexWriter =>
      d.settings.searchIndex.workers > 0
        ? workerIndexWriter(d.settings.searchIndex.workers, d.startedWith)
        : inProcessIndexWriter(d.storage, new ContentIndexer({ ...d.indexerParts, index: d.search })),
  }),
  indexDispatcher: declare({
    needs: ['storage', 'search', 'indexWriter', 'logger', 'settings'],
    build: ({ settings, ...d }): IndexDispatcher =>
      new IndexDispatcher({
        storage: d.storage,
        index: d.search,
        writer: d.indexWriter,
        logger: d.logger.child({ area: 'search-index' }),
        deferMs: settings.searchIndex.deferMs,
        batchSize: settings.searchIndex.batchSize,
      }),
  }),
  reindexer: declare({
    needs: ['storage', 'search', 'indexDispatcher', 'indexerParts', 'indexWriter', 'settings', 'logger'],
    build: (d): Reindexer =>
      new Reindexer({
        storage: d.storage,
        index: d.search,
        dispatcher: d.indexDispatcher,
        indexer: d.indexerParts,
        build: (items) => d.indexWriter.build(items),
        batchSize: d.settings.searchIndex.batchSize,
        logger: d.logger.child({ area: 'search-index' }),
      }),
  }),
  indexQueue: declare({
    needs: ['indexDispatcher', 'settings'],
    build: (d): IndexQueue => new IndexQueue({ sink: d.indexDispatcher, defaultPolicy: d.settings.searchIndex.policy }),
  }),
  /** Resolves relationship values given as Lucene queries (through the search index). */
  relatedQuery: declare({
    needs: ['search'],
    build: (d): RelatedQueryResolver => relatedQueryResolver(d.search, SEARCH_READ_ROLES),
  }),
  contentSearch: declare({
    needs: ['storage', 'search', 'content', 'definitions', 'permissions', 'settings'],
    build: ({ search, settings, ...d }): ContentSearch =>
      new ContentSearch({
        ...d,
        index: search,
        anonymousAccess: settings.anonymousContentAccess,
        roles: SEARCH_READ_ROLES,
      }),
  }),
  /** The v1 content search by form (back-end users). */
  contentFormSearch: declare({
    needs: ['storage', 'definitions', 'contentSearch'],
    build: (d): ContentFormSearch => new ContentFormSearch({ ...d, backEndUserRoleId: SEARCH_READ_ROLES.backendUser }),
  }),
  /** The items related to one through one of its relationship fields. */
  pullRelated: declare({
    needs: ['contentReader', 'contentSearch', 'fields'],
    build: ({ fields, ...d }): PullRelated => new PullRelated({ ...d, typeOf: fields.typeOf.bind(fields) }),
  }),
};
