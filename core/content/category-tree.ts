import { CmsError, Errors } from '../errors/index.js';
import type { Category } from '../model/category.js';
import type { Repositories } from '../plugin/storage/index.js';

/**
 * Categories are a tree kept by parent links. A walk that has gone this deep is following a loop
 * (which updates refuse to make): it stops rather than run forever.
 */
const MAX_DEPTH = 1_000;

/** A category's ancestors, from the top level down to its parent. */
export async function ancestorsOf(tx: Repositories, category: Category): Promise<Category[]> {
  const chain: Category[] = [];
  let parent = category.parent;
  while (parent !== null && chain.length < MAX_DEPTH) {
    const found = await tx.categories.findByInode(parent);
    if (!found) break;
    chain.unshift(found);
    parent = found.parent;
  }
  return chain;
}

/** Every category below `parent` (the whole tree for null), parents before their children. */
export async function descendantsOf(tx: Repositories, parent: string | null): Promise<Category[]> {
  const found: Category[] = [];
  let level = await tx.categories.listChildren(parent);
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    found.push(...level);
    const next: Category[] = [];
    for (const category of level) next.push(...(await tx.categories.listChildren(category.inode)));
    level = next;
  }
  return found;
}

/** Refuses a parent that is the category itself or one below it: the tree would become a loop. */
export async function checkParent(tx: Repositories, inode: string, parent: string | null): Promise<void> {
  for (let at = parent, depth = 0; at !== null && depth < MAX_DEPTH; depth++) {
    if (at === inode) throw new CmsError(Errors.CATEGORY_CYCLE, { category: inode }, { fieldName: 'parent' });
    at = (await tx.categories.findByInode(at))?.parent ?? null;
  }
}

/** Removes categories with everything below them, children first. */
export async function removeWithChildren(tx: Repositories, category: Category): Promise<number> {
  const below = await descendantsOf(tx, category.inode);
  for (const child of below.reverse()) await tx.categories.delete(child.inode);
  await tx.categories.delete(category.inode);
  return below.length + 1;
}

/** Case-insensitive name filter, as the original's `filter` parameter reads. */
export function nameFilter(filter: string | undefined): (category: Category) => boolean {
  const needle = filter?.trim().toLowerCase();
  return needle ? (category) => category.name.toLowerCase().includes(needle) : () => true;
}
