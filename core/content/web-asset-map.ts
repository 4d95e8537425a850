import type { ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import { isStoredAsset, type StoredAsset } from '../model/stored-asset.js';
import { joinPath } from './field-parse-context.js';
import { extensionOf, isImageName, mimeTypeOf } from './mime-type.js';

/** The short asset URL of a stored file: by identifier (follows the item) or by inode (this version). */
export function assetUrl(id: string, variable: string, fileName: string): string {
  return `/dA/${id}/${variable}/${encodeURIComponent(fileName)}`;
}

/**
 * Binary values as the original's content map shows them: the member itself becomes the file's
 * short URL by identifier, with `<var>Version` (by inode), `<var>ContentAsset` and `<var>Map` (name,
 * size, media type). Where the store keeps the bytes is never shown.
 */
export function binaryMembers(c: Contentlet, variable: string, stored: StoredAsset): Record<string, unknown> {
  const idPath = assetUrl(c.identifier.identifier, variable, stored.name);
  const versionPath = assetUrl(c.version.inode, variable, stored.name);
  return {
    [variable]: idPath,
    [`${variable}Version`]: versionPath,
    [`${variable}ContentAsset`]: `${c.identifier.identifier}/${variable}`,
    [`${variable}Map`]: {
      idPath,
      versionPath,
      name: stored.name,
      size: stored.size,
      mime: mimeTypeOf(stored.name),
      isImage: isImageName(stored.name),
    },
  };
}

/**
 * What the original's page and file views add to the map: the item's path on its site (`path`,
 * `url`, and a page's `pageURI`, its `url` field staying readable as `pageUrl`), and a file's
 * name, size and media type.
 */
export function webAssetMembers(c: Contentlet, type: ContentType): Record<string, unknown> {
  const { parentPath, assetName } = c.identifier;
  if (assetName === null || (type.baseType !== 'HTMLPAGE' && type.baseType !== 'FILEASSET')) return {};
  const path = joinPath(parentPath, assetName);
  if (type.baseType === 'HTMLPAGE') {
    return {
      url: path,
      pageUrl: assetName,
      pageURI: path,
      path,
      name: assetName,
      mimeType: 'application/dotpage',
      extension: 'page',
    };
  }
  const file = c.version.values.fileAsset;
  return {
    url: path,
    path,
    name: assetName,
    fileName: assetName,
    mimeType: mimeTypeOf(assetName),
    extension: extensionOf(assetName),
    ...(isStoredAsset(file) ? { size: file.size, underlyingFileName: file.name } : {}),
  };
}
