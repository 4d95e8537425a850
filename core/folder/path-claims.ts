import { CmsError, Errors } from '../errors/index.js';
import { contentParentPathOf, parentPathOf } from '../model/folder.js';
import type { Repositories } from '../plugin/storage/index.js';

/**
 * Refuses a folder path another folder, or a page or file, already has on the site: a folder
 * `/a/b/` and an item named `b` in `/a/` would answer the same URL.
 */
export async function checkFolderPathFree(tx: Repositories, hostId: string, path: string): Promise<void> {
  if (await tx.folders.findByPath(hostId, path))
    throw new CmsError(Errors.FOLDER_PATH_TAKEN, { path, holder: 'another folder' }, { fieldName: 'path' });
  const name = path.slice(parentPathOf(path).length, -1);
  const item = await tx.content.findByPath(hostId, contentParentPathOf(parentPathOf(path)), name);
  if (item)
    throw new CmsError(
      Errors.FOLDER_PATH_TAKEN,
      { path, holder: `the page or file ${item.identifier}` },
      { fieldName: 'path' },
    );
}
