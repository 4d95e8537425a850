import { randomUUID } from 'node:crypto';
import { storedAssetPath } from '../model/stored-asset.js';
import type { AssetStorage } from '../plugin/asset-storage.js';
import type { FieldParseContext } from '../plugin/field-type.js';
import { isSpooledFile, type SpooledFile } from '../plugin/spooled-file.js';
import type { Repositories } from '../plugin/storage/index.js';

/** `//demo.com/images/a.png` or `demo.com/images/a.png` → host, folder path and name. */
export function parseHostPath(hostPath: string): { host: string; parentPath: string; assetName: string } | undefined {
  const segments = hostPath
    .trim()
    .replace(/^\/\//, '')
    .split('/')
    .filter((s) => s !== '');
  if (segments.length < 2 || segments.some((s) => s === '.' || s === '..')) return undefined;
  const host = segments.shift()!;
  const assetName = segments.pop()!;
  return { host, parentPath: `/${segments.join('/')}`, assetName };
}

export function joinPath(parentPath: string, name: string): string {
  return `${parentPath.replace(/\/$/, '')}/${name}`;
}

/** Keeps letters, digits, dot, dash and underscore; never a path, never hidden, never `..`, never empty. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '')
    .slice(0, 200);
  return clean || 'file';
}

/**
 * The look-ups field types use while parsing, over the caller's transaction. Binary files go to the
 * asset store under `<random>/<sanitised name>`: the random part keeps names from colliding, and the
 * client's name is never a path. A file written for a save that then rolls back is removed.
 */
export function fieldParseContext(tx: Repositories, assets: AssetStorage): FieldParseContext {
  return {
    async findCategory(item) {
      const category =
        (await tx.categories.findByInode(item)) ??
        (await tx.categories.findByKey(item)) ??
        (await tx.categories.findByVariable(item));
      return (
        category && { inode: category.inode, key: category.key ?? '', variable: category.variable, name: category.name }
      );
    },
    async findSite(idOrName) {
      const site = (await tx.sites.findById(idOrName)) ?? (await tx.sites.findByName(idOrName));
      return site && { identifier: site.identifier, siteName: site.siteName };
    },
    async findFileAsset(hostPath) {
      const location = parseHostPath(hostPath);
      if (!location) return undefined;
      const site = (await tx.sites.findByName(location.host)) ?? (await tx.sites.findById(location.host));
      const found = site && (await tx.content.findByPath(site.identifier, location.parentPath, location.assetName));
      return found && { identifier: found.identifier, path: joinPath(found.parentPath, found.assetName ?? '') };
    },
    async storeBinary(fileName, content) {
      const name = sanitizeFileName(fileName);
      const key = `${randomUUID()}/${name}`;
      const { size } = Buffer.isBuffer(content)
        ? await assets.write(key, content)
        : await writeSpooled(assets, key, content);
      tx.afterRollback(() => assets.delete(key), { what: `asset ${key}` });
      return { path: storedAssetPath(key), name, size };
    },
  };
}

/** A spooled upload into the store (the host gives every store a `writeFile`, reading the file whole for one older than it). */
async function writeSpooled(assets: AssetStorage, key: string, file: SpooledFile): Promise<{ size: number }> {
  // Defence in depth: the field types check this already, but a path must never come from a client.
  if (!isSpooledFile(file)) throw new Error('Refused to store a file the service did not receive');
  if (!assets.writeFile) throw new Error('The asset store cannot store files spooled to disk');
  return assets.writeFile(key, file.path);
}
