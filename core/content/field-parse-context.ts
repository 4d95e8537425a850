import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FieldParseContext } from '../plugin/field-type.js';
import type { Repositories } from '../plugin/storage-driver.js';

/** Keeps letters, digits, dot, dash and underscore; never a path, never hidden, never empty. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 200);
  return clean || 'file';
}

/**
 * The look-ups field types use while parsing, over the caller's transaction. Binary files are
 * written under `<dataDir>/assets/<random>/<sanitised name>`: the random folder keeps names from
 * colliding, and the sanitised name can never leave the data directory.
 */
export function fieldParseContext(tx: Repositories, dataDir: string): FieldParseContext {
  return {
    async findCategory(item) {
      const category = (await tx.categories.findByInode(item)) ?? (await tx.categories.findByKey(item)) ?? (await tx.categories.findByVariable(item));
      return category && { inode: category.inode, key: category.key ?? '', variable: category.variable, name: category.name };
    },
    async findSite(idOrName) {
      const site = (await tx.sites.findById(idOrName)) ?? (await tx.sites.findByName(idOrName));
      return site && { identifier: site.identifier, siteName: site.siteName };
    },
    async findFileAsset(hostPath) {
      // NOTE: paths need the folder tree of the navigation area; until then a file asset is named by identifier.
      const identifier = hostPath.trim();
      const found = await tx.content.findIdentifier(identifier);
      return found && { identifier: found.identifier, path: `${found.folder}/${identifier}` };
    },
    async storeBinary(fileName, content) {
      const name = sanitizeFileName(fileName);
      const folder = join('assets', randomUUID());
      await mkdir(join(dataDir, folder), { recursive: true });
      await writeFile(join(dataDir, folder, name), content);
      return { path: `${folder}/${name}`, name, size: content.length };
    },
  };
}
