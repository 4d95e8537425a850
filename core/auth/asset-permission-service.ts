import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import {
  PERMISSION_BITS,
  PERMISSION_NAMES,
  permissionNames,
  type PermissionAssetKind,
  type PermissionGrant,
  type PermissionName,
} from '../model/permission.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { AssetRef, PermissionAsset, PermissionService } from './permission-service.js';
import { refOf } from './permission-service.js';
import { indexTargetsOfGrants } from '../search/asset-index-targets.js';
import type { IndexQueue } from '../search/index-queue.js';
import type { Principal } from './principal.js';
import { roleByReference } from './role-by-reference.js';

/** One role's permissions, by name. */
export interface RolePermissions {
  roleId: string;
  permissions: PermissionName[];
}

/** An asset's permissions as the permission endpoints show them. */
export interface AssetPermissions {
  assetId: string;
  assetType: PermissionAssetKind;
  /** True while the asset has no permissions of its own. */
  inheriting: boolean;
  inheritsFrom: AssetRef[];
  /** The grants in effect (inherited ones included); only the caller's roles' unless the caller may edit them. */
  permissions: RolePermissions[];
  /** What the caller may do on the asset. */
  userPermissions: PermissionName[];
}

/** One entry of the original's `_bycontent` answer: one role holding one permission. */
export interface PermissionEntryView {
  id: number;
  inode: string;
  roleId: string;
  permission: PermissionName;
  bitPermission: boolean;
  type: 'individual' | 'inherited';
}

/** Kinds of assets the original's `_bypermissiontype` answers for, and which of ours stand for them. */
const PERMISSIONABLE_TYPES = {
  CONTENTLETS: 'content',
  HTMLPAGES: 'content',
  FILES: 'content',
  STRUCTURES: 'admin',
  FOLDERS: 'admin',
  CONTAINERS: 'admin',
  LINKS: 'admin',
  TEMPLATES: 'admin',
} as const;

export interface AssetPermissionDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** A user as a principal (roles resolved), for questions about another user. */
  findPrincipal(userId: string): Promise<Principal | undefined>;
  /** Documents carry permission data: a change of grants queues them for the search index. */
  indexQueue?: IndexQueue;
}

/**
 * The permission endpoints: reading an asset's grants, giving it its own, resetting it to inherit,
 * and the original's read endpoints. Writing needs EDIT_PERMISSIONS on the asset.
 */
export class AssetPermissionService {
  constructor(private readonly deps: AssetPermissionDependencies) {}

  /** The permission levels and scopes that exist. */
  metadata(): { levels: PermissionName[]; scopes: string[] } {
    // NOTE: grants are not scoped by the kind of child they reach: every grant is the asset's own and inherited whole.
    return { levels: [...PERMISSION_NAMES], scopes: ['INDIVIDUAL'] };
  }

  async ofAsset(caller: Principal, assetId: string): Promise<AssetPermissions> {
    const { storage } = this.deps;
    const definitions = await this.deps.definitions.in(storage);
    return this.view(definitions, caller, await findAsset(storage, definitions, assetId));
  }

  /** Permission names as clients send them: checked here, so an unknown one is refused naming it. */
  async replace(
    caller: Principal,
    assetId: string,
    entries: ReadonlyArray<{ roleId: string; permissions: readonly string[] }>,
  ): Promise<AssetPermissions> {
    return this.deps.storage.transaction(async (tx) => {
      const definitions = await this.deps.definitions.in(tx);
      const asset = await findAsset(tx, definitions, assetId);
      await this.deps.permissions.for(definitions, caller).check(asset, 'EDIT_PERMISSIONS');
      const grants = await toGrants(tx, entries);
      await tx.permissions.replace(refOf(asset).id, refOf(asset).kind, grants);
      await this.deps.indexQueue?.add(tx, await indexTargetsOfGrants(tx, asset));
      return this.view(await this.deps.definitions.in(tx), caller, asset);
    });
  }

  async reset(caller: Principal, assetId: string): Promise<AssetPermissions> {
    return this.deps.storage.transaction(async (tx) => {
      const definitions = await this.deps.definitions.in(tx);
      const asset = await findAsset(tx, definitions, assetId);
      if (asset.kind === 'site' && asset.siteId === SYSTEM_HOST)
        throw new CmsError(Errors.PERMISSION_SYSTEM_HOST_RESET);
      await this.deps.permissions.for(definitions, caller).check(asset, 'EDIT_PERMISSIONS');
      await tx.permissions.reset(refOf(asset).id);
      await this.deps.indexQueue?.add(tx, await indexTargetsOfGrants(tx, asset));
      return this.view(await this.deps.definitions.in(tx), caller, asset);
    });
  }

