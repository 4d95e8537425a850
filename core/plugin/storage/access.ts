import type { IssuedToken, IssuedTokenKind } from '../../model/issued-token.js';
import type { Page, PageRequest } from '../../model/page.js';
import type { PermissionAssetKind, PermissionGrant } from '../../model/permission.js';
import type { Role } from '../../model/role.js';
import type { Session } from '../../model/session.js';
import type { Sort, UserSortColumn } from '../../model/sort.js';
import type { User } from '../../model/user.js';

// Users, roles, permissions, sessions and issued tokens: who may do what, and how they prove it.

export interface UserRepository {
  insert(user: User): Promise<void>;
  findById(userId: string): Promise<User | undefined>;
  /** Case-insensitive: e-mails are stored lower-case. */
  findByEmail(email: string): Promise<User | undefined>;
  /** By e-mail unless sorted otherwise; ties by user id. */
  list(query: UserQuery): Promise<Page<User>>;
  update(userId: string, changes: Partial<Omit<User, 'userId'>>): Promise<void>;
  /** Role ids granted to the user (its personal role not included). */
  roleIdsOf(userId: string): Promise<string[]>;
  grantRoles(userId: string, roleIds: readonly string[]): Promise<void>;
  /** Makes these the user's granted roles, removing any other grant (its personal role stays). */
  replaceRoles(userId: string, roleIds: readonly string[]): Promise<void>;
  /** Users holding a role, granted or as their personal role, by e-mail. */
  listByRole(roleId: string): Promise<User[]>;
  /**
   * Removes the user with what is theirs alone: grants, sessions, issued tokens, messages and their
   * personal role (and so its permission grants). Answers whether the user existed.
   */
  delete(userId: string): Promise<boolean>;
  /**
   * Hands what `fromUserId` owns or last modified to `toUserId`: content (owner and version
   * authors), folders, menu links, content types, and workflow tasks (opened by them, or assigned
   * to their personal role: then to the other's) and history. Renews the definitions version token
   * (folders and content types change). Answers the content item-languages changed, once each, by
   * identifier then language, for the caller to queue for the search index.
   */
  reassign(fromUserId: string, toUserId: string): Promise<ReassignedContent[]>;
}

/** A content item-language a reassignment changed. */
export interface ReassignedContent {
  identifier: string;
  languageId: number;
}

export interface UserQuery extends PageRequest {
  sort?: Sort<UserSortColumn>;
  /** Only users whose e-mail, first or last name contains this text, ignoring case. */
  search?: string;
  /** Only active (true) or inactive (false) users. */
  active?: boolean;
  /** Leaves this user out (the caller of a list of others). */
  exceptUserId?: string;
  /** Only users holding one of these roles, granted or as their personal role. */
  holdingAnyRole?: readonly string[];
}

export interface RoleRepository {
  insert(role: Role): Promise<void>;
  findById(id: string): Promise<Role | undefined>;
  findByKey(key: string): Promise<Role | undefined>;
  /** Non-personal roles, by name ignoring case. */
  list(): Promise<Role[]>;
  /**
   * Personal roles, by name ignoring case (ties by id), whose name or key starts with the text
   * (ignoring case, `%` and `_` literal), a page at a time, with their count.
   */
  listPersonal(query: PersonalRoleQuery): Promise<Page<Role>>;
  /** The roles whose parent is this role, by name ignoring case (ties by id). */
  listChildren(parentId: string): Promise<Role[]>;
  /**
   * Removes the role with its grants to users and its permission grants, renewing the
   * definitions version token (permissions change). Children are the caller's to check first:
   * they are left as they are. Answers whether the role existed.
   */
  delete(id: string): Promise<boolean>;
}

export interface PersonalRoleQuery extends PageRequest {
  prefix?: { column: 'name' | 'key'; text: string };
}

/**
 * Permissions of assets that have their own ("individual permissions"). Writes renew the
 * definitions version token, so every process drops what it cached.
 */
export interface PermissionRepository {
  /** The asset's own grants (possibly none), or undefined when it inherits. */
  find(assetId: string): Promise<PermissionGrant[] | undefined>;
  /**
   * `find` for several assets in one read (any number): the assets with grants of their own, by id;
   * one that inherits is absent.
   */
  findMany(assetIds: readonly string[]): Promise<Map<string, PermissionGrant[]>>;
  /** Gives the asset its own grants, replacing any it had. */
  replace(assetId: string, assetKind: PermissionAssetKind, grants: readonly PermissionGrant[]): Promise<void>;
  /** The asset inherits again. */
  reset(assetId: string): Promise<void>;
  /** Every grant to one of the roles, on any asset. */
  listForRoles(roleIds: readonly string[]): Promise<PermissionGrant[]>;
}

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  find(tokenHash: string): Promise<Session | undefined>;
  touch(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** A user's sessions, oldest first. */
  listByUser(userId: string): Promise<Session[]>;
  /** Removes sessions that expired before `now`; answers how many. */
  deleteExpired(now: number): Promise<number>;
}

/** Issued tokens (API keys, auto-login cookies): ids and metadata only, never a usable token. */
export interface IssuedTokenRepository {
  insert(token: IssuedToken): Promise<void>;
  find(id: string): Promise<IssuedToken | undefined>;
  /** A user's tokens of one kind, newest first. */
  listByUser(userId: string, kind: IssuedTokenKind): Promise<IssuedToken[]>;
  /** Tokens of a kind, not revoked, expiring between `from` and `to`, soonest first. */
  listExpiring(kind: IssuedTokenKind, from: number, to: number): Promise<IssuedToken[]>;
  /** Sets `revokedAt` unless already set; answers whether a row changed. */
  revoke(id: string, at: number): Promise<boolean>;
  /** Revokes every live token of a user (all kinds, or one); answers the ids revoked. */
  revokeByUser(userId: string, at: number, kind?: IssuedTokenKind): Promise<string[]>;
  /** Answers whether a row was deleted. */
  delete(id: string): Promise<boolean>;
  /** Deletes the tokens of a kind that expired before `now`; answers how many. */
  deleteExpired(kind: IssuedTokenKind, now: number): Promise<number>;
}
