import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { Category } from '../model/category.js';
import { sortItems, type CategorySortColumn, type Sort } from '../model/sort.js';
import type { Storage } from '../plugin/storage/index.js';
import { VARIABLE_PATTERN, firstFreeVariable, variableFromName } from './variable-name.js';
import { categoriesToCsv, parseCategoryCsv } from './category-csv.js';
import { importRows, type ImportMode } from './category-import.js';
import { ancestorsOf, checkParent, descendantsOf, nameFilter, removeWithChildren } from './category-tree.js';

export interface CategoryInput {
  categoryName: string;
  key?: string;
  categoryVelocityVarName?: string;
  parent?: string;
  sortOrder?: number;
}

/** A change to a category: its name, key and parent as the original's update form sends them. */
export interface CategoryUpdate {
  inode?: string;
  categoryName?: string;
  key?: string | null;
  parent?: string | null;
}

/** What the children listing asks: one level, or every level below, filtered by name. */
export interface ChildrenQuery {
  inode?: string;
  filter?: string;
  allLevels?: boolean;
}

/** A category with the chain above it, top level first. */
export interface CategoryInHierarchy {
  category: Category;
  parents: Category[];
}

/** A bulk delete's outcome, as the original counts it. */
export interface BulkDeleteResult {
  deleted: number;
  fails: Array<{ element: string; errorMessage: string }>;
}

/** The category tree: created, read level by level, changed, sorted, deleted, imported and exported. */
export class CategoryService {
  private readonly storage: Storage;
  private readonly now: () => number;

  constructor(options: { storage: Storage; now?: () => number }) {
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
  }

  async create(input: CategoryInput): Promise<Category> {
    const name = input.categoryName.trim();
    if (!name) throw new CmsError(Errors.CATEGORY_NAME_REQUIRED, undefined, { fieldName: 'categoryName' });
    return this.storage.transaction(async (tx) => {
      if (input.parent && !(await tx.categories.findByInode(input.parent))) {
        throw new CmsError(
          Errors.CATEGORY_PARENT_UNKNOWN,
          { parent: input.parent },
          {
            fieldName: 'parent',
          },
        );
      }
      const requested = input.categoryVelocityVarName?.trim();
      if (requested && !VARIABLE_PATTERN.test(requested)) {
        throw new CmsError(
          Errors.CATEGORY_VARIABLE_INVALID,
          { variable: requested },
          {
            fieldName: 'categoryVelocityVarName',
          },
        );
      }
      const variable =
        requested ||
        (await firstFreeVariable(
          variableFromName(name, 'category'),
          async (v) => (await tx.categories.findByVariable(v)) !== undefined,
        ));
      const category: Category = {
        inode: randomUUID(),
        name,
        key: input.key?.trim() || null,
        variable,
        parent: input.parent ?? null,
        sortOrder: input.sortOrder ?? 0,
        modDate: this.now(),
      };
      await tx.categories.insert(category);
      return category;
    });
  }

  /** Children of a category, or the top level: by sort order, then name, unless sorted otherwise. */
  async list(parent?: string, sort?: Sort<CategorySortColumn>): Promise<Category[]> {
    if (parent && !(await this.storage.categories.findByInode(parent)))
      throw new CmsError(Errors.CATEGORY_NOT_FOUND, { category: parent });
    return sortItems(await this.storage.categories.listChildren(parent ?? null), sort);
  }

  /** By inode, else by key. */
  async get(inodeOrKey: string): Promise<Category> {
    const category =
      (await this.storage.categories.findByInode(inodeOrKey)) ?? (await this.storage.categories.findByKey(inodeOrKey));
    if (!category) throw new CmsError(Errors.CATEGORY_NOT_FOUND, { category: inodeOrKey });
    return category;
  }

  /** The children of a category (every level below it with `allLevels`), filtered by name. */
  async children(query: ChildrenQuery, sort?: Sort<CategorySortColumn>): Promise<Category[]> {
    if (!query.inode) throw new CmsError(Errors.CATEGORY_INODE_REQUIRED, undefined, { fieldName: 'inode' });
    const parent = await this.get(query.inode);
    const found = query.allLevels
      ? await descendantsOf(this.storage, parent.inode)
      : await this.storage.categories.listChildren(parent.inode);
    return sortItems(found.filter(nameFilter(query.filter)), sort);
  }

