import { Type } from '@sinclair/typebox';
import { nameFilter } from '../../core/content/category-tree.js';
import { reply, route } from '../http/route.js';
import { CategoryPaging, categoryPage, categorySort, withExtras } from '../route-helpers/category-listing.js';
import { defineRoutes } from './route-module.js';
import { CategorySchema, categoryView } from '../views/category-view.js';
import { CategoryInHierarchySchema, ListedCategorySchema, hierarchyView } from '../views/category-tree-view.js';

const NewCategory = Type.Object({
  categoryName: Type.String({ minLength: 1, maxLength: 255 }),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  categoryVelocityVarName: Type.Optional(Type.String({ maxLength: 255 })),
  parent: Type.Optional(Type.String({ maxLength: 255 })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});

const CategoryListQuery = Type.Composite([
  CategoryPaging,
  categorySort.query,
  Type.Object({
    parent: Type.Optional(Type.String({ maxLength: 255 })),
    filter: Type.Optional(Type.String({ maxLength: 255, description: 'Part of the name, ignoring case' })),
    showChildrenCount: Type.Optional(Type.Boolean()),
  }),
]);

const ChildrenQuery = Type.Composite([
  CategoryPaging,
  categorySort.query,
  Type.Object({
    inode: Type.Optional(Type.String({ maxLength: 255, description: 'The category whose children are listed' })),
    filter: Type.Optional(Type.String({ maxLength: 255, description: 'Part of the name, ignoring case' })),
    allLevels: Type.Optional(Type.Boolean({ description: 'Every level below the category, not only its children' })),
    showChildrenCount: Type.Optional(Type.Boolean()),
    parentList: Type.Optional(Type.Boolean({ description: 'Each with its parents, from the top level down' })),
  }),
]);

/** Categories: created by administrators, read level by level by signed-in users. */
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
      'Lists the categories under a parent (the top level without one), filtered by name, by sort order and name unless orderby and direction say otherwise; a page at a time with page and per_page',
    query: CategoryListQuery,
    response: { schema: Type.Array(ListedCategorySchema) },
    handler: async ({ query }) => {
      const level = await categories.list(query.parent, categorySort.read(query));
      const { items, pagination } = categoryPage(level.filter(nameFilter(query.filter)), query);
      return reply(await withExtras(categories, items, query), { pagination });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/categories/children',
    access: 'user',
    summary:
      'The children of a category a page at a time (every level below it with allLevels), filtered by name; showChildrenCount and parentList add those to each',
    query: ChildrenQuery,
    answers: { 404: 'no such category' },
    response: { schema: Type.Array(ListedCategorySchema) },
    handler: async ({ query }) => {
      const { items, pagination } = categoryPage(await categories.children(query, categorySort.read(query)), query);
      return reply(await withExtras(categories, items, query), { pagination });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/categories/hierarchy',
    access: 'user',
    summary: 'The categories of these keys, each with its parents from the top level down; unknown keys are left out',
    body: Type.Object({ keys: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 }) }),
    response: { schema: Type.Array(CategoryInHierarchySchema) },
    handler: async ({ body }) => (await categories.hierarchy(body.keys)).map(hierarchyView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/categories/:idOrKey',
    access: 'user',
    summary: 'One category, by inode or key; showChildrenCount adds how many children it has',
    query: Type.Object({ showChildrenCount: Type.Optional(Type.Boolean()) }),
    answers: { 404: 'no such category' },
    response: { schema: ListedCategorySchema },
    handler: async ({ params, query }) =>
      (await withExtras(categories, [await categories.get(params.idOrKey)], query))[0]!,
  }),
]);
