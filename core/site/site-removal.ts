import type { ContentService } from '../content/content-service.js';
import { ROOT_PATH } from '../model/folder.js';
import type { MenuLinkVariant } from '../model/menu-link.js';
import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { IndexQueue } from '../search/index-queue.js';

/** Rows removed at a time: each batch is read again, so a large site never sits in memory whole. */
const BATCH = 200;

/** What removing a site needs beyond the repositories. */
export interface SiteRemovalDependencies {
  /** Destroys content with its index documents and events, as every other delete does. */
  content: ContentService;
  indexQueue?: IndexQueue;
}

/**
 * Removes a site and everything that hangs under it, in the caller's transaction, as the original's
 * site deletion does: its content (every version in every language, workflow tasks, index
 * documents), its menu links, its folders, the content types kept on it (with their items, wherever
 * they are), the permissions of all of these, and the site itself (its analytics ingest key goes
 * with the row). Analytics events already received are kept: they are a record of past traffic.
 */
export async function removeSite(deps: SiteRemovalDependencies, tx: Repositories, site: Site): Promise<void> {
  await destroyContent(deps, tx, () => tx.folders.contentUnder(site.identifier, ROOT_PATH, BATCH));
  await removeContentTypes(deps, tx, site);
  for (const variant of ['working', 'live'] as const satisfies readonly MenuLinkVariant[]) {
    for (;;) {
      const { items } = await tx.menuLinks.list({ hostId: site.identifier, variant, offset: 0, limit: BATCH });
      if (items.length === 0) break;
      for (const link of items) {
        await tx.menuLinks.delete(link.identifier);
        await tx.permissions.reset(link.identifier);
      }
    }
  }
  for (const folder of await tx.folders.listSubtree(site.identifier, ROOT_PATH))
    await tx.permissions.reset(folder.identifier);
  await tx.folders.deleteSubtree(site.identifier, ROOT_PATH);
  await tx.permissions.reset(site.identifier);
  await tx.sites.delete(site.identifier);
  await tx.renewNavigationVersion();
}

async function destroyContent(
  deps: SiteRemovalDependencies,
  tx: Repositories,
  nextBatch: () => Promise<string[]>,
): Promise<void> {
  for (;;) {
    const items = await nextBatch();
    if (items.length === 0) return;
    for (const identifier of items) {
      await deps.content.destroy(tx, identifier);
      await tx.tasks.delete(identifier);
      await tx.permissions.reset(identifier);
    }
  }
}

/** The types whose host is the site: the original deletes them with the site. */
async function removeContentTypes(deps: SiteRemovalDependencies, tx: Repositories, site: Site): Promise<void> {
  const hosted: string[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const page = await tx.contentTypes.list({ offset, limit: BATCH });
    for (const type of page.items) if (type.host === site.identifier) hosted.push(type.id);
    if (page.items.length < BATCH) break;
  }
  for (const id of hosted) {
    await destroyContent(deps, tx, () => tx.content.listIdentifiersOfType(id, BATCH));
    await tx.contentTypes.delete(id);
    await tx.permissions.reset(id);
    await deps.indexQueue?.add(tx, [{ scope: 'type', id }]);
  }
}
