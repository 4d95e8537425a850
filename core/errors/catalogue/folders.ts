import { defineErrors } from '../error-entry.js';

/** Folders of sites, and the paths content claims in them. */
export const folderErrors = defineErrors('folders', {
  FOLDER_NOT_FOUND: {
    kind: 'not_found',
    message: 'The folder does not exist: {folder}',
    meaning: 'No folder has this identifier, or the site has no folder at this path.',
  },
  FOLDER_SITE_UNKNOWN: {
    kind: 'invalid',
    message: "Couldn't find any host with name `{site}`",
    meaning:
      'The folder endpoints that name a site in the path answer an unknown one as a bad request, as the original does.',
  },
  FOLDER_PATH_INVALID: {
    kind: 'invalid',
    message: 'The folder path "{path}" is invalid: {problem}',
    meaning:
      'A folder path or name has an empty, `.` or `..` segment, a character that is not printable or a slash in a name, or is too long.',
  },
  FOLDER_NAME_RESERVED: {
    kind: 'invalid',
    message: "Folder can't be saved. You entered a reserved folder name: {name}",
    meaning: 'The name is one the original reserves for itself at the root of a site (listed in docs/site-tree.md).',
  },
  FOLDER_PATH_TAKEN: {
    kind: 'conflict',
    message: 'The path {path} is already taken on this site by {holder}',
    meaning: 'Another folder, page or file has this path: paths are unique per site.',
  },
  FOLDER_NOT_EMPTY: {
    kind: 'invalid',
    message:
      'The folder {path} is not empty: it or a folder below it holds content or menu links. Empty it first, or delete it recursively (recursive=true)',
    meaning: 'Deleting a folder that holds content or menu links needs the recursive delete.',
  },
  FOLDER_MOVE_INTO_ITSELF: {
    kind: 'invalid',
    message: 'The folder {path} cannot be moved into itself or into a folder below it',
    meaning: 'A move named the folder itself or one of its sub-folders as the destination.',
  },
  FOLDER_DEFAULT_FILE_TYPE_INVALID: {
    kind: 'invalid',
    message: 'The default file type {type} is not a file asset content type',
    meaning: "A folder's default file type must name an existing content type of the FILEASSET base type.",
  },
  FOLDER_ASSET_PATH_INVALID: {
    kind: 'invalid',
    message: 'The asset path "{path}" must name a site and a folder, as //site/folder/',
    meaning: 'The assets endpoints take paths of the form `//site-name/folder/path/`.',
  },
  FOLDER_SEARCH_NAME_TOO_SHORT: {
    kind: 'invalid',
    message: "'name' must be at least 3 characters long",
    meaning: 'A folder search by name needs three characters or more.',
  },
  CONTENT_FOLDER_NOT_FOUND: {
    kind: 'invalid',
    message: 'The folder {path} does not exist on the site; create it first',
    meaning: 'Content was placed in a folder path the site has no folder for.',
  },
  CONTENT_PATH_TAKEN: {
    kind: 'conflict',
    message: 'The path {path} is already taken on this site by {holder}',
    meaning: 'A page or file would have the path of a folder or of another item: paths are unique per site.',
  },
});
