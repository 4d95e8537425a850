import { Type } from '@sinclair/typebox';

/**
 * A navigation item as `GET /api/v1/nav` answers it (core/nav/nav-item.ts), for the OpenAPI
 * document. `children` holds items of this same shape; described one level deep, as the document
 * keeps no recursive schemas.
 */
export const NavItemSchema = Type.Object({
  title: Type.String(),
  target: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  folder: Type.Union([Type.String(), Type.Null()]),
  host: Type.String(),
  href: Type.String(),
  languageId: Type.Integer(),
  order: Type.Integer(),
  type: Type.Union([Type.Literal('folder'), Type.Literal('htmlpage'), Type.Literal('file'), Type.Literal('link')]),
  hash: Type.Integer(),
  children: Type.Optional(Type.Array(Type.Unknown({ description: 'A navigation item' }))),
});
