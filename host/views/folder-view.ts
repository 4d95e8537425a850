import { Type, type Static } from '@sinclair/typebox';
import type { FolderTree } from '../../core/folder/folder-service.js';
import type { Folder } from '../../core/model/folder.js';
import { EpochMillis, IsoInstant, Nullable } from './schema-parts.js';

/** `folderView`'s shape, for the OpenAPI document. */
export const FolderSchema = Type.Object({
  identifier: Type.String(),
  inode: Type.String({ description: 'The identifier again' }),
  type: Type.Literal('folder'),
  hostId: Type.String(),
  path: Type.String({ description: 'Lower-case, with a slash at both ends' }),
  name: Type.String(),
  title: Type.String(),
  showOnMenu: Type.Boolean(),
  sortOrder: Type.Integer(),
  defaultFileType: Nullable(Type.String({ description: 'Id of the file content type new files get' })),
  filesMasks: Type.String({ description: 'Comma-separated file name masks; empty for any file' }),
  owner: Type.String(),
  iDate: EpochMillis,
  modDate: EpochMillis,
  modUser: Type.String(),
});

/**
 * `folderTreeView`'s shape, for the OpenAPI document: described two levels deep, as the document
 * keeps no recursive schemas; deeper folders have the same shape.
 */
export const FolderTreeSchema = Type.Object({
  ...FolderSchema.properties,
  subFolders: Type.Array(
    Type.Object({
      ...FolderSchema.properties,
      subFolders: Type.Array(Type.Unknown({ description: 'A folder of this same shape, with its subFolders' })),
    }),
  ),
});

/** `assetFolderView`'s shape, for the OpenAPI document. */
export const AssetFolderSchema = Type.Object({
  name: Type.String(),
  title: Type.String(),
  path: Type.String(),
  modDate: IsoInstant,
  identifier: Type.String(),
  inode: Type.String(),
  showOnMenu: Type.Boolean(),
  sortOrder: Type.Integer(),
  host: Type.String({ description: 'The site’s name' }),
  filesMasks: Type.Optional(Type.String({ description: 'Left out when any file is allowed' })),
  defaultFileType: Type.Optional(Type.String({ description: 'Left out for the default file type' })),
});

/** The original's folder map (createfolders, and a folder by id or path): the inode is the identifier. */
export function folderView(folder: Folder): Static<typeof FolderSchema> {
  return {
    identifier: folder.identifier,
    inode: folder.inode,
    type: 'folder',
    hostId: folder.hostId,
    path: folder.path,
    name: folder.name,
    title: folder.title,
    showOnMenu: folder.showOnMenu,
    sortOrder: folder.sortOrder,
    defaultFileType: folder.defaultFileType,
    filesMasks: folder.filesMasks,
    owner: folder.owner,
    iDate: folder.iDate,
    modDate: folder.modDate,
    modUser: folder.modUser,
  };
}

/** The original's FolderView: the folder map with its sub-folders, recursively. */
export function folderTreeView(tree: FolderTree): Static<typeof FolderTreeSchema> {
  return { ...folderView(tree.folder), subFolders: tree.subFolders.map(folderTreeView) };
}

/**
 * The assets API's folder view: the host by name, the modification date as an ISO instant, and
 * (as the original's, which leaves empty members out) no `defaultFileType` when there is none.
 */
export function assetFolderView(folder: Folder, hostName: string): Static<typeof AssetFolderSchema> {
  return {
    name: folder.name,
    title: folder.title,
    path: folder.path,
    modDate: new Date(folder.modDate).toISOString(),
    identifier: folder.identifier,
    inode: folder.inode,
    showOnMenu: folder.showOnMenu,
    sortOrder: folder.sortOrder,
    host: hostName,
    ...(folder.filesMasks ? { filesMasks: folder.filesMasks } : {}),
    ...(folder.defaultFileType ? { defaultFileType: folder.defaultFileType } : {}),
  };
}
