import { randomUUID } from 'node:crypto';
import { ROOT_PATH } from '../model/folder.js';
import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';

/**
 * What a copy takes from the source site, under the original's option names. `copyAll` takes
 * everything this service copies: the folder tree and the site variables.
 */
export interface SiteCopyOptions {
  copyAll?: boolean;
  copyFolders?: boolean;
  copySiteVariables?: boolean;
}

/**
 * Copies the folders and variables of `source` into the new site `target`, in the caller's
 * transaction. NOTE: the original also copies templates, containers, pages, content, links and
 * content types in a background job; this service copies the tree and the variables only, at once.
 */
export async function copySiteParts(
  tx: Repositories,
  { source, target, options }: { source: Site; target: Site; options: SiteCopyOptions },
  at: number,
): Promise<void> {
  if (options.copyAll || options.copyFolders) {
    // By path, so every parent is written before its children.
    for (const folder of await tx.folders.listSubtree(source.identifier, ROOT_PATH)) {
      const identifier = randomUUID();
      await tx.folders.insert({
        ...folder,
        identifier,
        inode: identifier,
        hostId: target.identifier,
        iDate: at,
        modDate: at,
        modUser: target.modUser,
      });
    }
  }
  if (options.copyAll || options.copySiteVariables) {
    for (const [i, variable] of (await tx.sites.listVariables(source.identifier)).entries()) {
      await tx.sites.insertVariable({
        ...variable,
        id: randomUUID(),
        siteId: target.identifier,
        modUser: target.modUser,
        modDate: at + i,
      });
    }
  }
}
