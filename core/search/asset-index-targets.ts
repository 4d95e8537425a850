import { refOf, type PermissionAsset } from '../auth/permission-service.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { Repositories } from '../plugin/storage-driver.js';
import type { IndexTarget } from './index-queue.js';

/**
 * The documents whose permission data a change of an asset's grants alters: an item's languages; a
 * type's items; a site's items, or every item for SYSTEM_HOST, whose grants every site inherits.
 */
export async function indexTargetsOfGrants(tx: Repositories, asset: PermissionAsset): Promise<IndexTarget[]> {
  const ref = refOf(asset);
  switch (ref.kind) {
    case 'content':
      return (await tx.content.listStates(ref.id)).map((state) => ({
        scope: 'item',
        identifier: ref.id,
        languageId: state.languageId,
      }));
    case 'contentType':
      return [{ scope: 'type', id: ref.id }];
    case 'site':
      return ref.id === SYSTEM_HOST ? [{ scope: 'all' }] : [{ scope: 'site', id: ref.id }];
  }
}
