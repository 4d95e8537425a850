import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { CategorySchema, categoryView } from '../views/category-view.js';

const NewCategory = Type.Object({
  categoryName: Type.String({ minLength: 1, maxLength: 255 }),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  categoryVelocityVarName: Type.Optional(Type.String({ maxLength: 255 })),
  parent: Type.Optional(Type.String({ maxLength: 255 })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});

/**
 * What the original sorts categories by, with its column names. Without a sort they keep this
 * service's order (sort order, then name), so a direction alone applies to the sort order.
 */
const categorySort = sortable(
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
const CategoryListQuery = Type.Composite([
  Type.Object({ parent: Type.Optional(Type.String({ maxLength: 255 })) }),
  categorySort.query,
]);

/** Categories: created by administrators, listed level by level. */
export default defineRoutes('categories', ['categories'], ({ categories }) => [
  route({
    method: 'POST',
    path: '/api/v1/categories',
    access: 'admin',
    summary: 'Creates a category',
    body: NewCategory,
    response: { schema: CategorySchema },
    handler: async ({ body }) => categoryView(await categories.create(body)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/categories',
    access: 'user',
    summary:
      'Lists the categories under a parent (the top level without one), by sort order and name unless orderby and direction say otherwise',
    query: CategoryListQuery,
    response: { schema: Type.Array(CategorySchema) },
    handler: async ({ query }) => (await categories.list(query.parent, categorySort.read(query))).map(categoryView),
  }),
]);
