import { Type, type Static } from '@sinclair/typebox';
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

const PageNumber = Type.Integer({ minimum: 0, maximum: 999_999_999 });

/**
 * The original's paging of category listings: `page` from 1, where its clients also send 0 for the
 * first page, and `per_page` (or `perPage`). Without either, the whole level is one page.
 */
export const CategoryPaging = Type.Object({
  page: Type.Optional(PageNumber),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

/** One page of an already sorted and filtered level, and the `pagination` that describes it. */
export function categoryPage<T>(items: readonly T[], query: Static<typeof CategoryPaging>) {
  const limit = query.per_page ?? query.perPage ?? Math.max(items.length, 1);
  const page = Math.max(query.page ?? 1, 1);
  const offset = (page - 1) * limit;
  return {
    items: items.slice(offset, offset + limit),
    pagination: { currentPage: page, perPage: limit, totalEntries: items.length },
  };
}
