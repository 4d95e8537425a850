import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier } from '../model/contentlet.js';
import { folderPathOfParent, parentPathOf, ROOT_PATH, type Folder } from '../model/folder.js';
import type { MenuLink } from '../model/menu-link.js';
import type { PermissionRepository } from '../plugin/storage/index.js';
import { ALL_PERMISSION_BITS, PERMISSION_BITS, type PermissionName } from '../model/permission.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { Principal } from './principal.js';

/** Something permissions are granted on. */
export type PermissionAsset =
  | { kind: 'site'; siteId: string }
  | { kind: 'folder'; folder: Folder }
  | { kind: 'contentType'; type: ContentType }
  | { kind: 'content'; identifier: ContentIdentifier; type: ContentType }
  | { kind: 'menuLink'; link: MenuLink };

/** An asset named by kind and id, as the permission endpoints show where grants come from. */
export interface AssetRef {
  kind: PermissionAsset['kind'];
  id: string;
}

/** The grants that decide an asset: its own, or those it inherits (role id → bits). */
export interface ResolvedGrants {
  inheriting: boolean;
  /** Where inherited grants come from (empty when the asset has its own). */
  inheritsFrom: AssetRef[];
  grants: ReadonlyMap<string, number>;
}

export interface PermissionRoleIds {
  /** `CMS Anonymous`: whoever is not signed in. */
  anonymous: string;
  /** `CMS Owner`: stands for the owner of the asset. */
  owner: string;
}

export interface CheckOptions {
  /**
   * Reading a live (published) version: the anonymous role's grants count for every caller, as the
   * original's front-end reads respect them. Working versions need a grant to one of the caller's roles.
   */
  live?: boolean;
}

/** What one caller may do, within one transaction. */
export interface PermissionCheck {
  /** The bits the caller holds on the asset. */
  bits(asset: PermissionAsset, options?: CheckOptions): Promise<number>;
  has(asset: PermissionAsset, permission: PermissionName, options?: CheckOptions): Promise<boolean>;
  /** Throws `PERMISSION_DENIED` unless the caller holds the permission on the asset. */
  check(asset: PermissionAsset, permission: PermissionName, options?: CheckOptions): Promise<void>;
}

/** See `PermissionService`'s `memoBound`. */
const MEMO_BOUND = 100_000;

/**
 * The one place permissions are decided. An asset with no grants of its own inherits: a site from
 * SYSTEM_HOST; a folder from the folder it sits in, a top-level folder from its site; a content type
 * from its site; a content item from its folder (its site at the root), joined with its content
 * type's own grants when the type has some; a menu link from its folder (its site at the root).
 * Administrators hold every bit; a caller's bits are the
 * union over their roles (`CMS Anonymous` for callers who are not signed in, `CMS Owner` for the
 * asset's owner). Grants come through the definitions cache (per process, renewed by the version
 * token); the bits of one caller on one asset are remembered for the rest of the transaction.
 */
export class PermissionService {
  private readonly memo = new WeakMap<Definitions, Map<string, Promise<number>>>();
  private readonly memoBound: number;

  /**
   * `memoBound`: the most (caller, asset) answers remembered under one definitions version. The
   * definitions of a version live until a definition is written, which on a site that mostly reads
   * may be days: every item each user ever read would be kept. Past the bound the answers are
   * forgotten at once (each is a few map look-ups to compute again).
   */
  constructor(
    private readonly roles: PermissionRoleIds,
    options: { memoBound?: number } = {},
  ) {
    this.memoBound = options.memoBound ?? MEMO_BOUND;
  }

  /** The checks of one caller within one transaction (the definitions it reads under). */
  for(definitions: Definitions, caller: Principal | null): PermissionCheck {
    let perTx = this.memo.get(definitions);
    if (!perTx) this.memo.set(definitions, (perTx = new Map()));
    const memo = perTx;
    const bits = (asset: PermissionAsset, options: CheckOptions = {}): Promise<number> => {
      if (caller?.admin) return Promise.resolve(ALL_PERMISSION_BITS);
      const key = `${caller?.user.userId ?? ''}\0${assetKey(asset)}\0${options.live ? 1 : 0}`;
      let answer = memo.get(key);
      if (!answer) {
        if (memo.size >= this.memoBound) memo.clear();
        memo.set(key, (answer = this.compute(definitions, caller, asset, options)));
      }
      return answer;
    };
    const has = async (asset: PermissionAsset, permission: PermissionName, options?: CheckOptions) => {
      const bit = PERMISSION_BITS[permission];
      return ((await bits(asset, options)) & bit) === bit;
    };
    return {
      bits,
      has,
      check: async (asset, permission, options) => {
        if (await has(asset, permission, options)) return;
        throw new CmsError(Errors.PERMISSION_DENIED, {
          user: caller ? caller.user.userId : 'anonymous',
          permission,
          asset: describe(asset),
        });
      },
    };
  }

  /**
   * Whether the caller could hold `permission` on any asset at all, answered from one read of the
   * grants and nothing else: administrators do; others through a grant to one of their roles, or,
   * for a signed-in caller, a grant to `CMS Owner` anywhere (the caller may own an asset there: who
   * owns what is not looked up). False means every check of that permission would refuse, so work
   * that needs it (reading a large body) can be refused before it starts.
   */
  async mayHoldAnywhere(
    permissions: Pick<PermissionRepository, 'listForRoles'>,
    caller: Principal | null,
    permission: PermissionName,
  ): Promise<boolean> {
    if (caller?.admin) return true;
    const roleIds = caller ? [...caller.roleIds] : [this.roles.anonymous];
    if (caller && !caller.anonymous) roleIds.push(this.roles.owner);
    const bit = PERMISSION_BITS[permission];
    return (await permissions.listForRoles(roleIds)).some((grant) => (grant.bits & bit) === bit);
  }