  /** The original's `_bycontent`: one entry per role and permission on a content item; administrators only. */
  async byContent(caller: Principal, contentletId: string, type: string): Promise<PermissionEntryView[]> {
    if (!caller.admin) throw new CmsError(Errors.AUTH_FORBIDDEN);
    const wanted = type.toUpperCase() === 'ALL' ? undefined : permissionName(type);
    const { storage } = this.deps;
    const definitions = await this.deps.definitions.in(storage);
    const identifier = await storage.content.findIdentifier(contentletId);
    const contentType = identifier && (await definitions.contentType(identifier.contentTypeId));
    if (!identifier || !contentType) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: contentletId });
    const resolved = await this.deps.permissions.resolve(definitions, {
      kind: 'content',
      identifier,
      type: contentType,
    });
    const entries: PermissionEntryView[] = [];
    for (const [roleId, bits] of resolved.grants) {
      for (const name of permissionNames(bits)) {
        if (wanted && name !== wanted) continue;
        entries.push({
          id: entries.length + 1,
          inode: resolved.inheriting ? (resolved.inheritsFrom[0]?.id ?? contentletId) : contentletId,
          roleId,
          permission: name,
          bitPermission: false,
          type: resolved.inheriting ? 'inherited' : 'individual',
        });
      }
    }
    return entries;
  }

  /**
   * The original's `_bypermissiontype`: per kind of asset, whether the user may read or write some
   * of them. Content counts a grant to one of the user's roles anywhere; the kinds only
   * administrators manage here answer false for everybody else.
   */
  async byPermissionType(
    caller: Principal,
    query: { userId?: string; permission?: string; permissionType?: string },
  ): Promise<Record<string, Record<string, boolean>>> {
    const userId = query.userId || caller.user.userId;
    if (userId !== caller.user.userId && !caller.admin) throw new CmsError(Errors.AUTH_FORBIDDEN);
    const user = userId === caller.user.userId ? caller : await this.deps.findPrincipal(userId);
    if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
    const wanted = query.permission ? splitList(query.permission).map(permissionName) : ['READ', 'WRITE'];
    const types = query.permissionType ? splitList(query.permissionType) : Object.keys(PERMISSIONABLE_TYPES);
    const contentBits = user.admin ? PERMISSION_BITS.READ | PERMISSION_BITS.WRITE : await this.heldAnywhere(user);
    const answer: Record<string, Record<string, boolean>> = {};
    for (const type of types) {
      const kind = (PERMISSIONABLE_TYPES as Record<string, 'content' | 'admin'>)[type.toUpperCase()];
      if (!kind) throw new CmsError(Errors.PERMISSION_TYPE_UNKNOWN, { type });
      const bits = user.admin ? PERMISSION_BITS.READ | PERMISSION_BITS.WRITE : kind === 'content' ? contentBits : 0;
      const entry: Record<string, boolean> = {};
      if (wanted.includes('WRITE')) entry.canWrite = (bits & PERMISSION_BITS.WRITE) !== 0;
      if (wanted.includes('READ')) entry.canRead = (bits & (PERMISSION_BITS.READ | PERMISSION_BITS.WRITE)) !== 0;
      answer[type.toUpperCase()] = entry;
    }
    return answer;
  }

  /** The union of the bits granted to the user's roles on any asset. */
  private async heldAnywhere(user: Principal): Promise<number> {
    const { storage } = this.deps;
    let bits = 0;
    for (const grant of await storage.permissions.listForRoles(user.roleIds)) bits |= grant.bits;
    return bits;
  }

  private async view(definitions: Definitions, caller: Principal, asset: PermissionAsset): Promise<AssetPermissions> {
    const resolved = await this.deps.permissions.resolve(definitions, asset);
    const check = this.deps.permissions.for(definitions, caller);
    const seesAll = await check.has(asset, 'EDIT_PERMISSIONS');
    const permissions: RolePermissions[] = [];
    for (const [roleId, bits] of resolved.grants) {
      if (!seesAll && !caller.roleIds.includes(roleId)) continue;
      permissions.push({ roleId, permissions: permissionNames(bits) });
    }
    const ref = refOf(asset);
    return {
      assetId: ref.id,
      assetType: ref.kind,
      inheriting: resolved.inheriting,
      inheritsFrom: resolved.inheritsFrom,
      permissions,
      userPermissions: permissionNames(await check.bits(asset)),
    };
  }
}

/** A site id, a folder id, a content type id or variable, a content identifier, or a menu link identifier. */
async function findAsset(tx: Repositories, definitions: Definitions, assetId: string): Promise<PermissionAsset> {
  if (await tx.sites.findById(assetId)) return { kind: 'site', siteId: assetId };
  const folder = await definitions.folder(assetId);
  if (folder) return { kind: 'folder', folder };
  const type = await definitions.contentType(assetId);
  if (type) return { kind: 'contentType', type };
  const identifier = await tx.content.findIdentifier(assetId);
  const contentType = identifier && (await definitions.contentType(identifier.contentTypeId));
  if (identifier && contentType) return { kind: 'content', identifier, type: contentType };
  const link = await tx.menuLinks.find(assetId, 'working');
  if (link) return { kind: 'menuLink', link };
  throw new CmsError(Errors.PERMISSION_ASSET_NOT_FOUND, { asset: assetId });
}

/** Validates names and roles (by id or key); roles named twice get the union. */
async function toGrants(
  tx: Repositories,
  entries: ReadonlyArray<{ roleId: string; permissions: readonly string[] }>,
): Promise<PermissionGrant[]> {
  const byRole = new Map<string, number>();
  for (const entry of entries) {
    let bits = 0;
    for (const name of entry.permissions) bits |= PERMISSION_BITS[permissionName(name)];
    const role = await roleByReference(tx.roles, entry.roleId);
    if (!role) throw new CmsError(Errors.PERMISSION_ROLE_UNKNOWN, { role: entry.roleId }, { fieldName: 'roleId' });
    byRole.set(role.id, (byRole.get(role.id) ?? 0) | bits);
  }
  return [...byRole].map(([roleId, bits]) => ({ roleId, bits }));
}

function permissionName(name: string): PermissionName {
  const upper = name.trim().toUpperCase();
  // The original also says EDIT for WRITE.
  const canonical = upper === 'EDIT' ? 'WRITE' : upper;
  if (!(PERMISSION_NAMES as string[]).includes(canonical)) {
    throw new CmsError(Errors.PERMISSION_NAME_UNKNOWN, { permission: name }, { fieldName: 'permissions' });
  }
  return canonical as PermissionName;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
