import type { PermissionAsset } from '../auth/permission-service.js';
import { DEFAULT_ASSET_FIELD, splitFilePath } from '../content/file-delivery.js';
import type { Definitions } from '../definitions/definition-cache.js';
import { SYSTEM_HOST } from '../model/site.js';
import { isStoredAsset } from '../model/stored-asset.js';
import type { StoredFile } from '../plugin/actionlet.js';
import type { Repositories } from '../plugin/storage/index.js';
import { findDefaultSite } from '../site/default-site.js';

/** Where a fire looks for a file: the item's site (the default site for a system item), in the fire's transaction. */
export interface FileLookup {
  tx: Repositories;
  definitions: Definitions;
  /** The item's site; undefined while the item is not saved. */
  host: string | undefined;
  languageId: number;
  /** Throws when the caller may not read the file. */
  mayRead(asset: PermissionAsset): Promise<void>;
}

/**
 * A file asset of the item's site by its path, as an actionlet attaches it: the stored file of its
 * live version in the fire's language. Undefined when there is no such live file.
 */
export async function fileOnSite(lookup: FileLookup, path: string): Promise<StoredFile | undefined> {
  const { tx, definitions, host, languageId } = lookup;
  const site = host === SYSTEM_HOST ? (await findDefaultSite(tx))?.identifier : host;
  const location = splitFilePath(path);
  if (!site || !location) return undefined;
  const found = await tx.content.findByPath(site, location.parentPath, location.assetName);
  const type = found && (await definitions.contentType(found.contentTypeId));
  if (!found || type?.baseType !== 'FILEASSET') return undefined;
  await lookup.mayRead({ kind: 'content', identifier: found, type });
  const state = await tx.content.findState(found.identifier, languageId);
  const live = state?.liveInode ? await tx.content.findVersion(state.liveInode) : undefined;
  const stored = live?.values[DEFAULT_ASSET_FIELD];
  if (!isStoredAsset(stored)) return undefined;
  return { assetPath: stored.path, fileName: found.assetName ?? stored.name, size: stored.size };
}
