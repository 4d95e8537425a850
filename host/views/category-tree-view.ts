import { Type, type Static } from '@sinclair/typebox';
import type { Category } from '../../core/model/category.js';
import type { BulkDeleteResult, CategoryInHierarchy } from '../../core/content/category-service.js';
import { CategorySchema, categoryView } from './category-view.js';

/** A category in a chain of parents: the original's short form. */
export const ShortCategorySchema = Type.Object({ inode: Type.String(), key: Type.String(), name: Type.String() });

export const CategoryInHierarchySchema = Type.Object({
  inode: Type.String(),
  key: Type.String(),
  name: Type.String(),
  parentList: Type.Array(ShortCategorySchema, { description: 'From the top level down to the direct parent' }),
});

/** A category as listings answer it, with what was asked beside it. */
export const ListedCategorySchema = Type.Composite([
  CategorySchema,
  Type.Object({
    childrenCount: Type.Optional(Type.Integer({ description: 'With showChildrenCount=true' })),
    parentList: Type.Optional(Type.Array(ShortCategorySchema, { description: 'With parentList=true' })),
  }),
]);

export const BulkResultSchema = Type.Object({
  successCount: Type.Integer(),
  skippedCount: Type.Integer(),
  fails: Type.Array(Type.Object({ element: Type.String(), errorMessage: Type.String() })),
});

export function shortCategoryView(c: Category): Static<typeof ShortCategorySchema> {
  return { inode: c.inode, key: c.key ?? '', name: c.name };
}

export function hierarchyView({ category, parents }: CategoryInHierarchy): Static<typeof CategoryInHierarchySchema> {
  return { ...shortCategoryView(category), parentList: parents.map(shortCategoryView) };
}

export function listedCategoryView(
  category: Category,
  extras: { childrenCount?: number; parents?: readonly Category[] },
): Static<typeof ListedCategorySchema> {
  return {
    ...categoryView(category),
    ...(extras.childrenCount === undefined ? {} : { childrenCount: extras.childrenCount }),
    ...(extras.parents ? { parentList: extras.parents.map(shortCategoryView) } : {}),
  };
}

export function bulkResultView(result: { successCount: number; fails?: BulkDeleteResult['fails'] }) {
  return { successCount: result.successCount, skippedCount: 0, fails: result.fails ?? [] };
}
