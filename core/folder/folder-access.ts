import { isBackEndUser } from '../auth/back-end-user.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { ContentService } from '../content/content-service.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import { ROOT_PATH, type Folder } from '../model/folder.js';
import type { PermissionName } from '../model/permission.js';
import type { Site } from '../model/site.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { IndexQueue } from '../search/index-queue.js';

/** What the folder operations need. */
export interface FolderDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** Removes the content of a folder deleted recursively (versions, languages, index entries). */
  content: ContentService;
  /** The `backend user` role: the folder endpoints serve back-end users only, as the original's do. */
  backEndUserRoleId: string;
  indexQueue?: IndexQueue;
  now?: () => number;
}

/** Where a folder operation happens: a site, and a folder of it or its root. */
export interface Place {
  site: Site;
  /** Undefined at the root of the site. */
  folder: Folder | undefined;
}

/** How an unknown site is answered: the original answers some endpoints 400, others 404. */
export type UnknownSite = 'invalid' | 'not_found';

export function requireBackEndUser(deps: FolderDependencies, caller: Principal): void {
  if (!isBackEndUser(caller, deps.backEndUserRoleId)) throw new CmsError(Errors.AUTH_BACKEND_USER_REQUIRED);
}

/** The site by identifier or name. */
export async function findSite(tx: Repositories, idOrName: string, unknown: UnknownSite): Promise<Site> {
  const site = (await tx.sites.findById(idOrName)) ?? (await tx.sites.findByName(idOrName));
  if (site) return site;
  throw unknown === 'invalid'
    ? new CmsError(Errors.FOLDER_SITE_UNKNOWN, { site: idOrName })
    : new CmsError(Errors.SITE_NOT_FOUND, { site: idOrName });
}

/** The site's folder at a stored path, or FOLDER_NOT_FOUND naming the path. */
export async function requireFolderAt(tx: Repositories, site: Site, path: string): Promise<Folder> {
  const folder = await tx.folders.findByPath(site.identifier, path);
  if (!folder) throw new CmsError(Errors.FOLDER_NOT_FOUND, { folder: path });
  return folder;
}

/** A stored path's place: the site root, or the folder there (FOLDER_NOT_FOUND when there is none). */
export async function placeAt(tx: Repositories, site: Site, path: string): Promise<Place> {
  return { site, folder: path === ROOT_PATH ? undefined : await requireFolderAt(tx, site, path) };
}

/** Throws `PERMISSION_DENIED` unless the caller holds the permission on the folder, or on the site at its root. */
export async function checkPlace(
  deps: FolderDependencies,
  tx: Repositories,
  access: { caller: Principal; place: Place; permission: PermissionName },
): Promise<void> {
  const { place } = access;
  const definitions = await deps.definitions.in(tx);
  await deps.permissions
    .for(definitions, access.caller)
    .check(
      place.folder ? { kind: 'folder', folder: place.folder } : { kind: 'site', siteId: place.site.identifier },
      access.permission,
    );
}

/** Whether the caller may read the folder (searches leave out the others). */
export async function canRead(
  deps: FolderDependencies,
  tx: Repositories,
  caller: Principal,
  folder: Folder,
): Promise<boolean> {
  const definitions = await deps.definitions.in(tx);
  return deps.permissions.for(definitions, caller).has({ kind: 'folder', folder }, 'READ');
}
