import type { ContentType } from '../model/content-type.js';
import { SYSTEM_FOLDER } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';

/** What the original's type answers say of where a type lives. */
export interface TypeWhereabouts {
  /** The name of the type's site (`System Host` for the system's types). */
  siteName: string;
  /** The path of the type's folder; `/` for the system folder. */
  folderPath: string;
}

/**
 * Where each type lives, by type id: each distinct site and folder of the types is read once, so a
 * page of types costs as many reads as it has distinct places (most types sit on one or two).
 */
export async function typeWhereabouts(
  repositories: Repositories,
  types: readonly ContentType[],
): Promise<Map<string, TypeWhereabouts>> {
  const hosts = new Set(types.map((t) => t.host));
  const folders = new Set(types.map((t) => t.folder).filter((f) => f !== SYSTEM_FOLDER));
  const [siteNames, folderPaths] = await Promise.all([
    readAll(hosts, async (id) => (await repositories.sites.findById(id))?.siteName),
    readAll(folders, async (id) => (await repositories.folders.findById(id))?.path),
  ]);
  return new Map(
    types.map((t) => [
      t.id,
      {
        // A type whose site or folder is gone (a stale reference) shows its stored id, not nothing.
        siteName: siteNames.get(t.host) ?? t.host,
        folderPath: t.folder === SYSTEM_FOLDER ? '/' : (folderPaths.get(t.folder) ?? '/'),
      },
    ]),
  );
}

async function readAll(
  ids: ReadonlySet<string>,
  read: (id: string) => Promise<string | undefined>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const id of ids) {
    const value = await read(id);
    if (value !== undefined) found.set(id, value);
  }
  return found;
}
