import type { PermissionAsset } from '../auth/permission-service.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { IndexTarget } from './index-queue.js';

/** Past this many items below a folder, a change to them queues their whole site instead of each item. */
const ITEMS_QUEUED_ONE_BY_ONE = 2000;

/**
 * The documents whose permission data a change of an asset's grants alters: an item's languages; a
 * folder's items (and those of the folders below it); a type's items; a site's items, or every item
 * for SYSTEM_HOST, whose grants every site inherits.
 */
export async function indexTargetsOfGrants(tx: Repositories, asset: PermissionAsset): Promise<IndexTarget[]> {
  switch (asset.kind) {
    case 'content': {
      const { identifier } = asset.identifier;
      return (await tx.content.listStates(identifier)).map((state) => ({
        scope: 'item',
        identifier,
        languageId: state.languageId,
      }));
    }
    case 'folder':
      return indexTargetsUnder(tx, asset.folder.hostId, asset.folder.path);
    case 'contentType':
      return [{ scope: 'type', id: asset.type.id }];
    case 'site':
      return asset.siteId === SYSTEM_HOST ? [{ scope: 'all' }] : [{ scope: 'site', id: asset.siteId }];
    case 'menuLink':
      // Links are not in the search index.
      return [];
  }
}

/**
 * The documents of the items in a folder or below it (every language), as a move, a rename or a
 * change of grants alters their path or permissions: item by item, or the whole site when there
 * are too many to list.
 */
export async function indexTargetsUnder(tx: Repositories, hostId: string, folderPath: string): Promise<IndexTarget[]> {
  const identifiers = await tx.folders.contentUnder(hostId, folderPath, ITEMS_QUEUED_ONE_BY_ONE + 1);
  if (identifiers.length > ITEMS_QUEUED_ONE_BY_ONE) return [{ scope: 'site', id: hostId }];
  const targets: IndexTarget[] = [];
  for (const identifier of identifiers) {
    for (const state of await tx.content.listStates(identifier))
      targets.push({ scope: 'item', identifier, languageId: state.languageId });
  }
  return targets;
}