  /** The grants deciding the asset, inherited or its own. */
  async resolve(definitions: Definitions, asset: PermissionAsset): Promise<ResolvedGrants> {
    const ref = refOf(asset);
    const own = await definitions.grants(ref.id);
    if (own) return { inheriting: false, inheritsFrom: [], grants: toMap(own) };
    switch (asset.kind) {
      case 'site':
        if (asset.siteId === SYSTEM_HOST) return { inheriting: false, inheritsFrom: [], grants: new Map() };
        return this.inherit(definitions, [{ kind: 'site', siteId: SYSTEM_HOST }]);
      case 'folder':
        return this.inherit(definitions, [
          await placeOf(definitions, asset.folder.hostId, parentPathOf(asset.folder.path)),
        ]);
      case 'contentType':
        return this.inherit(definitions, [{ kind: 'site', siteId: asset.type.host }]);
      case 'content': {
        const { host, parentPath } = asset.identifier;
        const parents: PermissionAsset[] = [await placeOf(definitions, host, folderPathOfParent(parentPath))];
        // Type-level grants count only where the type has its own: a type that inherits would bring its site's back.
        if (await definitions.grants(asset.type.id)) parents.push({ kind: 'contentType', type: asset.type });
        return this.inherit(definitions, parents);
      }
      case 'menuLink': {
        // A link whose folder is gone (deleted in this transaction) stands at its site's level.
        const folder = await definitions.folder(asset.link.folder);
        return this.inherit(definitions, [
          folder ? { kind: 'folder', folder } : { kind: 'site', siteId: asset.link.hostId },
        ]);
      }
    }
  }

  private async inherit(definitions: Definitions, parents: PermissionAsset[]): Promise<ResolvedGrants> {
    const grants = new Map<string, number>();
    const inheritsFrom: AssetRef[] = [];
    for (const parent of parents) {
      const resolved = await this.resolve(definitions, parent);
      // Name the asset that holds the grants, not every step on the way.
      inheritsFrom.push(...(resolved.inheriting ? resolved.inheritsFrom : [refOf(parent)]));
      for (const [roleId, bits] of resolved.grants) grants.set(roleId, (grants.get(roleId) ?? 0) | bits);
    }
    return { inheriting: true, inheritsFrom, grants };
  }

  private async compute(
    definitions: Definitions,
    caller: Principal | null,
    asset: PermissionAsset,
    options: CheckOptions,
  ): Promise<number> {
    const { grants } = await this.resolve(definitions, asset);
    const roleIds = new Set<string>(caller ? caller.roleIds : [this.roles.anonymous]);
    if (options.live) roleIds.add(this.roles.anonymous);
    if (caller && !caller.anonymous && caller.user.userId === ownerOf(asset)) roleIds.add(this.roles.owner);
    let bits = 0;
    for (const roleId of roleIds) bits |= grants.get(roleId) ?? 0;
    return bits;
  }
}

/**
 * What an asset at a folder path inherits from: the folder there, or the site at its root. A path
 * with no folder (content saved before folders were kept) stands at its site's level.
 */
export async function placeOf(definitions: Definitions, hostId: string, folderPath: string): Promise<PermissionAsset> {
  const folder = folderPath === ROOT_PATH ? undefined : await definitions.folderAt(hostId, folderPath);
  return folder ? { kind: 'folder', folder } : { kind: 'site', siteId: hostId };
}

function toMap(grants: readonly { roleId: string; bits: number }[]): Map<string, number> {
  return new Map(grants.map((g) => [g.roleId, g.bits]));
}

export function refOf(asset: PermissionAsset): AssetRef {
  switch (asset.kind) {
    case 'site':
      return { kind: 'site', id: asset.siteId };
    case 'folder':
      return { kind: 'folder', id: asset.folder.identifier };
    case 'contentType':
      return { kind: 'contentType', id: asset.type.id };
    case 'content':
      return { kind: 'content', id: asset.identifier.identifier };
    case 'menuLink':
      return { kind: 'menuLink', id: asset.link.identifier };
  }
}

function assetKey(asset: PermissionAsset): string {
  // The owner and the place decide too: the key covers whatever the answer depends on.
  const { kind, id } = refOf(asset);
  if (asset.kind === 'content') {
    const { host, parentPath, owner } = asset.identifier;
    return `${kind}:${id}:${host}:${parentPath}:${owner}`;
  }
  // A folder's place decides what it inherits.
  if (asset.kind === 'folder') return `${kind}:${id}:${asset.folder.hostId}:${asset.folder.path}:${asset.folder.owner}`;
  if (asset.kind === 'menuLink') return `${kind}:${id}:${asset.link.hostId}:${asset.link.folder}:${asset.link.owner}`;
  return `${kind}:${id}`;
}

function ownerOf(asset: PermissionAsset): string | undefined {
  if (asset.kind === 'content') return asset.identifier.owner;
  if (asset.kind === 'contentType') return asset.type.owner;
  if (asset.kind === 'folder') return asset.folder.owner;
  if (asset.kind === 'menuLink') return asset.link.owner;
  return undefined;
}

function describe(asset: PermissionAsset): string {
  switch (asset.kind) {
    case 'site':
      return `site ${asset.siteId}`;
    case 'folder':
      return `folder ${asset.folder.path}`;
    case 'contentType':
      return `content type ${asset.type.variable}`;
    case 'content':
      return `content ${asset.identifier.identifier}`;
    case 'menuLink':
      return `menu link ${asset.link.identifier}`;
  }
}