  childrenCount(inode: string): Promise<number> {
    return this.storage.categories.listChildren(inode).then((children) => children.length);
  }

  ancestors(category: Category): Promise<Category[]> {
    return ancestorsOf(this.storage, category);
  }

  /** The categories of these keys with their ancestors; keys of no category are left out, as in the original. */
  async hierarchy(keys: readonly string[]): Promise<CategoryInHierarchy[]> {
    const found: CategoryInHierarchy[] = [];
    for (const key of new Set(keys)) {
      const category = await this.storage.categories.findByKey(key);
      if (category) found.push({ category, parents: await ancestorsOf(this.storage, category) });
    }
    return found;
  }

  /** Changes a category's name, key and parent (absent: kept); a parent below itself is refused. */
  update(input: CategoryUpdate): Promise<Category> {
    const inode = input.inode?.trim();
    if (!inode) throw new CmsError(Errors.CATEGORY_INODE_REQUIRED, undefined, { fieldName: 'inode' });
    return this.storage.transaction(async (tx) => {
      const current = await tx.categories.findByInode(inode);
      if (!current) throw new CmsError(Errors.CATEGORY_NOT_FOUND, { category: inode });
      const name = input.categoryName === undefined ? current.name : input.categoryName.trim();
      if (!name) throw new CmsError(Errors.CATEGORY_NAME_REQUIRED, undefined, { fieldName: 'categoryName' });
      const parent = input.parent === undefined ? current.parent : input.parent || null;
      if (parent !== current.parent) {
        if (parent && !(await tx.categories.findByInode(parent))) {
          throw new CmsError(Errors.CATEGORY_PARENT_UNKNOWN, { parent }, { fieldName: 'parent' });
        }
        await checkParent(tx, inode, parent);
      }
      const key = input.key === undefined ? current.key : input.key?.trim() || null;
      const updated: Category = { ...current, name, key, parent, modDate: this.now() };
      await tx.categories.update(updated);
      return updated;
    });
  }

  /** Sets the sort order of categories, all or none: an unknown inode changes nothing. */
  async sort(orders: Readonly<Record<string, number>>): Promise<void> {
    const entries = Object.entries(orders);
    if (entries.length === 0) throw new CmsError(Errors.CATEGORY_SORT_EMPTY, undefined, { fieldName: 'categoryData' });
    await this.storage.transaction(async (tx) => {
      for (const [inode, sortOrder] of entries) {
        const category = await tx.categories.findByInode(inode);
        if (!category) throw new CmsError(Errors.CATEGORY_SORT_UNKNOWN, { category: inode }, { fieldName: inode });
        await tx.categories.update({ ...category, sortOrder, modDate: this.now() });
      }
    });
  }

  /** Deletes categories with everything below them; inodes of no category are reported, not refused. */
  async deleteMany(inodes: readonly string[]): Promise<BulkDeleteResult> {
    if (inodes.length === 0) throw new CmsError(Errors.CATEGORY_DELETE_EMPTY, undefined, { fieldName: 'body' });
    return this.storage.transaction(async (tx) => {
      const result: BulkDeleteResult = { deleted: 0, fails: [] };
      for (const inode of new Set(inodes)) {
        const category = await tx.categories.findByInode(inode);
        if (!category) {
          // The original's words for one it could not delete.
          result.fails.push({
            element: inode,
            errorMessage: 'Category does not exist or failed to remove child category',
          });
          continue;
        }
        await removeWithChildren(tx, category);
        result.deleted++;
      }
      return result;
    });
  }

  /** The children of a category (the top level without one), filtered by name, as the original's CSV. */
  async exportCsv(contextInode?: string, filter?: string): Promise<string> {
    const parent = contextInode ? (await this.get(contextInode)).inode : null;
    return categoriesToCsv((await this.storage.categories.listChildren(parent)).filter(nameFilter(filter)));
  }

  /** Imports a category file under a category (the top level without one), in one transaction. */
  async importCsv(text: string, options: { mode: ImportMode; contextInode?: string }): Promise<number> {
    const rows = parseCategoryCsv(text);
    const parent = options.contextInode ? (await this.get(options.contextInode)).inode : null;
    return this.storage.transaction((tx) => importRows(tx, { parent, mode: options.mode, rows }, this.now()));
  }
}
