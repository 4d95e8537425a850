import { randomUUID } from 'node:crypto';
import { isBackEndUser } from '../auth/back-end-user.js';
import type { PermissionAsset, PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import { findSite } from '../folder/folder-access.js';
import { normalisePath } from '../folder/folder-path.js';
import { ROOT_PATH } from '../model/folder.js';
import type { MenuLink, MenuLinkVersions } from '../model/menu-link.js';
import type { Page, PageRequest } from '../model/page.js';
import type { PermissionName } from '../model/permission.js';
import { SYSTEM_FOLDER, type Site } from '../model/site.js';
import type { MenuLinkQuery, Repositories, Storage } from '../plugin/storage/index.js';
import { resolveFields, type MenuLinkRequest } from './menu-link-fields.js';

export interface MenuLinkDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** The `backend user` role: links are managed by back-end users only, as folders are. */
  backEndUserRoleId: string;
  now?: () => number;
}

/** A link with both versions and the path of its folder (`/` at the site's root). */
export interface MenuLinkEntry extends MenuLinkVersions {
  folderPath: string;
}

export interface MenuLinkSearch extends PageRequest {
  siteId?: string;
  folderPath?: string;
  orderBy?: MenuLinkQuery['orderBy'];
}

/** Links read from storage at a time while a list is filtered by permission. */
const LIST_BATCH = 500;

/**
 * Menu links: created in a folder of a site (or at its root), changed, published, unpublished and
 * deleted, each in one transaction. A link is a permission asset inheriting from its folder:
 * creating needs CAN_ADD_CHILDREN on the folder (the site at the root), reading READ, changing and
 * deleting WRITE, publishing and unpublishing PUBLISH on the link.
 */
export class MenuLinkService {
  private readonly now: () => number;

