import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import { ROOT_PATH } from '../model/folder.js';
import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';
import { checkPlace, requireFolderAt, type FolderDependencies } from './folder-access.js';

/** Content items removed at a time by a recursive delete. */
const DELETE_BATCH = 200;

/**
 * Deletes folders by stored path, in the caller's transaction. A folder that holds content or menu
 * links (itself or below) is refused unless `recursive`, which destroys them too: every version of
 * the content in every language, its workflow tasks, and (after the commit) its index documents;
 * the links with both their versions. Links elsewhere pointing at what is deleted are kept:
 * navigation skips an INTERNAL link whose target is gone. Unlike the original, whose deletes are
 * always recursive, emptying first is the default: destroying what a folder holds takes an explicit `recursive`.
 */
export async function deleteFolders(
  deps: FolderDependencies,
  tx: Repositories,
  request: { caller: Principal; site: Site; paths: readonly string[]; recursive: boolean },
): Promise<string[]> {
  const { caller, site } = request;
  const deleted: string[] = [];
  for (const path of request.paths) {
    if (path === ROOT_PATH)
      throw new CmsError(Errors.FOLDER_PATH_INVALID, { path, problem: 'the root of a site is not a folder' });
    const folder = await requireFolderAt(tx, site, path);
    const place = { site, folder };
    await checkPlace(deps, tx, { caller, place, permission: 'WRITE' });
    await checkPlace(deps, tx, { caller, place, permission: 'EDIT_PERMISSIONS' });
    for (;;) {
      const items = await tx.folders.contentUnder(site.identifier, folder.path, DELETE_BATCH);
      if (items.length === 0) break;
      if (!request.recursive) throw new CmsError(Errors.FOLDER_NOT_EMPTY, { path: folder.path });
      for (const identifier of items) {
        await deps.content.destroy(tx, identifier);
        await tx.tasks.delete(identifier);
        await tx.permissions.reset(identifier);
      }
    }
    const subtree = await tx.folders.listSubtree(site.identifier, folder.path);
    const folderIds = subtree.map((f) => f.identifier);
    // A folder holding only a menu link is not empty either: its menu would lose the link.
    if (!request.recursive && (await tx.menuLinks.countInFolders(folderIds)) > 0)
      throw new CmsError(Errors.FOLDER_NOT_EMPTY, { path: folder.path });
    for (const link of await tx.menuLinks.deleteInFolders(folderIds)) await tx.permissions.reset(link);
    for (const gone of subtree) await tx.permissions.reset(gone.identifier);
    await tx.folders.deleteSubtree(site.identifier, folder.path);
    deleted.push(folder.path);
  }
  return deleted;
}
