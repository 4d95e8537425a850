import { assetKeyOf, isStoredAsset } from '../../core/model/stored-asset.js';
import type { TestApp } from './test-app.js';

/** The asset-store key of a version's file: the content map shows URLs, never where the bytes are. */
export async function storedAssetKey(s: TestApp, inode: string, variable = 'fileAsset'): Promise<string> {
  const version = await s.app.services.storage.content.findVersion(inode);
  const stored = version?.values[variable];
  if (!isStoredAsset(stored)) throw new Error(`version ${inode} holds no file in ${variable}`);
  return assetKeyOf(stored.path);
}
