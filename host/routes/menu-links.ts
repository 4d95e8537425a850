import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { MenuLinkSchema, menuLinkView } from '../views/menu-link-view.js';
import { defineRoutes } from './route-module.js';

const Text = Type.String({ maxLength: 255 });
const MAX_LIMIT = 500;

/**
 * The community plugin's form. `title`, `siteId` and `folderPath` are required on a create, but
 * checked by the service so that a missing one is answered with the plugin's message.
 */
const MenuLinkBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 1000 })),
  siteId: Type.Optional(Text),
  folderPath: Type.Optional(Type.String({ maxLength: 1000 })),
  url: Type.Optional(Type.String({ maxLength: 4000 })),
  protocol: Type.Optional(Type.String({ maxLength: 32 })),
  target: Type.Optional(Type.String({ maxLength: 32 })),
  linkType: Type.Optional(Type.String({ maxLength: 32 })),
  linkCode: Type.Optional(Type.String({ maxLength: 100_000 })),
  internalLinkIdentifier: Type.Optional(Text),
  showOnMenu: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  friendlyName: Type.Optional(Type.String({ maxLength: 1000 })),
  publish: Type.Optional(Type.Boolean()),
});

const ListQuery = Type.Object({
  siteId: Type.Optional(Text),
  folderPath: Type.Optional(Type.String({ maxLength: 1000 })),
  // NOTE: accepted for the plugin's clients; deleting a link destroys it, so nothing is archived.
  includeArchived: Type.Optional(Type.Boolean()),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
  /** 0: every link, as the plugin reads it (up to the cap every list here has). */
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
  orderBy: Type.Optional(
    Type.Union([
      Type.Literal('title'),
      Type.Literal('sortOrder'),
      Type.Literal('sort_order'),
      Type.Literal('modDate'),
      Type.Literal('mod_date'),
    ]),
  ),
});

const ORDER = {
  title: 'title',
  sortOrder: 'sortOrder',
  sort_order: 'sortOrder',
  modDate: 'modDate',
  mod_date: 'modDate',
} as const;

/**
 * Menu links through the community plugin's `/api/v1/menulinks` endpoints (the original's core has
 * none). Back-end users only; the service checks the permissions.
 */
export default defineRoutes('menu-links', ['menuLinks'], ({ menuLinks }) => [
  route({
    method: 'GET',
    path: '/api/v1/menulinks',
    access: 'user',
    summary: 'Menu links of a site, or of one of its folders, that the caller may read',
    query: ListQuery,
    response: { schema: Type.Array(MenuLinkSchema) },
    handler: async ({ query, principal }) => {
      const limit = query.limit === undefined ? 50 : query.limit === 0 ? MAX_LIMIT : Math.min(query.limit, MAX_LIMIT);
      const page = await menuLinks.list(principal, {
        siteId: query.siteId,
        folderPath: query.folderPath,
        orderBy: ORDER[query.orderBy ?? 'title'],
        offset: query.offset ?? 0,
        limit,
      });
      return page.items.map(menuLinkView);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/menulinks',
    access: 'user',
    summary: 'Creates a menu link in a folder of a site (or at its root); publish: true publishes it',
    body: MenuLinkBody,
    response: { schema: MenuLinkSchema },
    handler: async ({ body, principal }) => menuLinkView(await menuLinks.create(principal, body)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/menulinks/:identifier',
    access: 'user',
    summary: 'The working version of a menu link',
    answers: { 404: 'no such link' },
    response: { schema: MenuLinkSchema },
    handler: async ({ params, principal }) => menuLinkView(await menuLinks.find(principal, params.identifier)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/menulinks/:identifier',
    access: 'user',
    summary: "Changes a menu link's working version; siteId or folderPath moves it",
    body: MenuLinkBody,
    answers: { 404: 'no such link' },
    response: { schema: MenuLinkSchema },
    handler: async ({ params, body, principal }) =>
      menuLinkView(await menuLinks.update(principal, params.identifier, body)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/menulinks/:identifier',
    access: 'user',
    summary: 'Deletes a menu link, both its versions',
    answers: { 404: 'no such link' },
    response: {
      schema: Type.String({ pattern: '^Menu link deleted: ', description: 'Menu link deleted: and the identifier' }),
    },
    handler: async ({ params, principal }) => {
      await menuLinks.delete(principal, params.identifier);
      return `Menu link deleted: ${params.identifier}`;
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/menulinks/:identifier/_publish',
    access: 'user',
    summary: "Makes a menu link's working version live",
    answers: { 404: 'no such link' },
    response: { schema: MenuLinkSchema },
    handler: async ({ params, principal }) => menuLinkView(await menuLinks.publish(principal, params.identifier)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/menulinks/:identifier/_unpublish',
    access: 'user',
    summary: "Removes a menu link's live version; the working one stays",
    answers: { 404: 'no such link' },
    response: { schema: MenuLinkSchema },
    handler: async ({ params, principal }) => menuLinkView(await menuLinks.unpublish(principal, params.identifier)),
  }),
]);
