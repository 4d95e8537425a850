import { CmsError, Errors } from '../errors/index.js';
import type { Folder } from '../model/folder.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { FolderDependencies } from './folder-access.js';

/** The members of a folder a client may change (the name changes by a rename). */
export interface FolderChanges {
  title?: string;
  showOnMenu?: boolean;
  sortOrder?: number;
  /** A FILEASSET content type, by id or variable; null for none. */
  defaultFileType?: string | null;
  filesMasks?: string;
}

/** The folder with the changes made, checked: the default file type must be a file asset type. */
export async function applyChanges(
  deps: FolderDependencies,
  tx: Repositories,
  change: { folder: Folder; changes: FolderChanges; userId: string; now: number },
): Promise<Folder> {
  const { folder, changes } = change;
  let defaultFileType = folder.defaultFileType;
  if (changes.defaultFileType === null) defaultFileType = null;
  else if (changes.defaultFileType !== undefined) {
    const type = await (await deps.definitions.in(tx)).contentType(changes.defaultFileType);
    if (!type || type.baseType !== 'FILEASSET')
      throw new CmsError(
        Errors.FOLDER_DEFAULT_FILE_TYPE_INVALID,
        { type: changes.defaultFileType },
        { fieldName: 'defaultFileType' },
      );
    defaultFileType = type.id;
  }
  const title = changes.title?.trim();
  return {
    ...folder,
    title: title ? title : folder.title,
    showOnMenu: changes.showOnMenu ?? folder.showOnMenu,
    sortOrder: changes.sortOrder ?? folder.sortOrder,
    defaultFileType,
    filesMasks: changes.filesMasks ?? folder.filesMasks,
    modDate: change.now,
    modUser: change.userId,
  };
}
