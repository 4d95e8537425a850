import { CmsError, Errors, isCmsError } from '../errors/index.js';
import type { Logger } from '../logger.js';
import { parentPathOf } from '../model/folder.js';
import type { Storage } from '../plugin/storage/index.js';
import { folderNames, storedPath } from './folder-path.js';
import { randomUUID } from 'node:crypto';

/** Set once the content of an installation from before folders were kept has its folders. */
const BACKFILLED = 'folders.backfilled';

/**
 * Makes the folders that content saved before folders were kept already uses, with their parents,
 * once per installation, so that an upgraded database ends like a fresh one: content moves with
 * its folder and inherits its permissions. Folders are owned by the system user; a path whose
 * names a folder would refuse is left as it is (and logged). Safe when several processes start at once.
 */
export async function backfillFolders(storage: Storage, log: Logger, owner: string, now: number): Promise<void> {
  if ((await storage.settings.get(BACKFILLED)) !== undefined) return;
  let made = 0;
  for (const { hostId, parentPath } of await storage.folders.contentParentPaths()) {
    let names: string[];
    try {
      names = folderNames(parentPath);
    } catch (error) {
      if (!(error instanceof CmsError)) throw error;
      log.warn({ hostId, parentPath, err: error }, 'content path left without a folder');
      continue;
    }
    for (let depth = 1; depth <= names.length; depth++) {
      const path = storedPath(names.slice(0, depth));
      if (await storage.folders.findByPath(hostId, path)) continue;
      const identifier = randomUUID();
      const name = names[depth - 1]!;
      try {
        await storage.folders.insert({
          identifier,
          inode: identifier,
          hostId,
          path,
          name,
          title: name,
          showOnMenu: false,
          sortOrder: 0,
          defaultFileType: (await storage.folders.findByPath(hostId, parentPathOf(path)))?.defaultFileType ?? null,
          filesMasks: '',
          owner,
          iDate: now,
          modDate: now,
          modUser: owner,
        });
        made++;
      } catch (error) {
        // Another process starting at the same time made it.
        if (!isCmsError(error, Errors.RECORD_NOT_UNIQUE)) throw error;
      }
    }
  }
  await storage.settings.putIfAbsent(BACKFILLED, String(now));
  if (made > 0) log.info({ folders: made }, 'folders made for the paths existing content uses');
}
