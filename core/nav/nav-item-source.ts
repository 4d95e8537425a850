import type { PermissionAsset } from '../auth/permission-service.js';
import type { Site } from '../model/site.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import type { NavItem } from './nav-item.js';

/** An item a source adds to a folder's menu, placed and ordered with the folders, pages and files there. */
export interface NavSourceItem {
  /** The folder it sits in, as folders are stored (`/a/b/`, `/` for the site root). */
  folderPath: string;
  /** The item without `children` (the builder adds them by depth). */
  item: Omit<NavItem, 'children'>;
  /** What READ is checked on when the navigation permission check is on; none: always shown. */
  asset?: PermissionAsset;
}

export interface NavSourceQuery {
  site: Site;
  /** The folders whose menus are listed, as folders are stored. */
  folderPaths: readonly string[];
  /** The identifier of each of those folders by its path (SYSTEM_FOLDER for the site's root). */
  folderIds: ReadonlyMap<string, string>;
  languageId: number;
}

/**
 * A kind of menu item other than folders, pages and files: the seam where menu links join the tree.
 * A source answers the live, shown-on-menu items of a whole level set in one call (not one per
 * folder), reading through `tx` so that it sees what the rest of the tree sees.
 */
export interface NavItemSource {
  itemsIn(tx: RepositorySet, query: NavSourceQuery): Promise<NavSourceItem[]>;
}
