/**
 * A folder of a site. Its `path` is the unique key within the site: lower-case, with a slash at
 * both ends (`/about-us/team/`); the site root is `/` and is not a folder record. `name` keeps the
 * case it was given; look-ups by path ignore case, as the original's do.
 */
export interface Folder {
  identifier: string;
  /** Equal to the identifier, as the original's folder map shows it. */
  inode: string;
  hostId: string;
  path: string;
  name: string;
  title: string;
  showOnMenu: boolean;
  sortOrder: number;
  /** Id of the FILEASSET content type new files in the folder get, or null for the default. */
  defaultFileType: string | null;
  /** Comma-separated file name masks (`*.jpg,*.png`); empty for any file. */
  filesMasks: string;
  owner: string;
  iDate: number;
  modDate: number;
  modUser: string;
}

/** The root of a site: the parent of its top-level folders. */
export const ROOT_PATH = '/';

/** `/a/b/` → `/a/`; a top-level folder's parent is the root. */
export function parentPathOf(path: string): string {
  const trimmed = path.slice(0, -1);
  return trimmed.slice(0, trimmed.lastIndexOf('/') + 1) || ROOT_PATH;
}

/** The folder path content with this parent path lives in: `/a/b` (as content keeps it) → `/a/b/`. */
export function folderPathOfParent(parentPath: string): string {
  return parentPath.endsWith('/') ? parentPath.toLowerCase() : `${parentPath.toLowerCase()}/`;
}

/** The parent path content keeps for a folder path: `/a/b/` → `/a/b`; the root stays `/`. */
export function contentParentPathOf(folderPath: string): string {
  return folderPath === ROOT_PATH ? ROOT_PATH : folderPath.slice(0, -1);
}
