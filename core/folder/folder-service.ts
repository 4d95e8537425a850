import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors, isCmsError } from '../errors/index.js';
import { parentPathOf, ROOT_PATH, type Folder } from '../model/folder.js';
import type { Page, PageRequest } from '../model/page.js';
import type { Repositories } from '../plugin/storage/index.js';
import {
  canRead,
  checkPlace,
  findSite,
  placeAt,
  requireBackEndUser,
  requireFolderAt,
  type FolderDependencies,
  type Place,
  type UnknownSite,
} from './folder-access.js';
import { applyChanges, type FolderChanges } from './folder-changes.js';
import { checkNotReserved, folderNames, normalisePath, storedPath } from './folder-path.js';
import { deleteFolders } from './folder-removal.js';
import { relocate } from './folder-relocation.js';
import { checkFolderPathFree } from './path-claims.js';

/** A folder with the folders below it, as the original's FolderView shows a tree. */
export interface FolderTree {
  folder: Folder;
  subFolders: FolderTree[];
}

export interface FolderSearch extends PageRequest {
  siteId: string;
  /** Part of the name, ignoring case (three characters or more). */
  name?: string;
  /** The folder searched in (default the site root). */
  path?: string;
  /** Below `path` at any depth, not only its direct children. */
  recursive?: boolean;
  orderBy?: 'name' | 'modDate';
  descending?: boolean;
}

/** Where to: a site (identifier or name) and a folder path of it (`/` for its root). */
export interface FolderDestination {
  site: string;
  path: string;
}

/**
 * Folders of sites: created along a path (parents as needed), read, changed, renamed, moved and
 * deleted. Every operation is one transaction; permissions are checked on the folders (creating
 * and moving into a place needs CAN_ADD_CHILDREN there, changing WRITE, deleting WRITE and
 * EDIT_PERMISSIONS, reading READ). Only back-end users use them, as in the original.
 */
export class FolderService {
  private readonly now: () => number;

