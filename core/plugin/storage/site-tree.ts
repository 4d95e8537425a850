import type { Folder } from '../../model/folder.js';
import type { MenuLink, MenuLinkVariant } from '../../model/menu-link.js';
import type { Page, PageRequest } from '../../model/page.js';
import type { Site, SiteVariable } from '../../model/site.js';
import type { SiteSortColumn, Sort } from '../../model/sort.js';

// Sites, their folders and the menu links in them: the tree navigation is built from.

export interface SiteRepository {
  insert(site: Site): Promise<void>;
  findById(identifier: string): Promise<Site | undefined>;
  /** Case-insensitive. */
  findByName(siteName: string): Promise<Site | undefined>;
  /** By name (ignoring case) unless sorted otherwise; ties by identifier. */
  list(query: SiteQuery): Promise<Page<Site>>;
  /**
   * Writes every column but the identifiers: the name (and so its look-up key), aliases, state
   * (archived, live, default) and modifier. Throws `RECORD_NOT_UNIQUE` when another site holds the name.
   */
  update(site: Site): Promise<void>;
  /**
   * Removes the site row; its analytics key goes with it. What else hangs under it (folders,
   * content, menu links) is the caller's to remove first, in the same transaction.
   */
  delete(identifier: string): Promise<void>;
  /** The site's variables, in the order they were added. A site's variables go with it when it is deleted. */
  listVariables(siteId: string): Promise<SiteVariable[]>;
  /** Throws `RECORD_NOT_UNIQUE` when the site holds the key already (compared exactly). */
  insertVariable(variable: SiteVariable): Promise<void>;
  /** Writes the name, key, value and modifier; `RECORD_NOT_UNIQUE` when another variable of the site holds the key. */
  updateVariable(variable: SiteVariable): Promise<void>;
  deleteVariable(siteId: string, variableId: string): Promise<void>;
}

export interface SiteQuery extends PageRequest {
  sort?: Sort<SiteSortColumn>;
  /** Only sites whose name contains this text, ignoring case. */
  filter?: string;
  /** Only archived sites (true) or only sites not archived (false); both when absent. */
  archived?: boolean;
  /** Only live sites (true) or only stopped ones (false); both when absent. */
  live?: boolean;
  /** Leaves the system site out when false; it is listed when absent. */
  system?: boolean;
}

/**
 * Folders of sites. Paths are given and answered as stored: lower-case, a slash at both ends
 * (`/a/b/`); core normalises what clients send. Writes renew the definitions version token, since
 * folders are cached with the definitions (permissions inherit through them).
 */
export interface FolderRepository {
  /** Throws `RECORD_NOT_UNIQUE` when the site already has a folder at the path. */
  insert(folder: Folder): Promise<void>;
  findById(identifier: string): Promise<Folder | undefined>;
  findByPath(hostId: string, path: string): Promise<Folder | undefined>;
  /** The folders directly in `parentPath` (`/` for the top level), by sortOrder, then title ignoring case, then path. */
  listChildren(hostId: string, parentPath: string): Promise<Folder[]>;
  /** The folder at `path` and every folder below it, by path. */
  listSubtree(hostId: string, path: string): Promise<Folder[]>;
  /** Writes every column but the identifier, inode, site and path (a move or rename is `repath`). */
  update(folder: Folder): Promise<void>;
  /**
   * Moves the folder at `from` and everything below it to `to` (on `toHostId`): the folders' paths
   * and the parent paths of the content inside them, by prefix, and the site of the menu links in
   * them (links name their folder by identifier). Run it in the caller's transaction.
   * Throws `RECORD_NOT_UNIQUE` when a path it makes is taken.
   */
  repath(move: FolderRepath): Promise<void>;
  /** Removes the folder at `path` and every folder below it (not their content). */
  deleteSubtree(hostId: string, path: string): Promise<void>;
  /** Identifiers of content items in the folder at `path` or below it, at most `limit`. */
  contentUnder(hostId: string, path: string, limit: number): Promise<string[]>;
  /**
   * The parent paths content uses outside the root (as content keeps them, `/a/b`), each site's
   * once: what an upgrade from before folders were kept makes folders for.
   */
  contentParentPaths(): Promise<Array<{ hostId: string; parentPath: string }>>;
}

export interface FolderRepath {
  hostId: string;
  from: string;
  toHostId: string;
  to: string;
}

/**
 * Menu links, each with a working version and, once published, a live one. Every write renews
 * the navigation version token in the same transaction: menus show links.
 *
 * @example
 * await tx.menuLinks.insert(link);
 * await tx.menuLinks.publish(link.identifier);
 * const items = await tx.menuLinks.menuItems(hostId, [folderId]);
 */
export interface MenuLinkRepository {
  /** Stores a new link's working version. Throws `RECORD_NOT_UNIQUE` when the identifier exists. */
  insert(link: MenuLink): Promise<void>;
  find(identifier: string, variant: MenuLinkVariant): Promise<MenuLink | undefined>;
  /** Replaces the working version (every column but the identifier); the live one is left alone. */
  update(link: MenuLink): Promise<void>;
  /** Copies the working version to live, replacing any live one. */
  publish(identifier: string): Promise<void>;
  /** Removes the live version. */
  unpublish(identifier: string): Promise<void>;
  /** Removes both versions. */
  delete(identifier: string): Promise<void>;
  /** The links of a site, or of one of its folders (SYSTEM_FOLDER: its root), in one variant, a page at a time. */
  list(query: MenuLinkQuery): Promise<Page<MenuLink>>;
  /** The live links shown on the menu in these folders (any site's), by sortOrder, then title ignoring case. */
  menuItems(hostId: string, folders: readonly string[]): Promise<MenuLink[]>;
  /** How many links (counted once whatever their versions) sit in these folders. */
  countInFolders(folders: readonly string[]): Promise<number>;
  /** Removes every link in these folders; answers their identifiers. */
  deleteInFolders(folders: readonly string[]): Promise<string[]>;
}

export interface MenuLinkQuery extends PageRequest {
  hostId: string;
  /** A folder identifier, SYSTEM_FOLDER for the site's root, or undefined for every link of the site. */
  folder?: string;
  variant: MenuLinkVariant;
  /** `sortOrder` (then title, the default), `title` (then sortOrder) or `modDate` (newest first); ties by identifier. */
  orderBy?: 'sortOrder' | 'title' | 'modDate';
}
