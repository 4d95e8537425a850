import { Type } from '@sinclair/typebox';
import { parseAssetPath } from '../../core/folder/asset-path.js';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import {
  AssetFolderSchema,
  FolderSchema,
  FolderTreeSchema,
  assetFolderView,
  folderTreeView,
  folderView,
} from '../views/folder-view.js';
import { defineRoutes } from './route-module.js';

const FolderPath = Type.String({ minLength: 1, maxLength: 1000 });
const FolderPaths = Type.Array(FolderPath, { minItems: 1, maxItems: 500 });

const DeleteQuery = Type.Object({ recursive: Type.Optional(Type.Boolean()) });

const folderSort = sortable({ name: ['name'], modDate: ['mod_date', 'modDate'] }, 'name');
const SearchQuery = Type.Composite([
  PagingQuery,
  folderSort.query,
  Type.Object({
    siteId: Type.String({ minLength: 1, maxLength: 255 }),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    path: Type.Optional(Type.String({ maxLength: 1000 })),
    recursive: Type.Optional(Type.Boolean()),
  }),
]);

/** The assets API's folder members; `fileMasks` is a list there, kept comma-separated. */
const AssetFolderData = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 255 })),
  showOnMenu: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  fileMasks: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100 })),
  defaultAssetType: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});
const AssetFolderBody = Type.Object({
  assetPath: Type.String({ minLength: 3, maxLength: 1000 }),
  data: Type.Optional(AssetFolderData),
});
const AssetFolderUpdate = Type.Object({
  assetPath: Type.String({ minLength: 3, maxLength: 1000 }),
  data: Type.Optional(
    Type.Composite([AssetFolderData, Type.Object({ name: Type.Optional(Type.String({ maxLength: 255 })) })]),
  ),
});
const AssetPathBody = Type.Object({ assetPath: Type.String({ minLength: 3, maxLength: 1000 }) });
const MoveBody = Type.Object({
  assetPath: Type.String({ minLength: 3, maxLength: 1000 }),
  destination: Type.String({ minLength: 3, maxLength: 1000 }),
});

type AssetFolderMembers = typeof AssetFolderData.static;

/** The assets API's members as the folder service names them. */
function folderChanges(data: AssetFolderMembers | undefined) {
  if (!data) return {};
  return {
    ...(data.title !== undefined ? { title: data.title } : {}),
    ...(data.showOnMenu !== undefined ? { showOnMenu: data.showOnMenu } : {}),
    ...(data.sortOrder !== undefined ? { sortOrder: data.sortOrder } : {}),
    ...(data.fileMasks !== undefined ? { filesMasks: data.fileMasks.join(',') } : {}),
    ...(data.defaultAssetType !== undefined ? { defaultFileType: data.defaultAssetType } : {}),
  };
}

/**
 * Folders: the original's folder endpoints and its assets API for folders, plus a move (this
 * service's addition: the original has no REST move) and a recursive delete switch. Back-end users
 * only; the folder service checks the permissions.
 */
