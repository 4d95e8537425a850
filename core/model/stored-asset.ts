/**
 * Stored Binary values keep the form they always had: `{ path: 'assets/<key>', name, size }`, where
 * the key is the file's key in the asset store.
 */
export const STORED_ASSET_PREFIX = 'assets/';

/** The `path` a stored Binary value holds for an asset key. */
export function storedAssetPath(key: string): string {
  return `${STORED_ASSET_PREFIX}${key}`;
}

/** The asset key of a stored Binary value's `path`. */
export function assetKeyOf(storedPath: string): string {
  return storedPath.startsWith(STORED_ASSET_PREFIX) ? storedPath.slice(STORED_ASSET_PREFIX.length) : storedPath;
}

/** A stored Binary value. */
export interface StoredAsset {
  path: string;
  name: string;
  size: number;
}

export function isStoredAsset(value: unknown): value is StoredAsset {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredAsset>;
  return typeof v.path === 'string' && typeof v.name === 'string' && typeof v.size === 'number';
}
