import type { PermissionAsset } from '../auth/permission-service.js';
import type { ContentType } from '../model/content-type.js';
import { contentParentPathOf, parentPathOf, ROOT_PATH, type Folder } from '../model/folder.js';
import { SYSTEM_FOLDER, type Site } from '../model/site.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import { contentItemsIn, type NavFallThrough } from './nav-content-items.js';
import { navHash, type NavItem } from './nav-item.js';
import type { NavItemSource, NavSourceItem } from './nav-item-source.js';

export interface NavTreeRequest {
  site: Site;
  /** The root folder; undefined for the site's root. */
  root: Folder | undefined;
  depth: number;
  languageId: number;
  /** READ on an item; undefined: the permission check is off and every item is kept. */
  canRead?: (asset: PermissionAsset) => Promise<boolean>;
  typeOf(contentTypeId: string): Promise<ContentType | undefined>;
}

export interface NavTreeOptions {
  fallThrough: NavFallThrough;
  /** Menu links (`menuLinkItems`), or any other kind of item a source adds to the menus. */
  links: NavItemSource;
}

/** What the original calls the root of a site in a navigation answer (its system folder). */
const SITE_ROOT_TITLE = 'System folder';

/**
 * Builds a navigation tree: folders from one query for the whole subtree, pages and files from one
 * query for every folder whose menu is listed, links from their source; then each folder's menu,
 * ordered by sort order, then folders before other items (the original lists folders first), then
 * title ignoring case, then href, so equal keys still give one order.
 */
export async function buildNavTree(
  tx: RepositorySet,
  request: NavTreeRequest,
  options: NavTreeOptions,
): Promise<NavItem> {
  const { site, root, depth, languageId } = request;
  const rootPath = root?.path ?? ROOT_PATH;
  const top = root ? folderItem(root, languageId) : siteRootItem(site, languageId);
  if (depth <= 1) return top;

  const shownBelow = new Map<string, Folder[]>();
  // Depth 2 needs the root's own folders only; deeper trees read the subtree once.
  const folders =
    depth === 2
      ? await tx.folders.listChildren(site.identifier, rootPath)
      : await tx.folders.listSubtree(site.identifier, rootPath);
  for (const folder of folders) {
    if (folder.path === rootPath || !folder.showOnMenu) continue;
    const parent = parentPathOf(folder.path);
    const list = shownBelow.get(parent);
    if (list) list.push(folder);
    else shownBelow.set(parent, [folder]);
  }
  // The folders whose menus are listed: the root, and every shown (and readable) folder above the depth.
  const opened: string[] = [];
  const folderIds = new Map<string, string>([[rootPath, root?.identifier ?? SYSTEM_FOLDER]]);
  const menuFolders = new Map<string, Folder[]>();
  const open = async (path: string, level: number): Promise<void> => {
    opened.push(path);
    const readable: Folder[] = [];
    for (const folder of shownBelow.get(path) ?? []) {
      if (request.canRead && !(await request.canRead({ kind: 'folder', folder }))) continue;
      readable.push(folder);
      folderIds.set(folder.path, folder.identifier);
      if (depth > level + 1) await open(folder.path, level + 1);
    }
    menuFolders.set(path, readable);
  };
  await open(rootPath, 1);

  const others = new Map<string, NavSourceItem[]>();
  const query = { site, folderPaths: opened, folderIds, languageId };
  const found = [
    ...(await contentItemsIn(tx, {
      ...query,
      host: site.identifier,
      fallThrough: options.fallThrough,
      typeOf: request.typeOf,
    })),
    ...(await options.links.itemsIn(tx, query)),
  ];
  for (const entry of found) {
    if (entry.asset && request.canRead && !(await request.canRead(entry.asset))) continue;
    const list = others.get(entry.folderPath);
    if (list) list.push(entry);
    else others.set(entry.folderPath, [entry]);
  }

  const withChildren = (item: NavItem, path: string | undefined, level: number): NavItem => {
    if (depth <= level) return item;
    const children: Array<{ item: NavItem; path?: string }> = [];
    if (path !== undefined) {
      for (const folder of menuFolders.get(path) ?? [])
        children.push({ item: folderItem(folder, languageId), path: folder.path });
      for (const entry of others.get(path) ?? []) children.push({ item: { ...entry.item } });
    }
    children.sort((a, b) => compareItems(a.item, b.item));
    item.children = children.map((child) => withChildren(child.item, child.path, level + 1));
    return item;
  };
  return withChildren(top, rootPath, 1);
}

function compareItems(a: NavItem, b: NavItem): number {
  if (a.order !== b.order) return a.order - b.order;
  const folders = Number(b.type === 'folder') - Number(a.type === 'folder');
  if (folders !== 0) return folders;
  const ta = a.title.toLowerCase();
  const tb = b.title.toLowerCase();
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.href < b.href ? -1 : a.href > b.href ? 1 : 0;
}

function folderItem(folder: Folder, languageId: number): NavItem {
  return {
    title: folder.title,
    target: '_self',
    code: null,
    folder: folder.inode,
    host: folder.hostId,
    // The original's folder href is its identifier's URI: the path without the trailing slash.
    href: contentParentPathOf(folder.path),
    languageId,
    order: folder.sortOrder,
    type: 'folder',
    hash: navHash('folder', folder.identifier, languageId),
  };
}

function siteRootItem(site: Site, languageId: number): NavItem {
  return {
    title: SITE_ROOT_TITLE,
    target: '_self',
    code: null,
    folder: SYSTEM_FOLDER,
    host: site.identifier,
    href: ROOT_PATH,
    languageId,
    order: 0,
    type: 'folder',
    hash: navHash('folder', `${site.identifier}${ROOT_PATH}`, languageId),
  };
}
