/** What a navigation item is: the original's four kinds. */
export type NavItemType = 'folder' | 'htmlpage' | 'file' | 'link';

/**
 * One item of a navigation tree, with the original's members in the order its answers show them.
 * `children` is present only when the requested depth goes below the item's level.
 */
export interface NavItem {
  title: string;
  target: string;
  /** A code link's code; null for everything else (this service has no code links yet). */
  code: string | null;
  /** The folder's identifier for folder items (its inode, which equals it); null otherwise. */
  folder: string | null;
  /** The site's identifier. */
  host: string;
  href: string;
  languageId: number;
  order: number;
  type: NavItemType;
  hash: number;
  children?: NavItem[];
}

/**
 * A stable 32-bit hash (FNV-1a, as a signed int like Java's `hashCode`) of what an item is. The
 * original's is the identity hash of a per-request object, so clients can rely on nothing but
 * "an integer"; a stable one keeps a cached answer byte-identical to a fresh one and lets clients
 * use it as a key across requests.
 */
export function navHash(type: NavItemType, id: string, languageId: number): number {
  const text = `${type}:${id}:${languageId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
