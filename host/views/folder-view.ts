import type { FolderTree } from '../../core/folder/folder-service.js';
import type { Folder } from '../../core/model/folder.js';

/** The original's folder map (createfolders, and a folder by id or path): the inode is the identifier. */
export function folderView(folder: Folder) {
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
export function folderTreeView(tree: FolderTree): ReturnType<typeof folderView> & { subFolders: unknown[] } {
  return { ...folderView(tree.folder), subFolders: tree.subFolders.map(folderTreeView) };
}

/**
 * The assets API's folder view: the host by name, the modification date as an ISO instant, and
 * (as the original's, which leaves empty members out) no `defaultFileType` when there is none.
 */
export function assetFolderView(folder: Folder, hostName: string) {
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
