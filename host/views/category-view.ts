import { Type, type Static } from '@sinclair/typebox';
import type { Category } from '../../core/model/category.js';
import { EpochMillis, Nullable } from './schema-parts.js';

/** `categoryView`'s shape, for the OpenAPI document. */
export const CategorySchema = Type.Object({
  inode: Type.String(),
  categoryName: Type.String(),
  key: Nullable(Type.String()),
  categoryVelocityVarName: Type.String(),
  parent: Nullable(Type.String({ description: 'The parent category’s inode; null at the top' })),
  sortOrder: Type.Integer(),
  modDate: EpochMillis,
});

/** A category with the original's member names. */
export function categoryView(c: Category): Static<typeof CategorySchema> {
  return {
    inode: c.inode,
    categoryName: c.name,
    key: c.key,
    categoryVelocityVarName: c.variable,
    parent: c.parent,
    sortOrder: c.sortOrder,
    modDate: c.modDate,
  };
}
