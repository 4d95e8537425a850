import { linkAddress, type MenuLink } from '../model/menu-link.js';
import { contentParentPathOf } from '../model/folder.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import { navHash } from './nav-item.js';
import type { NavItemSource, NavSourceItem } from './nav-item-source.js';

/**
 * Where an INTERNAL link sends to now: its target's current path (a folder's without the trailing
 * slash, as folder items show it; a page's or file's), or undefined when the target is gone or on
 * another site. The path the link stored when it was saved is not trusted: the target may have been
 * renamed or moved since, and a deleted target must not leave a dead entry in every menu.
 */
async function internalHref(tx: RepositorySet, link: MenuLink): Promise<string | undefined> {
  const folder = await tx.folders.findById(link.internalLinkIdentifier);
  if (folder) return folder.hostId === link.hostId ? contentParentPathOf(folder.path) : undefined;
  const item = await tx.content.findIdentifier(link.internalLinkIdentifier);
  if (!item || item.host !== link.hostId || item.assetName === null) return undefined;
  return `${item.parentPath.replace(/\/$/, '')}/${item.assetName}`;
}

/**
 * Menu links in navigation: the live, shown-on-menu links of every listed folder in one query. An
 * EXTERNAL link's href is its address; a CODE link has an empty href and its code; an INTERNAL one
 * follows its target (and is left out when the target is gone). Links have no language: they show
 * in every language's tree, as the original's do.
 */
export const menuLinkItems: NavItemSource = {
  async itemsIn(tx, { site, folderIds, languageId }) {
    const pathOf = new Map([...folderIds].map(([path, id]) => [id, path]));
    const links = await tx.menuLinks.menuItems(site.identifier, [...pathOf.keys()]);
    const items: NavSourceItem[] = [];
    for (const link of links) {
      const folderPath = pathOf.get(link.folder);
      if (folderPath === undefined) continue;
      const href =
        link.linkType === 'CODE' ? '' : link.linkType === 'INTERNAL' ? await internalHref(tx, link) : linkAddress(link);
      if (href === undefined) continue;
      items.push({
        folderPath,
        item: {
          title: link.title,
          target: link.target,
          code: link.linkType === 'CODE' ? link.linkCode : null,
          folder: null,
          host: link.hostId,
          href,
          languageId,
          order: link.sortOrder,
          type: 'link',
          hash: navHash('link', link.identifier, languageId),
        },
        asset: { kind: 'menuLink', link },
      });
    }
    return items;
  },
};
