import { CmsError, Errors } from '../errors/index.js';
import type { FolderDestination } from './folder-service.js';

/**
 * The assets API's paths: `//site-name/folder/path/` → the site and the folder path (`/` for the
 * site's root). The site name may not be left out: these endpoints have no current site.
 */
export function parseAssetPath(assetPath: string): FolderDestination {
  const match = /^\/\/([^/]+)(\/.*)?$/.exec(assetPath.trim());
  if (!match?.[1])
    throw new CmsError(Errors.FOLDER_ASSET_PATH_INVALID, { path: assetPath }, { fieldName: 'assetPath' });
  return { site: match[1], path: match[2] ?? '/' };
}