  constructor(private readonly deps: FolderDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * The original's createfolders: every path made, its missing parents with it, existing folders
   * kept as they are. Answers the deepest folder of each path.
   */
  async createFolders(caller: Principal, siteName: string, paths: readonly string[]): Promise<Folder[]> {
    requireBackEndUser(this.deps, caller);
    const attempt = () =>
      this.deps.storage.transaction(async (tx) => {
        const site = await findSite(tx, siteName, 'invalid');
        const made: Folder[] = [];
        for (const path of paths) made.push(await this.ensurePath(tx, caller, { site, raw: path }));
        return made;
      });
    try {
      return await attempt();
    } catch (error) {
      // Another request made one of the folders since this one looked: a new transaction finds it and keeps it.
      if (!isCmsError(error, Errors.RECORD_NOT_UNIQUE)) throw error;
      return attempt();
    }
  }

  /**
   * The assets API's create: one folder at `path` (its parents made as needed) with the given
   * members; FOLDER_PATH_TAKEN when it exists.
   */
  async createFolder(caller: Principal, at: FolderDestination, changes: FolderChanges = {}): Promise<Folder> {
    requireBackEndUser(this.deps, caller);
    return this.deps.storage.transaction(async (tx) => {
      const site = await findSite(tx, at.site, 'not_found');
      const path = normalisePath(at.path);
      if (path === ROOT_PATH)
        throw new CmsError(Errors.FOLDER_PATH_INVALID, { path: at.path, problem: 'it names no folder' });
      if (await tx.folders.findByPath(site.identifier, path))
        throw new CmsError(Errors.FOLDER_PATH_TAKEN, { path, holder: 'another folder' }, { fieldName: 'path' });
      const folder = await this.ensurePath(tx, caller, { site, raw: at.path });
      if (Object.keys(changes).length === 0) return folder;
      const changed = await applyChanges(this.deps, tx, {
        folder,
        changes,
        userId: caller.user.userId,
        now: this.now(),
      });
      await tx.folders.update(changed);
      return changed;
    });
  }

  async findById(caller: Principal, identifier: string): Promise<Folder> {
    requireBackEndUser(this.deps, caller);
    const { storage } = this.deps;
    const folder = await (await this.deps.definitions.in(storage)).folder(identifier);
    if (!folder) throw new CmsError(Errors.FOLDER_NOT_FOUND, { folder: identifier });
    await checkPlace(this.deps, storage, {
      caller,
      place: { site: await findSite(storage, folder.hostId, 'not_found'), folder },
      permission: 'READ',
    });
    return folder;
  }

  /** The folder at a path of a site (identifier or name). */
  async findByPath(caller: Principal, siteIdOrName: string, path: string, unknownSite: UnknownSite): Promise<Folder> {
    requireBackEndUser(this.deps, caller);
    const { storage } = this.deps;
    const site = await findSite(storage, siteIdOrName, unknownSite);
    const folder = await requireFolderAt(storage, site, normalisePath(path));
    await checkPlace(this.deps, storage, { caller, place: { site, folder }, permission: 'READ' });
    return folder;
  }

  /** The folder at a path with every folder below it that the caller may read. */
  async tree(caller: Principal, siteId: string, path: string): Promise<FolderTree> {
    const root = await this.findByPath(caller, siteId, path, 'invalid');
    const { storage } = this.deps;
    const below = await storage.folders.listSubtree(root.hostId, root.path);
    const byPath = new Map<string, FolderTree>([[root.path, { folder: root, subFolders: [] }]]);
    // By path, a parent always comes before its children; one the caller may not read hides its subtree.
    for (const folder of below) {
      const parent = byPath.get(parentPathOf(folder.path));
      if (folder.path === root.path || !parent || !(await canRead(this.deps, storage, caller, folder))) continue;
      const node = { folder, subFolders: [] };
      parent.subFolders.push(node);
      byPath.set(folder.path, node);
    }
    return byPath.get(root.path)!;
  }

  /** The original's folder search: folders of a site the caller may read, a page at a time. */
  async search(caller: Principal, query: FolderSearch): Promise<Page<Folder>> {
    requireBackEndUser(this.deps, caller);
    if (query.name !== undefined && query.name.trim().length < 3)
      throw new CmsError(Errors.FOLDER_SEARCH_NAME_TOO_SHORT, undefined, { fieldName: 'name' });
    const { storage } = this.deps;
    const site = await findSite(storage, query.siteId, 'not_found');
    await checkPlace(this.deps, storage, { caller, place: { site, folder: undefined }, permission: 'READ' });
    const path = normalisePath(query.path ?? ROOT_PATH);
    const candidates = query.recursive
      ? (await storage.folders.listSubtree(site.identifier, path === ROOT_PATH ? '/' : path)).filter(
          (f) => f.path !== path,
        )
      : await storage.folders.listChildren(site.identifier, path);
    const wanted = query.name?.trim().toLowerCase();
    const found: Folder[] = [];
    for (const folder of candidates) {
      if (wanted && !folder.name.toLowerCase().includes(wanted)) continue;
      if (await canRead(this.deps, storage, caller, folder)) found.push(folder);
    }
    const key = query.orderBy === 'modDate' ? (f: Folder) => f.modDate : (f: Folder) => f.name.toLowerCase();
    found.sort(
      (a, b) =>
        (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.path.localeCompare(b.path)) * (query.descending ? -1 : 1),
    );
    return { items: found.slice(query.offset, query.offset + query.limit), total: found.length };
  }

  /**
   * Changes a folder's members (WRITE on it); a new `name` renames it, which moves its path, the
   * folders below it and their content (FOLDER_PATH_TAKEN when the new path is taken).
   */
  async update(caller: Principal, at: FolderDestination, changes: FolderChanges & { name?: string }): Promise<Folder> {
    requireBackEndUser(this.deps, caller);
    return this.deps.storage.transaction(async (tx) => {
      const site = await findSite(tx, at.site, 'not_found');
      let folder = await requireFolderAt(tx, site, normalisePath(at.path));
      await checkPlace(this.deps, tx, { caller, place: { site, folder }, permission: 'WRITE' });
      const { name, ...members } = changes;
      if (name !== undefined && name !== folder.name) {
        folder = await relocate(this.deps, tx, { folder, toSite: site, toParentPath: parentPathOf(folder.path), name });
        if (members.title === undefined) members.title = name;
      }
      const changed = await applyChanges(this.deps, tx, {
        folder,
        changes: members,
        userId: caller.user.userId,
        now: this.now(),
      });
      await tx.folders.update(changed);
      return changed;
    });
  }

  /** Moves a folder, with what is below it, into another folder or a site's root (of this site or another). */
  async move(caller: Principal, from: FolderDestination, to: FolderDestination): Promise<Folder> {
    requireBackEndUser(this.deps, caller);
    return this.deps.storage.transaction(async (tx) => {
      const site = await findSite(tx, from.site, 'not_found');
      const folder = await requireFolderAt(tx, site, normalisePath(from.path));
      await checkPlace(this.deps, tx, { caller, place: { site, folder }, permission: 'WRITE' });
      const toSite = await findSite(tx, to.site, 'not_found');
      const toPath = normalisePath(to.path);
      const target: Place = await placeAt(tx, toSite, toPath);
      await checkPlace(this.deps, tx, { caller, place: target, permission: 'CAN_ADD_CHILDREN' });
      const moved = await relocate(this.deps, tx, { folder, toSite, toParentPath: toPath, name: folder.name });
      const now = { ...moved, modDate: this.now(), modUser: caller.user.userId };
      await tx.folders.update(now);
      return now;
    });
  }

  /**
   * Deletes folders of a site by path (WRITE and EDIT_PERMISSIONS on each). One that holds content or links,
   * itself or below, is refused unless `recursive`: then its content goes with it. Answers the paths.
   */
  async delete(
    caller: Principal,
    siteName: string,
    paths: readonly string[],
    options: { recursive: boolean; unknownSite: UnknownSite },
  ): Promise<string[]> {
    requireBackEndUser(this.deps, caller);
    return this.deps.storage.transaction(async (tx) => {
      const site = await findSite(tx, siteName, options.unknownSite);
      return deleteFolders(this.deps, tx, {
        caller,
        site,
        paths: paths.map(normalisePath),
        recursive: options.recursive,
      });
    });
  }

  /** The folder at the path, made (with its missing parents) when it does not exist. */
  private async ensurePath(
    tx: Repositories,
    caller: Principal,
    { site, raw }: { site: Place['site']; raw: string },
  ): Promise<Folder> {
    const names = folderNames(raw);
    let parent: Folder | undefined;
    let checked = false;
    for (let depth = 1; depth <= names.length; depth++) {
      const path = storedPath(names.slice(0, depth));
      const existing = await tx.folders.findByPath(site.identifier, path);
      if (existing) {
        parent = existing;
        continue;
      }
      const name = names[depth - 1]!;
      const parentPath = parentPathOf(path);
      checkNotReserved(name, parentPath);
      // Below the first folder made, the caller adds to folders of its own making: one check covers the path.
      if (!checked) {
        await checkPlace(this.deps, tx, { caller, place: { site, folder: parent }, permission: 'CAN_ADD_CHILDREN' });
        checked = true;
      }
      await checkFolderPathFree(tx, site.identifier, path);
      const now = this.now();
      const identifier = randomUUID();
      parent = {
        identifier,
        inode: identifier,
        hostId: site.identifier,
        path,
        name,
        title: name,
        showOnMenu: false,
        sortOrder: 0,
        defaultFileType: parent?.defaultFileType ?? null,
        filesMasks: '',
        owner: caller.user.userId,
        iDate: now,
        modDate: now,
        modUser: caller.user.userId,
      };
      await tx.folders.insert(parent);
    }
    return parent!;
  }
}
