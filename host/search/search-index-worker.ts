// A worker thread of the indexing pool (see worker-index-writer.ts): it opens storage and the search
// index as the service is configured, and builds and writes the documents of the item-languages it
// is given. Requests never wait for this work.
import { openWorkerStorage, type WorkerStartData } from '../workers/worker-storage.js';
import { workerData } from 'node:worker_threads';
import { PermissionService } from '../../core/auth/permission-service.js';
import { DefinitionCache } from '../../core/definitions/definition-cache.js';
import { canonicalFieldClassName } from '../../core/plugin/field-type.js';
import { resolveNamed } from '../../core/plugin/registry.js';
import type { Storage } from '../../core/plugin/storage/index.js';
import { ContentIndexer, type BuiltDocuments } from '../../core/search/content-indexer.js';
import type { ItemLanguage } from '../../core/search/index-changes.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';

export type IndexWorkerData = WorkerStartData;

interface WorkerParts {
  storage: Storage;
  indexer: ContentIndexer;
}

let parts: Promise<WorkerParts> | undefined;

async function open(data: IndexWorkerData): Promise<WorkerParts> {
  const { config, dataDir, settings, logger, registry, storage } = await openWorkerStorage(data, 'search-index-worker');
  const searchDriver = resolveNamed(registry.searchDrivers, 'search.driver', settings.searchDriver);
  const index = await searchDriver.open({ config, dataDir, logger, limits: settings.searchLimits });
  const indexer = new ContentIndexer({
    index,
    typeOf: (field) => registry.fieldTypes.get(canonicalFieldClassName(field.clazz)),
    definitions: new DefinitionCache(),
    permissions: new PermissionService({ anonymous: SEED_IDS.anonymousRole, owner: SEED_IDS.ownerRole }),
    ownerRoleId: SEED_IDS.ownerRole,
  });
  return { storage, indexer };
}

/**
 * One task: the documents of these item-languages, as storage holds them now, written to the index,
 * or (`build`) answered, for a reindex to write into its rebuild.
 */
export default async function writeDocuments(task: {
  items: ItemLanguage[];
  build?: boolean;
}): Promise<number | BuiltDocuments> {
  parts ??= open(workerData as IndexWorkerData);
  const { storage, indexer } = await parts;
  const changes = { refresh: task.items, remove: [] };
  if (task.build) return indexer.build(storage, changes);
  await indexer.apply(storage, changes);
  return task.items.length;
}
