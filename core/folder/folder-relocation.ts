import { CmsError, Errors } from '../errors/index.js';
import { type Folder } from '../model/folder.js';
import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';
import { indexTargetsUnder } from '../search/asset-index-targets.js';
import type { FolderDependencies } from './folder-access.js';
import { checkName, checkNotReserved, MAX_FOLDER_PATH_LENGTH } from './folder-path.js';
import { checkFolderPathFree } from './path-claims.js';

/** A folder's new place: a site, the path of its new parent (`/` for the root), and its name there. */
export interface Relocation {
  folder: Folder;
  toSite: Site;
  toParentPath: string;
  name: string;
}

/**
 * Renames or moves a folder, with the folders below it and the content in them all (their paths
 * change by prefix), in the caller's transaction; the content is queued for the search index,
 * whose documents carry paths and permissions. Permission checks are the caller's.
 */
export async function relocate(deps: FolderDependencies, tx: Repositories, move: Relocation): Promise<Folder> {
  const { folder, toSite, toParentPath, name } = move;
  checkName(name);
  const to = `${toParentPath}${name.toLowerCase()}/`;
  const sameSite = toSite.identifier === folder.hostId;
  if (sameSite && to.startsWith(folder.path) && to !== folder.path)
    throw new CmsError(Errors.FOLDER_MOVE_INTO_ITSELF, { path: folder.path });
  if (to.length > MAX_FOLDER_PATH_LENGTH)
    throw new CmsError(Errors.FOLDER_PATH_INVALID, {
      path: to,
      problem: `it is longer than ${MAX_FOLDER_PATH_LENGTH} characters`,
    });
  if (sameSite && to === folder.path) return { ...folder, name };
  checkNotReserved(name, toParentPath);
  await checkFolderPathFree(tx, toSite.identifier, to);
  // Every folder of the subtree would make a path of this length plus its own tail.
  const deepest = (await tx.folders.listSubtree(folder.hostId, folder.path)).reduce(
    (n, f) => Math.max(n, f.path.length),
    0,
  );
  if (deepest - folder.path.length + to.length > MAX_FOLDER_PATH_LENGTH)
    throw new CmsError(Errors.FOLDER_PATH_INVALID, {
      path: to,
      problem: `a folder below it would be longer than ${MAX_FOLDER_PATH_LENGTH} characters`,
    });
  await tx.folders.repath({ hostId: folder.hostId, from: folder.path, toHostId: toSite.identifier, to });
  await deps.indexQueue?.add(tx, await indexTargetsUnder(tx, toSite.identifier, to));
  return { ...folder, hostId: toSite.identifier, path: to, name };
}
