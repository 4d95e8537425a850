import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { Role } from '../model/role.js';
import type { User } from '../model/user.js';
import type { Storage } from '../plugin/storage/index.js';
import { roleByReference } from './role-by-reference.js';
import { RoleTree } from './role-tree.js';

/** Why a user named in a removal from a role was left as they were (the original's reasons). */
export type SkipReason = 'not_found' | 'inherited';

export interface RoleSearch {
  /** Roles whose name starts with this, ignoring case. */
  name?: string;
  /** Roles whose key starts with this, ignoring case (wins over `name`). */
  key?: string;
  offset: number;
  count: number;
  includeUserRoles: boolean;
}

export interface NewRole {
  roleName: string;
  roleKey?: string;
  description?: string;
  /** The role above the new one (id or key); none, or null, makes it a root. */
  parentRoleId?: string | null;
}

/** What a role's deletion did: how many users held it by a grant (the grants went with it). */
export interface RoleDeletion {
  role: Role;
  usersAffected: number;
}

/**
 * Roles, the tree they form, who holds them, and granting or removing one role for users: the
 * original's role resource. A role's parent is a shared role; personal roles are roots. A user
 * holds their personal role and the roles granted; unlike the original's, holding a role does not
 * make one hold its children (docs/security.md, "Permissions").
 */
export class RoleDirectory {
  private readonly storage: Storage;

  constructor(options: { storage: Storage }) {
    this.storage = options.storage;
  }

  /** The role a reference (id or key) names, or undefined. */
  find(reference: string): Promise<Role | undefined> {
    return roleByReference(this.storage.roles, reference);
  }

  async role(reference: string): Promise<Role> {
    const role = await this.find(reference);
    if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
    return role;
  }

  /** The shared roles as a tree, read now. */
  async tree(): Promise<RoleTree> {
    return new RoleTree(await this.storage.roles.list());
  }

  /** A shared role, under the parent named (which must be a shared role), or a root. */
  async createRole(input: NewRole): Promise<Role> {
    const name = input.roleName.trim();
    if (name === '') throw new CmsError(Errors.ROLE_NAME_REQUIRED, undefined, { fieldName: 'roleName' });
    return this.storage.transaction(async (tx) => {
      let parent: string | null = null;
      if (input.parentRoleId != null) {
        const found = await roleByReference(tx.roles, input.parentRoleId);
        if (!found)
          throw new CmsError(Errors.ROLE_PARENT_NOT_FOUND, { role: input.parentRoleId }, { fieldName: 'parentRoleId' });
        if (found.personal)
          throw new CmsError(Errors.ROLE_PARENT_PERSONAL, { role: input.parentRoleId }, { fieldName: 'parentRoleId' });
        parent = found.id;
      }
      const role: Role = {
        id: randomUUID(),
        name,
        key: input.roleKey?.trim() || name,
        description: input.description ?? '',
        system: false,
        personal: false,
        parent,
      };
      await tx.roles.insert(role);
      return role;
    });
  }

  /**
   * Deletes a shared role with its grants to users and its permission grants, as the original
   * does; refused for a system or personal role, a role with children, and a role workflow actions
   * assign items to (each checked in the same transaction as the deletion).
   */
  async deleteRole(reference: string): Promise<RoleDeletion> {
    return this.storage.transaction(async (tx) => {
      const role = await roleByReference(tx.roles, reference);
      if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
      if (role.system || role.personal) throw new CmsError(Errors.ROLE_NOT_DELETABLE, { role: role.name });
      const children = await tx.roles.listChildren(role.id);
      if (children.length > 0)
        throw new CmsError(Errors.ROLE_HAS_CHILDREN, { role: role.name, count: children.length });
      const assigning: string[] = [];
      for (const scheme of await tx.workflows.listSchemes()) {
        const actions = (await tx.workflows.listActions(scheme.id)).filter((a) => a.nextAssign === role.id);
        if (actions.length > 0) assigning.push(`${scheme.name} [${actions.map((a) => a.name).join(', ')}]`);
      }
      if (assigning.length > 0)
        throw new CmsError(Errors.ROLE_ASSIGNED_BY_WORKFLOW, { role: role.name, actions: assigning.join('; ') });
      const usersAffected = (await tx.users.listByRole(role.id)).length;
      await tx.roles.delete(role.id);
      return { role, usersAffected };
    });
  }

  /** Users holding the role, granted or as their personal role, by e-mail. */
  usersOf(role: Role): Promise<User[]> {
    return this.storage.users.listByRole(role.id);
  }

