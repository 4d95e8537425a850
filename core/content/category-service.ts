import { randomUUID } from 'node:crypto';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { Category } from '../model/category.js';
import type { Storage } from '../plugin/storage-driver.js';
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
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async create(input: CategoryInput): Promise<Category> {
    const name = input.categoryName.trim();
    if (!name)
      throw new InvalidInputError('CATEGORY_NAME_REQUIRED', 'A category needs a name', { fieldName: 'categoryName' });
    return this.storage.transaction(async (tx) => {
      if (input.parent && !(await tx.categories.findByInode(input.parent))) {
        throw new InvalidInputError('CATEGORY_PARENT_UNKNOWN', `Parent category ${input.parent} does not exist`, {
          fieldName: 'parent',
        });
      }
      const requested = input.categoryVelocityVarName?.trim();
      if (requested && !VARIABLE_PATTERN.test(requested)) {
        throw new InvalidInputError('CATEGORY_VARIABLE_INVALID', `"${requested}" is not a valid variable name`, {
          fieldName: 'categoryVelocityVarName',
        });
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

  /** Children of a category, or the top level. */
  async list(parent?: string): Promise<Category[]> {
    if (parent && !(await this.storage.categories.findByInode(parent)))
      throw new NotFoundError('CATEGORY_NOT_FOUND', `Category ${parent} not found`);
    return this.storage.categories.listChildren(parent ?? null);
  }
}