  constructor(private readonly deps: MenuLinkDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /** The links of a site (or of one of its folders) the caller may read, a page at a time. */
  async list(caller: Principal, search: MenuLinkSearch): Promise<Page<MenuLinkEntry>> {
    this.requireBackEndUser(caller);
    const { storage } = this.deps;
    if (search.siteId === undefined || search.siteId.trim() === '') {
      if (search.folderPath !== undefined) throw new CmsError(Errors.MENU_LINK_SITE_REQUIRED);
      throw new CmsError(Errors.MENU_LINK_FIELD_REQUIRED, { field: 'siteId' }, { fieldName: 'siteId' });
    }
    const site = await findSite(storage, search.siteId, 'invalid');
    let folder: string | undefined;
    if (search.folderPath !== undefined) {
      const path = normalisePath(search.folderPath);
      const found =
        path === ROOT_PATH ? SYSTEM_FOLDER : (await storage.folders.findByPath(site.identifier, path))?.identifier;
      // As the plugin answers: a folder that does not exist holds no links.
      if (!found) return { items: [], total: 0 };
      folder = found;
    }
    const definitions = await this.deps.definitions.in(storage);
    const check = this.deps.permissions.for(definitions, caller);
    const readable: MenuLink[] = [];
    for (let offset = 0; ; offset += LIST_BATCH) {
      const query = { hostId: site.identifier, folder, variant: 'working' as const, orderBy: search.orderBy };
      const page = await storage.menuLinks.list({ ...query, offset, limit: LIST_BATCH });
      for (const link of page.items) if (await check.has({ kind: 'menuLink', link }, 'READ')) readable.push(link);
      if (page.items.length < LIST_BATCH) break;
    }
    const items: MenuLinkEntry[] = [];
    for (const link of readable.slice(search.offset, search.offset + search.limit))
      items.push(await this.entry(storage, definitions, link));
    return { items, total: readable.length };
  }

  async find(caller: Principal, identifier: string): Promise<MenuLinkEntry> {
    this.requireBackEndUser(caller);
    const { storage } = this.deps;
    const { link, definitions } = await this.access(storage, caller, { identifier, permission: 'READ' });
    return this.entry(storage, definitions, link);
  }

  async create(caller: Principal, request: MenuLinkRequest): Promise<MenuLinkEntry> {
    this.requireBackEndUser(caller);
    for (const field of ['title', 'siteId', 'folderPath'] as const)
      if (request[field] === undefined || request[field].trim() === '')
        throw new CmsError(Errors.MENU_LINK_FIELD_REQUIRED, { field }, { fieldName: field });
    return this.deps.storage.transaction(async (tx) => {
      const site = await findSite(tx, request.siteId!, 'invalid');
      const folder = await this.placeIn(tx, caller, site, request.folderPath!);
      const definitions = await this.deps.definitions.in(tx);
      const fields = await resolveFields({ tx, definitions, site }, request, undefined);
      const identifier = randomUUID();
      const now = this.now();
      const link: MenuLink = {
        identifier,
        inode: randomUUID(),
        hostId: site.identifier,
        folder,
        ...fields,
        owner: caller.user.userId,
        modUser: caller.user.userId,
        modDate: now,
        iDate: now,
      };
      await tx.menuLinks.insert(link);
      if (request.publish) await this.publishIn(tx, caller, identifier);
      return this.entry(tx, definitions, link);
    });
  }

  /**
   * Changes the working version (WRITE); members left out keep their values. A `siteId` or
   * `folderPath` moves the link (CAN_ADD_CHILDREN on the destination). `publish` publishes it too.
   */
  async update(caller: Principal, identifier: string, request: MenuLinkRequest): Promise<MenuLinkEntry> {
    this.requireBackEndUser(caller);
    return this.deps.storage.transaction(async (tx) => {
      const { link, definitions } = await this.access(tx, caller, { identifier, permission: 'WRITE' });
      let { hostId, folder } = link;
      const moving = !!request.siteId?.trim() || !!request.folderPath?.trim();
      const site = await findSite(tx, moving && request.siteId?.trim() ? request.siteId : hostId, 'invalid');
      if (moving) {
        const path = request.folderPath?.trim() ? request.folderPath : await this.pathOf(definitions, link);
        folder = await this.placeIn(tx, caller, site, path);
        hostId = site.identifier;
      }
      const fields = await resolveFields({ tx, definitions, site }, request, link);
      const changed: MenuLink = {
        ...link,
        ...fields,
        hostId,
        folder,
        inode: randomUUID(),
        modUser: caller.user.userId,
        modDate: this.now(),
      };
      await tx.menuLinks.update(changed);
      if (request.publish) await this.publishIn(tx, caller, identifier);
      return this.entry(tx, definitions, changed);
    });
  }

  /** Makes the working version live (PUBLISH). */
  async publish(caller: Principal, identifier: string): Promise<MenuLinkEntry> {
    this.requireBackEndUser(caller);
    return this.deps.storage.transaction(async (tx) => {
      const { link, definitions } = await this.publishIn(tx, caller, identifier);
      return this.entry(tx, definitions, link);
    });
  }

  /** Removes the live version (PUBLISH); the working one stays. Unpublishing an unpublished link changes nothing. */
  async unpublish(caller: Principal, identifier: string): Promise<MenuLinkEntry> {
    this.requireBackEndUser(caller);
    return this.deps.storage.transaction(async (tx) => {
      const { link, definitions } = await this.access(tx, caller, { identifier, permission: 'PUBLISH' });
      if (await tx.menuLinks.find(identifier, 'live')) await tx.menuLinks.unpublish(identifier);
      return this.entry(tx, definitions, link);
    });
  }

  /** Deletes both versions and the link's own permissions (WRITE). */
  async delete(caller: Principal, identifier: string): Promise<void> {
    this.requireBackEndUser(caller);
    await this.deps.storage.transaction(async (tx) => {
      await this.access(tx, caller, { identifier, permission: 'WRITE' });
      await tx.menuLinks.delete(identifier);
      await tx.permissions.reset(identifier);
    });
  }

  private requireBackEndUser(caller: Principal): void {
    if (!isBackEndUser(caller, this.deps.backEndUserRoleId)) throw new CmsError(Errors.AUTH_BACKEND_USER_REQUIRED);
  }

  /** The working version, once the caller is known to hold the permission on it. */
  private async access(
    tx: Repositories,
    caller: Principal,
    { identifier, permission }: { identifier: string; permission: PermissionName },
  ): Promise<{ link: MenuLink; definitions: Definitions }> {
    const link = await tx.menuLinks.find(identifier, 'working');
    if (!link) throw new CmsError(Errors.MENU_LINK_NOT_FOUND, { identifier });
    const definitions = await this.deps.definitions.in(tx);
    await this.deps.permissions.for(definitions, caller).check({ kind: 'menuLink', link }, permission);
    return { link, definitions };
  }

  private async publishIn(tx: Repositories, caller: Principal, identifier: string) {
    const found = await this.access(tx, caller, { identifier, permission: 'PUBLISH' });
    await tx.menuLinks.publish(identifier);
    return found;
  }

  /** The folder a link goes in (SYSTEM_FOLDER at the root), once the caller may add to it. */
  private async placeIn(tx: Repositories, caller: Principal, site: Site, rawPath: string): Promise<string> {
    const path = normalisePath(rawPath);
    const folder = path === ROOT_PATH ? undefined : await tx.folders.findByPath(site.identifier, path);
    if (path !== ROOT_PATH && !folder)
      throw new CmsError(Errors.MENU_LINK_FOLDER_NOT_FOUND, { path, site: site.siteName }, { fieldName: 'folderPath' });
    const place: PermissionAsset = folder ? { kind: 'folder', folder } : { kind: 'site', siteId: site.identifier };
    const definitions = await this.deps.definitions.in(tx);
    await this.deps.permissions.for(definitions, caller).check(place, 'CAN_ADD_CHILDREN');
    return folder?.identifier ?? SYSTEM_FOLDER;
  }

  private async pathOf(definitions: Definitions, link: MenuLink): Promise<string> {
    if (link.folder === SYSTEM_FOLDER) return ROOT_PATH;
    return (await definitions.folder(link.folder))?.path ?? ROOT_PATH;
  }

  private async entry(tx: Repositories, definitions: Definitions, working: MenuLink): Promise<MenuLinkEntry> {
    const live = await tx.menuLinks.find(working.identifier, 'live');
    return { working, live, folderPath: await this.pathOf(definitions, working) };
  }
}