  /**
   * The role and the personal roles of the users holding it; with `hierarchy`, the role's
   * ancestors first (root first) and the users holding any of them. For a personal role, that role
   * alone. `namePrefix` keeps the roles whose name starts with it (`*` ignored, case ignored), as
   * the original filters them.
   */
  async hierarchyAndUserRoles(reference: string, namePrefix?: string, hierarchy = false): Promise<Role[]> {
    const role = await this.role(reference);
    const roles = hierarchy && !role.personal ? (await this.tree()).path(role) : [role];
    if (!role.personal) {
      const listed = new Set(roles.map((r) => r.id));
      for (const held of [...roles])
        for (const user of await this.usersOf(held)) {
          if (listed.has(user.roleId)) continue;
          const personal = await this.storage.roles.findById(user.roleId);
          if (personal) roles.push(personal);
          listed.add(user.roleId);
        }
    }
    const prefix = namePrefix?.replaceAll('*', '').toLowerCase();
    return prefix ? roles.filter((r) => r.name.toLowerCase().startsWith(prefix)) : roles;
  }

  /** Whether the user holds at least one of the roles (by id or key); false for an unknown user. */
  async userHasAnyRole(userId: string, references: readonly string[]): Promise<boolean> {
    const user = await this.storage.users.findById(userId);
    if (!user) return false;
    const held = new Set([user.roleId, ...(await this.storage.users.roleIdsOf(user.userId))]);
    for (const reference of references) {
      const role = await roleByReference(this.storage.roles, reference.trim());
      if (role && held.has(role.id)) return true;
    }
    return false;
  }

  /** The roles a user holds: granted ones by name, then their personal role. */
  async rolesOf(user: User): Promise<Role[]> {
    const roles: Role[] = [];
    for (const id of await this.storage.users.roleIdsOf(user.userId)) {
      const role = await this.storage.roles.findById(id);
      if (role) roles.push(role);
    }
    roles.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    const personal = await this.storage.roles.findById(user.roleId);
    return personal ? [...roles, personal] : roles;
  }

  /**
   * Roles whose name (or key) starts with the text, a page at a time; personal roles only when
   * `includeUserRoles`. The original's `_search`.
   */
  async search(query: RoleSearch): Promise<Role[]> {
    const key = query.key?.toLowerCase();
    const name = query.name?.toLowerCase();
    // Shared roles are few and come first; personal roles (one a user) are paged by storage.
    const shared = (await this.storage.roles.list()).filter((r) =>
      key ? r.key.toLowerCase().startsWith(key) : name ? r.name.toLowerCase().startsWith(name) : true,
    );
    const page = shared.slice(query.offset, query.offset + query.count);
    const wanted = query.count - page.length;
    if (!query.includeUserRoles || wanted <= 0) return page;
    const prefix = key
      ? { column: 'key' as const, text: key }
      : name
        ? { column: 'name' as const, text: name }
        : undefined;
    const personal = await this.storage.roles.listPersonal({
      offset: Math.max(0, query.offset - shared.length),
      limit: wanted,
      ...(prefix ? { prefix } : {}),
    });
    return [...page, ...personal.items];
  }

  /** Grants a shared role to a user; answers the user (holding it already is no error). */
  async grant(reference: string, userId: string): Promise<{ role: Role; user: User }> {
    return this.storage.transaction(async (tx) => {
      const role = await roleByReference(tx.roles, reference);
      if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
      if (role.personal) throw new CmsError(Errors.USER_ROLE_UNKNOWN, { role: reference });
      const user = await tx.users.findById(userId);
      if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
      await tx.users.grantRoles(user.userId, [role.id]);
      return { role, user };
    });
  }

  /**
   * Removes the role from each user named: those not found, or not holding it by a grant (a
   * personal role cannot be taken away), are reported as skipped rather than failing the rest.
   */
  async removeUsers(
    reference: string,
    userIds: readonly string[],
  ): Promise<{ role: Role; removed: string[]; skipped: { userId: string; reason: SkipReason }[] }> {
    return this.storage.transaction(async (tx) => {
      const role = await roleByReference(tx.roles, reference);
      if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
      const removed: string[] = [];
      const skipped: { userId: string; reason: SkipReason }[] = [];
      for (const userId of new Set(userIds)) {
        const user = await tx.users.findById(userId);
        if (!user) {
          skipped.push({ userId, reason: 'not_found' });
          continue;
        }
        const granted = await tx.users.roleIdsOf(userId);
        if (!granted.includes(role.id)) {
          skipped.push({ userId, reason: 'inherited' });
          continue;
        }
        await tx.users.replaceRoles(
          userId,
          granted.filter((id) => id !== role.id),
        );
        removed.push(userId);
      }
      return { role, removed, skipped };
    });
  }
}
