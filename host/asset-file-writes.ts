import { readFile } from 'node:fs/promises';
import type { AssetStorage } from '../core/plugin/asset-storage.js';

/**
 * The asset store with `writeFile` for uploads spooled to disk: its own when it has one, else one
 * that reads the file whole into memory and calls `write` (a store written before `writeFile`
 * existed keeps working; its uploads are then bounded by memory, not by disk).
 */
export function withFileWrites(assets: AssetStorage): AssetStorage {
  if (assets.writeFile) return assets;
  const writeFile = async (key: string, sourcePath: string) => assets.write(key, await readFile(sourcePath));
  // A view of the store itself, not a copy: its methods still run on it (a class's private members work).
  return new Proxy(assets, {
    get(target, name) {
      if (name === 'writeFile') return writeFile;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
