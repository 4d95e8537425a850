import { randomUUID } from 'node:crypto';
import { constants as fsConstants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, opendir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { isAssetKey, type AssetStorage } from '../../core/plugin/kit.js';

/**
 * Assets as files under one directory (by default `<data dir>/assets`). A write goes to a temporary
 * file beside its target, is flushed to disk, then renamed over the target: readers see the old file
 * or the new one, and a crash leaves at most a temporary file, never a partial asset.
 */
export function localDiskAssets(root: string): AssetStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(base, ...key.split('/'));
    // isAssetKey already refuses every way out; the prefix check is the second lock on the door.
    if (!isAssetKey(key) || !path.startsWith(base + sep)) throw new Error(`Refused asset key "${key}"`);
    return path;
  };
  const missing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

  return {
    write: async (key, content) =>
      writeAtomically(pathOf(key), async (temporary) => {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(content);
          await file.sync();
        } finally {
          await file.close();
        }
        return content.length;
      }),
    // A copy by the kernel (a clone where the file system can): the upload never passes through memory.
    writeFile: async (key, sourcePath) =>
      writeAtomically(pathOf(key), async (temporary) => {
        await copyFile(sourcePath, temporary, fsConstants.COPYFILE_EXCL);
        const file = await open(temporary, 'r+');
        try {
          await file.sync();
          return (await file.stat()).size;
        } finally {
          await file.close();
        }
      }),
    async stat(key) {
      try {
        const found = await stat(pathOf(key));
        return found.isFile() ? { size: found.size } : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      const found = await this.stat(key);
      return found && { size: found.size, stream: createReadStream(pathOf(key)) };
    },
    async delete(key) {
      const target = pathOf(key);
      await rm(target, { force: true });
      // The per-asset folder goes too once it is empty; a folder still in use stays.
      if (dirname(target) !== base) await rmdir(dirname(target)).catch(() => undefined);
    },
    list: () => listFiles(base),
  };
}

/**
 * The files under the store directory whose relative path is an asset key, depth first. Temporaries
 * of writes in progress (`.<uuid>.tmp`) are no keys, so they are never listed. A directory that
 * disappears while it is walked (its last file deleted) just ends early.
 */
async function* listFiles(base: string, prefix = ''): AsyncGenerator<{ key: string; modifiedAt: number }> {
  const entries = await opendir(join(base, ...prefix.split('/'))).catch(unlessMissing);
  if (!entries) return;
  for await (const entry of entries) {
    const key = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (!isAssetKey(key)) continue;
    if (entry.isDirectory()) yield* listFiles(base, key);
    else if (entry.isFile()) {
      const found = await stat(join(base, ...key.split('/'))).catch(unlessMissing);
      if (found) yield { key, modifiedAt: found.mtimeMs };
    }
  }
}

/** Something deleted meanwhile is simply not there; any other failure is one. */
function unlessMissing(error: unknown): undefined {
  if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
  throw error;
}

/**
 * Fills a temporary file beside the target (`fill` flushes it and answers its size), renames it over
 * the target, and flushes the directory: readers see the old file or the new one, never a part.
 */
async function writeAtomically(
  target: string,
  fill: (temporary: string) => Promise<number>,
): Promise<{ size: number }> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${randomUUID()}.tmp`);
  let size: number;
  try {
    size = await fill(temporary);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(target));
  return { size };
}

/** Makes a rename durable: the directory entry itself is flushed. */
async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
