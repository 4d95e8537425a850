import { CmsError, Errors } from '../errors/index.js';
import { MAX_FOLDER_PATH_LENGTH } from '../folder/folder-path.js';
import { ROOT_PATH } from '../model/folder.js';

/** A backslash or a control character: never part of a folder name. */
const UNSAFE = /[\\\p{Cc}]/u;

/**
 * The folder a navigation request starts from, as folders are stored (`/about-us/`, `/` for the
 * site root). As in the original, a last segment with a dot is a page or file name and is dropped
 * (`/about-us/index.html` → `/about-us/`); anything that could never name a folder is 404.
 */
export function navRootPath(uri: string): string {
  let path = `/${uri.replace(/^\/+/, '')}`;
  const last = path.lastIndexOf('/');
  if (path.slice(last + 1).includes('.')) path = path.slice(0, last + 1);
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return ROOT_PATH;
  const folderPath = `/${segments.join('/').toLowerCase()}/`;
  if (folderPath.length > MAX_FOLDER_PATH_LENGTH || segments.some((s) => s === '.' || s === '..' || UNSAFE.test(s)))
    throw new CmsError(Errors.NAV_URL_NOT_FOUND);
  return folderPath;
}