export default defineRoutes('folders', ['folders'], ({ folders }) => [
  route({
    method: 'POST',
    path: '/api/v1/folder/createfolders/:siteName',
    access: 'user',
    summary: 'Creates folders by path, their missing parents with them; existing ones are kept',
    body: FolderPaths,
    answers: { 409: 'a page or file has the path' },
    response: { schema: Type.Array(FolderSchema, { description: 'The folder at each path' }) },
    handler: async ({ params, body, principal }) =>
      (await folders.createFolders(principal, params.siteName, body)).map(folderView),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/folder/:siteName',
    access: 'user',
    summary: 'Deletes folders by path; one holding content needs recursive=true',
    query: DeleteQuery,
    body: FolderPaths,
    answers: { 404: 'no folder at a path' },
    response: { schema: Type.Array(Type.String(), { description: 'The path of each folder deleted' }) },
    handler: ({ params, query, body, principal }) =>
      folders.delete(principal, params.siteName, body, { recursive: query.recursive ?? false, unknownSite: 'invalid' }),
  }),
  route({
    method: 'GET',
    path: '/api/v1/folder/search',
    access: 'user',
    summary: 'Folders of a site by part of their name, below a path, a page at a time',
    query: SearchQuery,
    answers: { 404: 'no such site' },
    response: { schema: Type.Array(FolderSchema) },
    handler: ({ query, principal }) => {
      const sort = folderSort.read(query);
      return pagedReply(
        query,
        (page) =>
          folders.search(principal, {
            ...page,
            siteId: query.siteId,
            name: query.name,
            path: query.path,
            recursive: query.recursive,
            orderBy: sort?.column,
            descending: sort?.descending,
          }),
        folderView,
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/folder/sitename/:siteName/uri/*uri',
    access: 'user',
    summary: 'The folder at a path of a site named by its host name',
    answers: { 404: 'no such site or folder' },
    response: { schema: FolderSchema },
    handler: async ({ params, principal }) =>
      folderView(await folders.findByPath(principal, params.siteName, params.uri, 'not_found')),
  }),
  route({
    method: 'GET',
    path: '/api/v1/folder/siteId/:siteId/path/*path',
    access: 'user',
    summary: 'The folder at a path of a site, with the folders below it',
    answers: { 404: 'no folder at the path' },
    response: { schema: FolderTreeSchema },
    handler: async ({ params, principal }) => folderTreeView(await folders.tree(principal, params.siteId, params.path)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/folder/:folderId',
    access: 'user',
    summary: 'One folder by identifier',
    answers: { 404: 'no such folder' },
    response: { schema: FolderSchema },
    handler: async ({ params, principal }) => folderView(await folders.findById(principal, params.folderId)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/assets/folders',
    access: 'user',
    summary: 'Creates the folder at an asset path (//site/path/) with the given members',
    body: AssetFolderBody,
    answers: { 404: 'no such site', 409: 'the folder exists, or a page or file has the path' },
    response: { schema: AssetFolderSchema },
    handler: async ({ body, principal }) => {
      const at = parseAssetPath(body.assetPath);
      return assetFolderView(await folders.createFolder(principal, at, folderChanges(body.data)), at.site);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/assets/folders',
    access: 'user',
    summary: 'Changes the folder at an asset path; data.name renames it',
    body: AssetFolderUpdate,
    answers: { 404: 'no such site or folder', 409: 'the new path is taken' },
    response: { schema: AssetFolderSchema },
    handler: async ({ body, principal }) => {
      const at = parseAssetPath(body.assetPath);
      const changes = {
        ...folderChanges(body.data),
        ...(body.data?.name !== undefined ? { name: body.data.name } : {}),
      };
      return assetFolderView(await folders.update(principal, at, changes), at.site);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/assets/folders/_delete',
    access: 'user',
    summary: 'Deletes the folder at an asset path; one holding content needs recursive=true',
    query: DeleteQuery,
    body: AssetPathBody,
    answers: { 404: 'no such site or folder' },
    response: { schema: Type.Literal(true) },
    handler: async ({ query, body, principal }) => {
      const at = parseAssetPath(body.assetPath);
      await folders.delete(principal, at.site, [at.path], {
        recursive: query.recursive ?? false,
        unknownSite: 'not_found',
      });
      return true as const;
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/assets/folders/_move',
    access: 'user',
    summary: "Moves a folder into another folder or a site's root (this service's addition)",
    body: MoveBody,
    answers: { 404: 'no such site or folder', 409: 'the destination already has the name' },
    response: { schema: AssetFolderSchema },
    handler: async ({ body, principal }) => {
      const to = parseAssetPath(body.destination);
      return assetFolderView(await folders.move(principal, parseAssetPath(body.assetPath), to), to.site);
    },
  }),
]);
