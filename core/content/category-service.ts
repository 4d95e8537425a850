import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { Category } from '../model/category.js';
import { sortItems, type CategorySortColumn, type Sort } from '../model/sort.js';
import type { Storage } from '../plugin/storage/index.js';
import { VARIABLE_PATTERN, firstFreeVariable, variableFromName } from './variable-name.js';

export interface CategoryInput {
  categoryName: string;
  key?: string;
  categoryVelocityVarName?: string;
  parent?: string;
  sortOrder?: number;
}

/** A minimal category store: enough for Category fields to resolve their items. */
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
}
