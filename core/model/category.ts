/** A category: a node of the category tree that content can be filed under. */
export interface Category {
  inode: string;
  name: string;
  /** Unique when set. */
  key: string | null;
  /** Unique variable name. */
  variable: string;
  /** Parent category inode; null at the top. */
  parent: string | null;
  sortOrder: number;
  modDate: number;
}
