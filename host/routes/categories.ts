import { Type } from '@sinclair/typebox';
import type { CategoryService } from '../../core/content/category-service.js';
import type { Category } from '../../core/model/category.js';
import { route, type RouteDefinition } from '../http/route.js';

const NewCategory = Type.Object({
  categoryName: Type.String({ minLength: 1, maxLength: 255 }),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  categoryVelocityVarName: Type.Optional(Type.String({ maxLength: 255 })),
  parent: Type.Optional(Type.String({ maxLength: 255 })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
});

const categoryView = (c: Category) => ({
  inode: c.inode,
  categoryName: c.name,
  key: c.key,
  categoryVelocityVarName: c.variable,
  parent: c.parent,
  sortOrder: c.sortOrder,
  modDate: c.modDate,
});

export function categoryRoutes(categories: CategoryService): RouteDefinition[] {
  return [
    route({
      method: 'POST',
      path: '/api/v1/categories',
      access: 'admin',
      body: NewCategory,
      handler: async ({ body }) => categoryView(await categories.create(body)),
    }),
    route({
      method: 'GET',
      path: '/api/v1/categories',
      access: 'user',
      handler: async ({ query }) => (await categories.list(query.get('parent') ?? undefined)).map(categoryView),
    }),
  ];
}
