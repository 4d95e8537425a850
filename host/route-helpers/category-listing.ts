import type { CategoryService } from '../../core/content/category-service.js';
import type { Category } from '../../core/model/category.js';
import { sortable } from '../http/sorting.js';
import { listedCategoryView } from '../views/category-tree-view.js';

/**
 * What the original sorts categories by, with its column names. Without a sort they keep this
 * service's order (sort order, then name), so a direction alone applies to the sort order.
 */
export const categorySort = sortable(
  {
    name: ['categoryName', 'category_name', 'name'],
    key: ['key', 'category_key'],
    variable: ['categoryVelocityVarName', 'category_velocity_var_name', 'variable'],
    sortOrder: ['sortOrder', 'sort_order'],
    modDate: ['modDate', 'mod_date'],
    inode: ['inode'],
  },
  'sortOrder',
);
/** What a listing may add to each category: how many children it has, and the chain above it. */
export async function withExtras(
  categories: CategoryService,
  items: readonly Category[],
  asked: { showChildrenCount?: boolean; parentList?: boolean },
) {
  return Promise.all(
    items.map(async (category) =>
      listedCategoryView(category, {
        childrenCount: asked.showChildrenCount ? await categories.childrenCount(category.inode) : undefined,
        parents: asked.parentList ? await categories.ancestors(category) : undefined,
      }),
    ),
  );
}
