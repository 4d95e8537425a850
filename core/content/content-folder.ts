import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentIdentifier } from '../model/contentlet.js';
import { contentParentPathOf, folderPathOfParent, ROOT_PATH } from '../model/folder.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { Placement } from './content-placement.js';
import { SYSTEM_FOLDER } from '../model/site.js';

/** A placement checked against the site's folders: `folder` is the folder's identifier (SYSTEM_FOLDER at the root). */
export type SettledPlacement = Placement & { folder: string };

/**
 * Checks where an item is placed and answers the placement with the folder path as the folder
 * keeps it (paths ignore case; content keeps `/a/b` for the folder `/a/b/`). The folder must exist
 * (CONTENT_FOLDER_NOT_FOUND), unless the item stays where it already was (content saved before
 * folders were kept); a page's or file's path must be free of folders and other items
 * (CONTENT_PATH_TAKEN).
 */
export async function settlePlacement(
  tx: Repositories,
  definitions: Definitions,
  item: { placement: Placement; existing: ContentIdentifier | undefined; identifier: string },
): Promise<SettledPlacement> {
  const { placement, existing } = item;
  const folderPath = folderPathOfParent(placement.parentPath);
  let parentPath = placement.parentPath;
  let folderId = SYSTEM_FOLDER;
  const stays =
    existing !== undefined &&
    existing.host === placement.host &&
    folderPathOfParent(existing.parentPath) === folderPath;
  if (folderPath !== ROOT_PATH) {
    const folder = await definitions.folderAt(placement.host, folderPath);
    if (folder) {
      parentPath = contentParentPathOf(folder.path);
      folderId = folder.identifier;
    } else if (stays) {
      parentPath = existing.parentPath;
      folderId = existing.folder;
    } else
      throw new CmsError(Errors.CONTENT_FOLDER_NOT_FOUND, { path: placement.parentPath }, { fieldName: 'hostFolder' });
  }
  if (placement.assetName === null) return { ...placement, parentPath, folder: folderId };
  const path = `${folderPath}${placement.assetName}`;
  if (await definitions.folderAt(placement.host, `${folderPath}${placement.assetName.toLowerCase()}/`))
    throw new CmsError(Errors.CONTENT_PATH_TAKEN, { path, holder: 'a folder' }, { fieldName: placement.nameField });
  const holder = await tx.content.findByPath(placement.host, parentPath, placement.assetName);
  if (holder && holder.identifier !== item.identifier)
    throw new CmsError(
      Errors.CONTENT_PATH_TAKEN,
      { path, holder: `the content ${holder.identifier}` },
      { fieldName: placement.nameField },
    );
  return { ...placement, parentPath, folder: folderId };
}
